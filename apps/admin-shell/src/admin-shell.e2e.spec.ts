import type { Browser } from 'playwright-core';
import { assertAccessible, useProductAndBrowser, type RunningProduct } from '@afterwards/testing';

describe('admin shell in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;

  useProductAndBrowser({ profile: 'embedded', seedCount: 20 }, (started) => ({ product, browser } = started));

  it('loads /admin with its sign-in remote and validates on the client', async () => {
    // A context of its own: axe opens a page beside this one in the same context to run its checks.
    const context = await browser.newContext();
    const page = await context.newPage();
    const manifests: string[] = [];
    page.on('response', (r) => r.url().endsWith('mf-manifest.json') && manifests.push(new URL(r.url()).pathname));
    await page.goto(`${product.url}/admin`);
    await page.getByLabel('Email address').waitFor();
    expect(manifests).toContain('/remotes/admin-access/mf-manifest.json');

    await page.getByRole('button', { name: /secure sign in/i }).click();
    await page.getByText('Email and password are required').waitFor();
    await page.getByLabel('Email address').fill('ab');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByRole('button', { name: /secure sign in/i }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await assertAccessible(page, 'staff sign-in, with its error');
    await context.close();
  });

  it('sends unknown family paths to the home page', async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/no/such/page`);
    await page.waitForURL(`${product.url}/`);
    await page.close();
  });
});
