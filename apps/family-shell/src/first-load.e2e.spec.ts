import type { Browser } from 'playwright-core';
import { firstLoad, useProductAndBrowser, type RunningProduct } from '@afterwards/testing';

/**
 * First-load JavaScript per public page, brotli bytes as sent, counted until the network is quiet for a
 * second (so the finder's live-update client, fetched after its first render, counts too). The goal is
 * 150 KB on each (docs/benchmarks.md, "First load"); `npm run build` ends with the same check (`budget first-load`).
 */
const FIRST_LOAD_JS_BUDGET: Record<string, number> = { '/': 150 * 1024, '/login': 150 * 1024, '/resources': 150 * 1024 };

/**
 * A signed-out visitor's first load of the public pages: every script sent compressed, within the budget,
 * nothing asked for twice and nothing in the console.
 */
describe('first load of the public pages', () => {
  let product: RunningProduct;
  let browser: Browser;

  useProductAndBrowser({ profile: 'embedded', seedCount: 40 }, (started) => ({ product, browser } = started));

  it.each(['/', '/login', '/resources'])('%s: scripts sent as the build\'s brotli copies, within budget, once each, no console error', async (pagePath) => {
    const load = await firstLoad(browser, `${product.url}${pagePath}`);
    expect(load.scripts.length).toBeGreaterThan(0);
    for (const script of load.scripts) expect({ url: script.url, encoding: script.encoding }).toEqual({ url: script.url, encoding: 'br' });
    const scriptBytes = load.scripts.reduce((sum, s) => sum + s.bytes, 0);
    expect({ pagePath, scriptBytes, within: scriptBytes <= FIRST_LOAD_JS_BUDGET[pagePath]! }).toEqual({ pagePath, scriptBytes, within: true });
    expect(load.repeated).toEqual([]);
    expect(load.consoleErrors).toEqual([]);
    await load.close();
  });

  it('sends the public pages and the sign-in page as HTML rendered at build time, and the shell to a browser with a session cookie or a query', async () => {
    for (const [pagePath, name, heading] of [
      ['/', 'home', 'Guidance through difficult times'],
      ['/resources', 'resources', 'Resources &amp; local services'],
      ['/privacy', 'privacy', 'Privacy Policy'],
      ['/terms', 'terms', 'Terms &amp; Conditions'],
      ['/login', 'login', 'Welcome Back'],
    ] as const) {
      const page = await fetch(`${product.url}${pagePath}`);
      const html = await page.text();
      expect({ pagePath, prerendered: html.includes(`<div id="root" data-prerendered="${name}">`), heading: html.includes(heading) }).toEqual({ pagePath, prerendered: true, heading: true });
      expect(page.headers.get('vary')).toContain('Cookie');
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    // A cookie, valid or not: the shell draws the page once the session check has answered.
    const withCookie = await (await fetch(`${product.url}/`, { headers: { cookie: 'better-auth.session_token=not-checked-here' } })).text();
    expect(withCookie).not.toContain('data-prerendered');
    expect(withCookie).toContain('Loading Afterwards...');
    // Until hydrated, the sign-in form takes no input, so the browser never submits it itself.
    const login = await (await fetch(`${product.url}/login`)).text();
    const form = login.match(/<form[\s\S]*?<\/form>/)![0];
    expect(form.match(/<(input|button)\b[^>]*>/g)!.filter((tag) => !/ disabled(=""|(?=[\s>]))/.test(tag))).toEqual([]);
    // A query may change what a page draws first (the sign-up form): the shell draws it.
    expect(await (await fetch(`${product.url}/login?mode=signup`)).text()).not.toContain('data-prerendered');
  });

  it('draws a page from its HTML alone: the rules it uses inline, its stylesheets and its script after it', async () => {
    for (const pagePath of ['/', '/login', '/resources', '/dashboard']) {
      const html = await (await fetch(`${product.url}${pagePath}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      // Nothing in the head holds the first paint back: no stylesheet link and no script file to run first.
      expect({ pagePath, stylesheets: head.match(/rel="stylesheet"/g)?.length ?? 0, scripts: head.match(/<script [^>]*src=/g)?.length ?? 0 }).toEqual({ pagePath, stylesheets: 0, scripts: 0 });
      expect(head).toMatch(/<link rel="preload" as="script" href="\/main\.[0-9a-f]+\.js" fetchpriority="low" data-entry>/);
      expect(html).toMatch(/<link rel="stylesheet" href="[^"]+\.css"><script>[^<]*data-entry[^<]*<\/script><\/body><\/html>$/);
    }
    // With every stylesheet and script file held back, the page is drawn styled: the banner at the foot of
    // the screen, in the design's type.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.route(/\.(css|js)$/, (route) => route.abort());
    await page.goto(`${product.url}/`);
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    const drawn = await banner.evaluate((el) => {
      const style = getComputedStyle(el);
      return { position: style.position, bottom: Math.round(window.innerHeight - el.getBoundingClientRect().bottom), background: style.backgroundColor };
    });
    expect(drawn).toEqual({ position: 'fixed', bottom: 0, background: 'rgb(255, 255, 255)' });
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
