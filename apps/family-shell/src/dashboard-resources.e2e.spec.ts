import type { Browser, Request } from 'playwright-core';
import { expectEventually } from '@afterwards/persistence/testing';
import { consentedContext, assertAccessible, HttpSession, latestMail, useProductAndBrowser, type RunningProduct } from '@afterwards/testing';

// The dashboard's Resources tab shows the same guides and finder as the public page.
describe("dashboard's Resources tab in the browser", () => {
  let product: RunningProduct;
  let browser: Browser;

  useProductAndBrowser({ profile: 'embedded', seedCount: 150 }, (started) => ({ product, browser } = started));

  it('finds local services near a town and tracks views as the dashboard page', async () => {
    const email = 'dora.dashboard@example.test';
    const password = 'lantern-meadow-82';
    const http = new HttpSession(product.url);
    expect((await http.json('/api/auth/sign-up/email', { method: 'POST', json: { email, password, name: '', callbackURL: '/email-verified' } })).status).toBe(200);
    const mail = await latestMail(product.outboxDir, email, { kind: 'verify-email' });
    expect((await http.fetch(mail.links[0]!)).status).toBe(302);

    const context = await consentedContext(browser, { locale: 'en-GB', analytics: true });
    const page = await context.newPage();
    const interactions: Request[] = [];
    page.on('request', (r) => r.url().endsWith('/api/directory/interactions') && interactions.push(r));

    await page.goto(`${product.url}/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${product.url}/dashboard`);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Resources' }).click();
    await page.getByRole('heading', { level: 1, name: 'Resources & Local Services' }).waitFor();
    for (const card of ['Legal Guidance', 'Financial Support', 'Emotional Support', 'Government Services']) {
      await page.getByRole('heading', { name: card }).waitFor();
    }
    await page.getByLabel('Location').fill('Leeds');
    await page.getByText(/Within 25 miles of Leeds/).waitFor();
    const api = await (await fetch(`${product.url}/api/directory/listings?location=Leeds`)).json();
    await page.getByTestId('result-count').filter({ hasText: new RegExp(`^${api.total} services? found`) }).waitFor();
    expect(await page.getByTestId('listing-card').count()).toBe(api.listings.length);
    await assertAccessible(page, 'dashboard Resources tab, with results');

    // Views are tracked (analytics consent given) and say which page showed them.
    await expectEventually(() => expect(interactions.length).toBeGreaterThan(0), 10_000);
    expect(interactions[0]!.postDataJSON()).toMatchObject({ page: 'dashboard-resources' });
    await context.close();
  });
});
