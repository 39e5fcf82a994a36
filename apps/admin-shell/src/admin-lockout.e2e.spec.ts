import type { Browser, Page } from 'playwright-core';
import { HttpSession, useProductAndBrowser, totp, type RunningProduct } from '@afterwards/testing';

// 5 failed sign-ins lock staff sign-in for 15 minutes. The lock is the
// server's (per client address), so it survives a reload and an API restart.
describe('staff sign-in lockout in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;

  useProductAndBrowser({ profile: 'embedded', seedCount: 5 }, (started) => ({ product, browser } = started));

  it('signs a staff member in to the panel and out again', async () => {
    // PGlite allows one process per data folder: the tool runs while the API is stopped.
    await product.stopApi();
    product.tool('create-admin', '--email', 'priya@example.com', '--name', 'Priya Shah', '--password', 'Staff-Passw0rd-2026');
    await product.startApi();

    const page = await browser.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByLabel('Email address').fill('  Priya@Example.com ');
    await page.getByLabel('Password', { exact: true }).fill('Staff-Passw0rd-2026');
    await page.getByRole('button', { name: /secure sign in/i }).click();
    await page.getByText('Welcome, Priya Shah').waitFor();
    const menu = page.getByRole('navigation', { name: 'Sections' });
    for (const label of ['Dashboard', 'Local Businesses', 'Promotions', 'Organisations', 'Coverage Analytics', 'Document Processing', 'Settings']) {
      await menu.getByRole('button', { name: label }).waitFor();
    }
    await menu.getByRole('button', { name: 'Coverage Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coverage Analytics' }).waitFor();

    // Still signed in after a reload (the session is the server's).
    await page.reload();
    await page.getByText('Welcome, Priya Shah').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: /secure sign in/i }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: /secure sign in/i }).waitFor();
    await page.close();
  }, 120_000);

  it('asks a staff member with two-factor on for their authenticator code', async () => {
    const email = 'tariq@example.com';
    const password = 'Staff-Passw0rd-2027';
    await product.stopApi();
    product.tool('create-admin', '--email', email, '--name', 'Tariq Nolan', '--password', password);
    await product.startApi();
    // Two-factor enrolled from the account's Settings endpoints, signed in at the staff sign-in.
    const settings = new HttpSession(product.url);
    expect((await settings.json('/api/admin/session', { method: 'POST', json: { email, password } })).status).toBe(200);
    const enabled = await settings.json<{ totpURI: string }>('/api/auth/two-factor/enable', { method: 'POST', json: { password } });
    const secret = new URL(enabled.body.totpURI).searchParams.get('secret')!;
    expect((await settings.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: await totp(secret) } })).status).toBe(200);

    const page = await browser.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: /secure sign in/i }).click();
    const codeField = page.getByLabel('Authentication code');
    await codeField.waitFor();
    await page.getByText(`Two-step verification for ${email}`).waitFor();
    await codeField.fill((await totp(secret)) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid authentication code' }).waitFor();
    await page.getByText('4 attempts remaining').waitFor();
    await codeField.fill(await totp(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Welcome, Tariq Nolan').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: /secure sign in/i }).waitFor();
    await page.close();
  }, 120_000);

  const lockBanner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Account Temporarily Locked' });

  async function expectLocked(page: Page) {
    const banner = lockBanner(page);
    await banner.waitFor();
    const text = await banner.locator('.aa-lock__text').innerText();
    expect(text).toMatch(/Too many failed login attempts\. Please wait 1[45]:\d{2} before trying again\./);
    await page.getByRole('button', { name: 'Account Locked' }).waitFor();
    return text.match(/(\d+):(\d{2})/)!;
  }

  it('warns about the attempts left, locks after 5 failures with a countdown, and stays locked after a reload and an API restart', async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByLabel('Email address').fill('Staff.Member@Example.com');

    for (let attempt = 1; attempt <= 4; attempt++) {
      await page.getByLabel('Password', { exact: true }).fill(`wrong-password-${attempt}`);
      await page.getByRole('button', { name: /secure sign in/i }).click();
      await page.getByText('Invalid email or password').waitFor();
      await page.getByText(`${5 - attempt} ${5 - attempt === 1 ? 'attempt' : 'attempts'} remaining`).waitFor();
    }
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-5');
    await page.getByRole('button', { name: /secure sign in/i }).click();
    const [, minutes, seconds] = await expectLocked(page);

    // The countdown runs: the shown time goes down.
    const first = Number(minutes) * 60 + Number(seconds);
    await page.waitForFunction(
      (start) => {
        const m = document.querySelector('.aa-lock__time')?.textContent?.match(/(\d+):(\d{2})/);
        return m ? Number(m[1]) * 60 + Number(m[2]) < start : false;
      },
      first,
    );

    // Submitting while locked says so and sends nothing.
    let posted = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/admin/session') && posted++);
    await page.getByLabel('Password', { exact: true }).fill('another-try');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText(/Too many failed attempts\. Please wait 1[45] minutes\./).waitFor();
    expect(posted).toBe(0);

    await page.reload();
    await expectLocked(page);
    await page.close();

    // A new browser context (no storage shared) and a restarted API: still locked.
    await product.stopApi();
    await product.startApi();
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(`${product.url}/admin/`);
    await expectLocked(fresh);
    await context.close();
  }, 120_000);
});
