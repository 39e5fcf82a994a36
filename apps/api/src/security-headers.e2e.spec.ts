import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { useProductAndBrowser, type RunningProduct } from '@afterwards/testing';

/** Browser security headers on pages and the API, and pages that still work under them. */
describe('browser security headers', () => {
  let product: RunningProduct;
  let browser: Browser;

  useProductAndBrowser({ profile: 'embedded', seedCount: 20 }, (started) => ({ product, browser } = started));

  // better-auth's answer is written on Node's response, outside Fastify's reply; a 404 is the router's.
  it.each(['/', '/dashboard', '/admin/', '/api/health/ready', '/api/auth/get-session', '/api/no-such-route'])('%s cannot be framed, sniffed or leak its address, and allows no inline script but those of the pages rendered at build time', async (path) => {
    const res = await fetch(`${product.url}${path}`);
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{1,64}$/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*'){2}(;|$)/);
    expect(csp.match(/script-src [^;]*/)![0]).not.toContain('unsafe');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // HSTS only over HTTPS (PUBLIC_URL): this product runs on http://127.0.0.1.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps API answers out of every cache, with no validator to revalidate them by', async () => {
    const res = await fetch(`${product.url}/api/health/ready`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    // better-auth writes its own answer, with its own no-store.
    expect((await fetch(`${product.url}/api/auth/get-session`)).headers.get('cache-control')).toMatch(/no-store/);
  });

  it('allows exactly the inline scripts of the pages rendered at build time, by their hashes', async () => {
    for (const path of ['/', '/resources', '/login', '/dashboard']) {
      const res = await fetch(`${product.url}${path}`);
      const html = await res.text();
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
      // The consent mark in the head, and the script that starts the application at the end of the body.
      expect({ path, inline: inline.length }).toEqual({ path, inline: 2 });
      const allowed = res.headers.get('content-security-policy')!.match(/script-src ([^;]*)/)![1]!.split(' ');
      expect(allowed).toEqual(["'self'", ...inline]);
    }
  });

  it('loads the public site, the finder and the staff sign-in with no policy violation', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${product.url}/`);
    await page.getByRole('link', { name: /find local services|resources/i }).first().waitFor();
    await page.goto(`${product.url}/resources`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${product.url}/admin`);
    await page.getByLabel('Email address').waitFor();
    expect(refused).toEqual([]);
    await page.close();
  });
});
