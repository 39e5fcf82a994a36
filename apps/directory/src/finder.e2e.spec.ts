import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible, useProductAndBrowser, type RunningProduct } from '@afterwards/testing';

/** The public finder, served by the built product on the services profile (PostgreSQL, Redis). */
describe('local-services finder in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  useProductAndBrowser({ profile: 'services', seedCount: 200 }, (started) => ({ product, browser } = started));

  // A page of its own context: axe opens a page beside it in the same context to run its checks.
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it('shows seeded listings on /resources, nearest first with promoted listings on top', async () => {
    await page.goto(`${product.url}/resources`);
    await page.getByLabel('Location').fill('Leeds');
    await page.getByTestId('result-count').filter({ hasText: /\d+ services? found/ }).waitFor();
    const cards = page.getByTestId('listing-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    const countText = await page.getByTestId('result-count').textContent();
    expect(Number(countText!.match(/(\d+)/)![1])).toBe(await cards.count());
    await assertAccessible(page, '/resources, with results');
    // The API decides the order; the page must show it as given. The product may still be settling its
    // seeded promotions (the page follows them live), so compare until both agree, for up to 5 seconds.
    const compare = async () => {
      const api = await (await fetch(`${product.url}/api/directory/listings?location=Leeds`)).json();
      const names = (await cards.locator('h3').allTextContents()).map((n) => n.trim());
      return { page: names, api: api.listings.map((l: { name: string }) => l.name) as string[] };
    };
    let seen = await compare();
    for (const end = Date.now() + 5_000; JSON.stringify(seen.page) !== JSON.stringify(seen.api) && Date.now() < end; seen = await compare()) await page.waitForTimeout(250);
    expect(seen.page).toEqual(seen.api);
  });

  it('filters by category', async () => {
    await page.goto(`${product.url}/resources`);
    await page.getByLabel('Service Category').selectOption('Funeral Directors');
    await page.getByLabel('Location').fill('London');
    const api = await (await fetch(`${product.url}/api/directory/listings?location=London&category=Funeral%20Directors`)).json();
    await page.getByTestId('result-count').filter({ hasText: new RegExp(`^${api.total} services? found`) }).waitFor();
    const categories = await page.getByTestId('listing-card').evaluateAll((cards) => cards.map((c) => c.textContent ?? ''));
    expect(categories.every((text) => text.includes('Funeral Directors'))).toBe(true);
  });

  it('shows a listing changed through a command without a reload', async () => {
    await page.goto(`${product.url}/resources`);
    await page.getByLabel('Location').fill('Leeds');
    const first = page.getByTestId('listing-card').first();
    await first.waitFor();
    const api = await (await fetch(`${product.url}/api/directory/listings?location=Leeds`)).json();
    const target = api.listings[0] as { id: string; name: string };
    const newName = `${target.name.slice(0, 60)} (renamed ${Date.now() % 100000})`;

    // A marker on window proves the page was not reloaded.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    product.tool('listing', 'edit', target.id, '--name', newName);
    const committed = Date.now();
    await page.getByRole('heading', { name: newName }).waitFor({ timeout: 5_000 });
    const seenAfterMs = Date.now() - committed;
    console.log(`listing change visible in the open page ${seenAfterMs} ms after the command committed`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    // Suspending removes it from the public list, live.
    product.tool('listing', 'suspend', target.id, '--reason', 'Complaint under review');
    await page.getByRole('heading', { name: newName }).waitFor({ state: 'detached', timeout: 5_000 });
  });
});
