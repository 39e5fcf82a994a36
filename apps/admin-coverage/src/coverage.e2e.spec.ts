import type { BrowserContext, Page } from 'playwright-core';
import { COVERAGE_REGIONS, type CoverageReport } from '@afterwards/contracts';
import { assertAccessible, startWithStaff, type StaffScreens, type RunningProduct, screenshot } from '@afterwards/testing';

// Coverage Analytics in the browser against the built product (admin spec: Coverage Analytics, section 9):
// the map of twelve UK regions and Ireland drawn from the bundled boundaries with nothing fetched from
// elsewhere, a click on Scotland selecting it with the breakdown following, a listing approved in another
// tab changing the figures live, and the screen at 1280 and 375 px and in print. SCREENSHOT_DIR=... keeps
// the screenshots.
const shot = (page: Page, name: string, fullPage = true) => screenshot(page, name, { fullPage });

const ADA = { email: 'ada.coverage@example.test', name: 'Ada Admin', password: 'quiet-harbour-70' };

describe('Coverage Analytics in the browser', () => {
  let product: RunningProduct;
  let context: BrowserContext;

  let screens: StaffScreens;

  beforeAll(async () => {
    screens = await startWithStaff({ profile: 'services', seedCount: 120, staff: [ADA] });
    ({ product, context } = screens);
  }, 240_000);

  afterAll(() => screens?.stop());

  async function openCoverage(page: Page) {
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Coverage Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coverage Analytics' }).waitFor();
    await page.getByRole('heading', { name: 'Coverage map' }).waitFor();
    await page.locator('.cv-opps, .cv-empty').first().waitFor();
  }
  const card = (page: Page, label: string) => page.locator('.aw-stat').filter({ has: page.locator('.aw-stat__label', { hasText: new RegExp(`^${label}$`) }) }).locator('.aw-stat__value');
  const exactly = (n: number) => new RegExp(`^${n.toLocaleString('en-GB')}$`);
  const report = async (page: Page, region: string) => (await (await page.request.get(`${product.url}/api/admin/coverage?region=${encodeURIComponent(region)}`)).json()) as CoverageReport;

  it('draws the twelve UK regions and Ireland from the bundled boundaries, selects Scotland with a click, and follows a listing approved in another tab', async () => {
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(product.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await openCoverage(page);

    // The map: one shape per region, each named with its figures for screen readers, nothing from elsewhere.
    const regions = page.locator('.cv-map__region');
    expect(await regions.count()).toBe(13);
    expect((await regions.evaluateAll((els) => els.map((e) => e.getAttribute('data-region')))).sort()).toEqual([...COVERAGE_REGIONS].sort());
    for (const path of await regions.evaluateAll((els) => els.map((e) => (e.getAttribute('d') ?? '').length))) expect(path).toBeGreaterThan(100);
    const all = await report(page, 'all');
    const wales = all.regions.find((r) => r.region === 'Wales')!;
    const walesShape = page.getByRole('button', { name: new RegExp(`^Wales: ${wales.active} Active listings?, ${wales.activePer100k.toFixed(1)} per 100,000 people`) });
    // The pointer over a point inside Wales (its box's centre may be sea): the tooltip gives its figures.
    await page.locator('.cv-map__svg').scrollIntoViewIfNeeded();
    const inside = await walesShape.evaluate((el) => {
      const shape = el as SVGPathElement;
      const box = shape.getBBox();
      const toScreen = shape.getScreenCTM()!;
      for (let i = 1; i < 20; i++)
        for (let j = 1; j < 20; j++) {
          const p = new DOMPoint(box.x + (box.width * i) / 20, box.y + (box.height * j) / 20);
          if (shape.isPointInFill(p)) {
            const q = p.matrixTransform(toScreen);
            return { x: q.x, y: q.y };
          }
        }
      return null;
    });
    await page.mouse.move(inside!.x, inside!.y);
    await page.locator('.cv-map__tip').getByText('Wales').waitFor();
    await page.locator('.cv-map__tip').getByText(`${wales.activePer100k.toFixed(1)} per 100,000 people`).waitFor();
    await page.mouse.move(0, 0);
    expect(foreign).toEqual([]);
    await expect(card(page, 'Total listings').textContent()).resolves.toBe(all.totalBusinesses.toLocaleString('en-GB'));
    expect(await page.locator('.cv-gaps li').count()).toBe(all.gapAnalysis.length);
    await shot(page, 'coverage-1280-all');

    // A click on Scotland selects it: the filter, the cards, the breakdowns, the gaps and the map's dots follow.
    await page.locator('.cv-map__region[data-region="Scotland"]').click();
    await expect(page.getByLabel('Region', { exact: true }).inputValue()).resolves.toBe('Scotland');
    const scotland = await report(page, 'Scotland');
    // The cards follow the new report when it arrives: wait for it rather than read the previous one.
    await card(page, 'Listings in Scotland').filter({ hasText: exactly(scotland.totalBusinessesInRegion) }).waitFor();
    await page.getByText(/^Active listings in Scotland by category/).waitFor();
    expect(await page.locator('#cv-categories-title ~ .cv-bars .cv-bars__name').allTextContents()).toEqual(scotland.categoryBreakdown.map((c) => c.category));
    expect(await page.locator('.cv-gaps__name').allTextContents()).toEqual(scotland.gapAnalysis.map((g) => g.category));
    await page.getByText(new RegExp(`^Scotland: ${scotland.activeBusinesses} Active listings? at \\d+ places?`)).waitFor();
    expect(await page.locator('.cv-map__region[data-region="Scotland"]').getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'coverage-1280-scotland');

    // The keyboard reaches the regions too: Enter on a focused region selects it.
    await page.locator('.cv-map__region[data-region="Wales"]').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Region', { exact: true }).inputValue()).resolves.toBe('Wales');
    await page.getByRole('button', { name: 'Show all regions' }).click();
    await expect(page.getByLabel('Region', { exact: true }).inputValue()).resolves.toBe('all');
    await page.locator('.cv-map__region[data-region="Scotland"]').click();
    await expect(page.getByLabel('Region', { exact: true }).inputValue()).resolves.toBe('Scotland');
    const active = Number((await card(page, 'Active').textContent())!.replace(/,/g, ''));
    expect(active).toBe(scotland.activeBusinesses);

    // Another tab: a new business in Inverness is added, then approved on Local Businesses.
    const name = `Highland Funeral Care ${Date.now()}`;
    const other = await context.newPage();
    const created = await other.request.post(`${product.url}/api/admin/listings`, {
      headers: { origin: product.url },
      data: { name, category: 'Funeral Directors', location: 'Inverness', address: '12 Academy Street, Inverness IV1 1LX' },
    });
    expect(created.status()).toBe(201);
    // Pending Review reaches the open screen without a reload.
    await card(page, 'Pending Review').filter({ hasText: exactly(scotland.pendingBusinesses + 1) }).waitFor({ timeout: 15_000 });
    await other.goto(`${product.url}/admin/`);
    await other.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local Businesses' }).click();
    await other.getByRole('searchbox', { name: /Search/ }).fill(name);
    const row = other.locator('.lb-table tbody tr').filter({ hasText: name });
    await row.getByRole('button', { name: 'Approve' }).click();
    await other.getByRole('dialog', { name: 'Approve business' }).getByRole('button', { name: 'Approve' }).click();
    await other.getByText(`"${name}" approved`).waitFor();

    await card(page, 'Active').filter({ hasText: exactly(active + 1) }).waitFor({ timeout: 15_000 });
    const scotlandRow = page.locator('#cv-regions-title ~ .cv-bars li').filter({ hasText: 'Scotland' }).locator('.cv-bars__value');
    await scotlandRow.filter({ hasText: exactly((all.regionBreakdown.find((r) => r.region === 'Scotland')?.count ?? 0) + 1) }).waitFor();
    expect((await report(page, 'Scotland')).activeBusinesses).toBe(active + 1);
    await other.close();

    // The analysis dialog of a gap.
    await page.locator('.cv-gaps li').first().getByRole('button', { name: /^Analyse/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText(/Summary|No detailed analysis available for this opportunity\./).first().waitFor();
    await assertAccessible(page, 'opportunity analysis dialog');
    await shot(page, 'coverage-1280-analysis', false);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Printing keeps the figures and the map, without the controls.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.cv-controls').isVisible()).toBe(false);
    expect(await page.locator('.cv-map__svg').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(foreign).toEqual([]);
    await page.close();
  }, 120_000);

  it('fits a phone screen of 375 px', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await openCoverage(page);
    expect(await page.locator('.cv-map__region').count()).toBe(13);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.locator('.cv-map__svg').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await shot(page, 'coverage-375');
    await page.close();
  }, 60_000);
});
