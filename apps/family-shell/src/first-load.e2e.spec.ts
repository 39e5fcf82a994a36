import type { Browser, Response } from 'playwright-core';
import { launchChromium, startProduct, type RunningProduct } from '@afterwards/testing';

/** A signed-out visitor's first load of the public pages: every script sent compressed. */
describe('first load of the public pages', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct({ profile: 'embedded', seedCount: 40 });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each(['/', '/login', '/resources'])('%s: scripts sent as the build\'s brotli copies', async (pagePath) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const responses: Response[] = [];
    let lastResponseAt = Date.now();
    page.on('response', (response) => {
      // The live-updates socket keeps polling open, so 'network idle' never comes: it is left out.
      if (response.url().includes('/socket.io/')) return;
      responses.push(response);
      lastResponseAt = Date.now();
    });

    await page.goto(`${product.url}${pagePath}`);
    await page.getByRole('main').waitFor();
    // The first load is over once a second passes with nothing more arriving.
    while (Date.now() - lastResponseAt < 1000) await page.waitForTimeout(200);

    const scripts = responses.filter((r) => r.request().resourceType() === 'script');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect({ url: script.url(), encoding: (await script.allHeaders())['content-encoding'] }).toEqual({ url: script.url(), encoding: 'br' });
    }
    await context.close();
  });

  it('compresses answers made per request, brotli or gzip as the client accepts', async () => {
    const search = `${product.url}/api/directory/listings?location=Leeds&radius=100`;
    const brotli = await fetch(search, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect((await brotli.json()).listings.length).toBeGreaterThan(0);
    const gzip = await fetch(`${product.url}/resources`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('<!doctype html>');
  });

  it('keeps private API answers out of every cache unless a route says otherwise', async () => {
    const memories = await fetch(`${product.url}/api/memories`);
    expect(memories.status).toBe(401);
    expect(memories.headers.get('cache-control')).toBe('private, no-store');
    const places = await fetch(`${product.url}/api/places/suggest?q=Lee`);
    expect(places.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
