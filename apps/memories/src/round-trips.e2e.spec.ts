import type { Browser, BrowserContext, Page } from 'playwright-core';
import { familyContext, launchChromium, signInInBrowser, signUpVerified, startProduct, type RunningProduct } from '@afterwards/testing';

// The HTTP round trips the memories remote makes, read from the browser's network log: ticking a task and
// loading the dashboard with several memories. A refresh reads every memory, whole, in one call (the first
// load waits for the realtime join instead of loading again after it: at first it read the list and each
// memory twice, then the list and each memory once);
// a tick is its PUT alone, whose answer holds the change (before, the realtime message about the page's own
// change fetched the memory again). MEMORIES_NETWORK_LOG=1 prints each log.
const MEMORY_COUNT = 3;

describe('memories round trips', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const log: string[] = [];

  beforeAll(async () => {
    product = await startProduct({ profile: 'embedded', seedCount: 0 });
    browser = await launchChromium();
    const email = 'ada.round-trips@example.test';
    const password = 'lantern-meadow-82';
    const session = await signUpVerified(product, { email, password, name: 'Ada Round' });
    for (let i = 1; i <= MEMORY_COUNT; i++) {
      const res = await session.fetch('/api/memories', {
        method: 'POST',
        json: { name: `Memory ${i}`, deceasedName: `Person ${i}`, jurisdiction: 'England', dateOfDeath: '2026-03-09' },
      });
      expect(res.status).toBe(201);
    }

    context = await familyContext(browser, { width: 1280 });
    page = await context.newPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/memories')) log.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await signInInBrowser(page, product.url, email, password);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  /** The memories calls made while `act` runs and until the page has been quiet for a second. */
  async function calls(act: () => Promise<void>): Promise<string[]> {
    log.length = 0;
    await act();
    let seen = -1;
    while (seen !== log.length) {
      seen = log.length;
      await page.waitForTimeout(1_000);
    }
    if (process.env.MEMORIES_NETWORK_LOG) console.log(log.join('\n'));
    return [...log];
  }

  it('loads every memory on a refresh in one read', async () => {
    const made = await calls(async () => {
      await page.reload();
      await page.locator('.mem-sync[data-status="synced"]').waitFor();
    });
    expect(made).toEqual(['GET /api/memories?include=details']);
  }, 60_000);

  it('ticks a task', async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Tasks', exact: true }).click();
    const memory = page.getByRole('region', { name: 'Memory 1', exact: true });
    const made = await calls(async () => {
      await memory.getByRole('checkbox', { name: 'Register the death', exact: true }).check();
      await page.locator('.aw-toast', { hasText: 'Task marked as complete!' }).first().waitFor();
    });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^PUT \/api\/memories\/[^/?]+\/tasks\/[^/?]+$/);
  }, 60_000);
});
