import type { BrowserContext, Page } from 'playwright-core';
import type { AdminSettingsResponse } from '@afterwards/contracts';
import { staffSignedIn, startWithStaff, type HttpSession, type RunningProduct, type StaffScreens, screenshot } from '@afterwards/testing';

// Issue 41, item 6: a figure never breaks inside itself. At every width from a small phone to a wide
// desktop, each stat tile's figure (Dashboard, Local Businesses, Promotions, Coverage Analytics) sits on
// one line inside its tile, and no word of a table cell or a promotion's figures is split over two lines
// ('Crematorium / s'). The data holds large figures on purpose: revenue of £5,031.50, a Crematoriums
// listing with a long place name. SCREENSHOT_DIR=... saves what each width looks like.
const shot = (page: Page, name: string) => screenshot(page, name);

const ADA = { email: 'ada.figures@example.test', name: 'Ada Figures', password: 'quiet-harbour-72' };
/** Revenue with the £5,031.50 sale in it (the seed's promotions add theirs). */
const THOUSANDS_OF_POUNDS = /^£\d{1,3}(,\d{3})+\.\d\d$/;
const WIDTHS = [320, 375, 768, 1280, 1920] as const;
/** Figures in stat tiles: each must stay on one line and inside its tile. */
const FIGURES = ['.aw-stat__value'];
/** Text whose words must stay whole: every cell of the businesses table and a promotion's facts and figures. */
const WORDED = ['.lb-table tbody th', '.lb-table tbody td', '.pm-fact dd', '.pm-figure dd'];

/**
 * In the page: every figure on more than one line or past its tile's edge, and every word of the worded
 * cells split over lines. A line is a distinct top among the text's client rects (Range.getClientRects).
 * Breaks at spaces, hyphens and slashes are between words and allowed.
 */
function brokenFigures(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ figures, worded }) => {
      const problems: string[] = [];
      const linesOf = (range: Range): number => {
        const tops = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => r.top);
        tops.sort((a, b) => a - b);
        return tops.filter((t, i) => i === 0 || t - tops[i - 1]! > 2).length;
      };
      const hidden = (el: Element) => el.closest('.aw-visually-hidden') !== null || (el as HTMLElement).offsetParent === null;
      for (const el of document.querySelectorAll<HTMLElement>(figures.join(','))) {
        if (hidden(el)) continue;
        const text = el.textContent?.trim() ?? '';
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = linesOf(range);
        if (lines > 1) problems.push(`figure "${text}" (${el.className}) on ${lines} lines`);
        const tile = el.closest<HTMLElement>('.aw-card') ?? el.parentElement!;
        const box = tile.getBoundingClientRect();
        const own = range.getBoundingClientRect();
        if (own.right > box.right + 0.5 || own.left < box.left - 0.5) problems.push(`figure "${text}" (${el.className}) runs past its tile`);
        if (el.scrollWidth > el.clientWidth + 1 || tile.scrollWidth > tile.clientWidth + 1) problems.push(`figure "${text}" (${el.className}) overflows`);
      }
      for (const cell of document.querySelectorAll<HTMLElement>(worded.join(','))) {
        if (hidden(cell)) continue;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.parentElement || hidden(node.parentElement)) continue;
          const text = node.textContent ?? '';
          for (const word of text.matchAll(/[^\s\-–—/]+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = linesOf(range);
            if (lines > 1) problems.push(`word "${word[0]}" in "${cell.textContent?.trim()}" on ${lines} lines`);
          }
        }
      }
      return problems;
    },
    { figures: FIGURES, worded: WORDED },
  );
}

describe('figures and words stay whole at every width', () => {
  let screens: StaffScreens;
  let product: RunningProduct;
  let context: BrowserContext;
  let ada: HttpSession;

  beforeAll(async () => {
    // Ada signs in once through the /admin sign-in screen; every page of the context shares her session.
    screens = await startWithStaff({ profile: 'services', seedCount: 40, staff: [ADA] });
    ({ product, context } = screens);
    ada = await staffSignedIn(product, ADA, 'figures-e2e');

    // A month's feature sold at £5,031.50 to a crematorium with a long place name: the figures of the issue.
    const current = (await ada.json<AdminSettingsResponse>('/api/admin/settings')).body;
    const pricing = current.settings.promotionPricing;
    const settings = { ...current.settings, promotionPricing: { ...pricing, '1-month': { ...pricing['1-month'], price: 5031.5 } } };
    expect((await ada.json('/api/admin/settings', { method: 'PUT', json: { settings, expectedVersion: current.version } })).status).toBe(200);
    const listing = await ada.json<{ id: string }>('/api/admin/listings', {
      method: 'POST',
      json: { name: 'Kensington and Chelsea Crematoriums', category: 'Crematoriums', location: 'Wolverhampton', status: 'Active' },
    });
    expect(listing.status).toBe(201);
    const { today } = (await ada.json<{ today: string }>('/api/admin/promotions')).body;
    const sold = await ada.json('/api/admin/promotions', { method: 'POST', json: { listingId: listing.body.id, plan: '1-month', startDate: today, position: 1 } });
    expect(sold.status).toBe(201);
  }, 240_000);

  afterAll(() => screens?.stop());

  async function openSection(page: Page, label: string, loaded: () => Promise<unknown>) {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: label }).click();
    await page.getByRole('heading', { level: 1, name: label }).waitFor();
    await loaded();
  }

  it('keeps every stat tile figure and every table word on one line, inside its tile, from 320 to 1920 px', async () => {
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const found: Record<string, string[]> = {};
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await openSection(page, 'Dashboard', () => page.locator('.aw-stat__value').filter({ hasText: THOUSANDS_OF_POUNDS }).waitFor());
      const checks: Array<[string, () => Promise<unknown>]> = [
        ['Dashboard', async () => undefined],
        ['Local Businesses', () => page.getByRole('rowheader', { name: /Crematoriums/ }).waitFor()],
        ['Promotions', () => page.locator('.aw-stat__value').filter({ hasText: THOUSANDS_OF_POUNDS }).waitFor()],
        ['Coverage Analytics', () => page.locator('.aw-stat__value').first().waitFor()],
      ];
      for (const [label, loaded] of checks) {
        if (label !== 'Dashboard') await openSection(page, label, loaded);
        // Fonts decide the widths: measure after they have loaded.
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const problems = await brokenFigures(page);
        if (problems.length) found[`${label} at ${width} px`] = problems;
        if (width !== 768) await shot(page, `${label.toLowerCase().replace(/ /g, '-')}-${width}`);
      }
    }
    expect(found).toEqual({});
    await page.close();
  }, 180_000);
});
