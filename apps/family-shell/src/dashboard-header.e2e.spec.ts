import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consentedContext, signInInBrowser, assertAccessible, launchChromium, signUpVerified, signedIn, startProduct, type RunningProduct } from '@afterwards/testing';

// SCREENSHOT_DIR=... saves screenshots of the header to look at.
const shots = process.env.SCREENSHOT_DIR;

/** The dashboard's header on a laptop and a phone (the spec: 'Dashboard'). */
describe("dashboard header's navigation in the browser", () => {
  let product: RunningProduct;
  let browser: Browser;
  const email = 'maximilian.header@example.test';
  const password = 'lantern-meadow-64';

  beforeAll(async () => {
    product = await startProduct({ profile: 'embedded', seedCount: 0 });
    browser = await launchChromium();
    await signUpVerified(product, { email, password });
    // A long first name: the name in the header is the widest thing it holds besides the tabs.
    const http = await signedIn(product, email, password);
    expect((await http.json('/api/profile', { method: 'PUT', json: { firstName: 'Maximilian-Alexander', lastName: 'Featherstonehaugh' } })).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function dashboard(width: number): Promise<Page> {
    const context = await consentedContext(browser, { locale: 'en-GB', viewport: { width, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signInInBrowser(page, product.url, email, password);
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Maximilian-Alexander' }).waitFor();
    // The sync state is in the header before it is measured.
    await page.getByRole('banner').getByRole('status').waitFor();
    return page;
  }

  async function shot(page: Page, name: string) {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`) });
  }

  it.each([1280, 1201, 1440, 1920])('keeps the six tabs, the name and the tools on one line at %i px', async (width) => {
    const page = await dashboard(width);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const tabs = nav.getByRole('button');
    expect(await tabs.allInnerTexts()).toEqual(['Overview', 'Memories', 'Tasks', 'Documents', 'Notes', 'Resources']);
    const boxes = await tabs.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()).map((r) => ({ top: r.top, height: r.height })));
    const list = (await nav.locator('ul').boundingBox())!;
    // One line: every tab on the same row, and the list exactly one tab high.
    expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
    expect(list.height).toBe(boxes[0]!.height);
    // The header is its one-row height, and the tools are on the tabs' row.
    const header = (await page.getByRole('banner').boundingBox())!;
    const signOut = (await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(70);
    expect(Math.abs(signOut.y + signOut.height / 2 - (list.y + list.height / 2))).toBeLessThanOrEqual(1);
    // The tabs are on the line, so the menu button is not shown.
    expect(await page.locator('header button[aria-controls]').isHidden()).toBe(true);
    // The logo still names its link.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Afterwards' }).getAttribute('href')).toBe('/dashboard');
    await shot(page, `dashboard-header-${width}`);
    await page.context().close();
  }, 60_000);

  it('folds the tabs into a menu on a phone (375 px) that opens, moves and closes', async () => {
    const page = await dashboard(375);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await nav.isVisible()).toBe(false);
    expect(await page.locator('header button[aria-controls]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByText('Signed in as').waitFor();
    await assertAccessible(page, 'dashboard menu on a phone');
    await shot(page, 'dashboard-menu-375');
    await nav.getByRole('button', { name: 'Notes', exact: true }).click();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    expect(await page.locator('main .aw-eyebrow').innerText()).toMatch(/^notes$/i);
    await shot(page, 'dashboard-header-375');
    await page.context().close();
  }, 60_000);
});
