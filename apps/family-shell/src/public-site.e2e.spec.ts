import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations, assertAccessible, useProductAndBrowser, type RunningProduct } from '@afterwards/testing';

const CONSENT_KEY = 'afterwards.cookie-consent';
/** Not the default: the pages must give the address the server is configured with. */
const SUPPORT_EMAIL = 'help.desk@family-support.test';

/** The public pages and the cookie choices, on the built product (embedded profile). */
describe('public site and cookie consent in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  useProductAndBrowser({ profile: 'embedded', seedCount: 30, env: { SUPPORT_EMAIL } }, (started) => ({ product, browser } = started));

  beforeEach(async () => {
    context = await browser.newContext(); // a first visit: empty storage
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  const stored = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), CONSENT_KEY);
  const banner = () => page.getByTestId('cookie-banner');

  it('has no serious accessibility violation on any public page, the sign-in forms or the cookie panel (axe-core, WCAG A/AA)', async () => {
    const found: Record<string, string[]> = {};
    const check = async (where: string) => {
      const violations = await accessibilityViolations(page);
      if (violations.length) found[where] = violations;
    };
    for (const path of ['/', '/resources', '/privacy', '/terms', '/login']) {
      await page.goto(`${product.url}${path}`);
      await page.getByRole('main').waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(path);
    }
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await check('/login, Create Account');
    await banner().getByRole('button', { name: 'Customize Settings' }).click();
    await page.getByRole('dialog', { name: 'Cookie Preferences' }).waitFor();
    await check('Cookie Preferences dialog');
    expect(found).toEqual({});
  });

  // The session check answers while the page's own chunk is still on its way: the answer must not reach the
  // page still hydrating, which makes React throw the page's HTML away and show the loading screen until the
  // chunk arrives (it did, for about as long as the chunk took).
  it.each([
    ['/', 'fs-testimonials'],
    ['/resources', 'fs-resources'],
    ['/login', 'Create New Account'],
  ])('keeps the HTML of %s in place while its script starts, its chunk arriving after the session check', async (path, marker) => {
    let answered: () => void = () => undefined;
    const sessionAnswered = new Promise<void>((resolve) => (answered = resolve));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/session')) answered();
    });
    const held: { file: string; afterSessionCheck: boolean }[] = [];
    await page.route(/\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!/\/main\.[0-9a-f]+\.js$/.test(route.request().url()) && body.includes(marker)) {
        // Never waits for ever: a chunk the session check itself needed would show as not held after it.
        const afterSessionCheck = await Promise.race([sessionAnswered.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]);
        held.push({ file: route.request().url().replace(/.*\//, ''), afterSessionCheck });
        await new Promise((r) => setTimeout(r, 300));
      }
      await route.fulfill({ response, body });
    });
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          if ((record.target as Element).id !== 'root') continue;
          for (const node of record.removedNodes) removed.push(node.nodeType === 1 ? (node as Element).className : node.nodeName);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${product.url}${path}`);
    await sessionAnswered;
    await page.waitForLoadState('networkidle');
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((h) => !h.afterSessionCheck)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { removedFromRoot: string[] }).removedFromRoot)).toEqual([]);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('shows every landing section, marks the testimonials as samples and links the buttons', async () => {
    await page.goto(`${product.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Guidance through difficult times' }).waitFor();
    for (const feature of [
      'Step-by-step guidance',
      'Secure document storage',
      'Memory preservation',
      'Professional network',
      'Progress tracking',
      'Emotional support',
    ]) {
      await page.getByRole('heading', { level: 3, name: feature }).waitFor();
    }
    await page.getByRole('heading', { name: 'Four steps, taken one at a time' }).waitFor();
    // Every jurisdiction the checklists cover, Northern Ireland included.
    await page.getByText('England, Wales, Scotland, Northern Ireland or the Republic of Ireland').waitFor({ timeout: 2_000 });
    expect(await page.getByTestId('testimonials-note').textContent()).toMatch(/Sample testimonials.*not from real users/);
    expect(await page.locator('.fs-testimonial__badge').allTextContents()).toEqual(['Sample', 'Sample', 'Sample']);
    const hero = page.locator('.fs-hero__actions');
    expect(await hero.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/login');
    expect(await hero.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(await hero.getByRole('link', { name: 'Resources' }).getAttribute('href')).toBe('/resources');
    expect(await page.getByRole('link', { name: 'See how it works' }).getAttribute('href')).toBe('#how-it-works');
  });

  it('reads the public pages, styled, with script turned off', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    for (const [path, heading] of [
      ['/', 'Guidance through difficult times'],
      ['/resources', 'Resources & local services'],
    ]) {
      await bare.goto(`${product.url}${path}`);
      await bare.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The design system's stylesheet is linked in the page, not added by script.
      const button = await bare.getByRole('link', { name: 'Get Started' }).first().evaluate((a) => getComputedStyle(a).backgroundColor);
      expect({ path, button }).toEqual({ path, button: 'rgb(46, 94, 90)' });
      expect(await bare.getByRole('link', { name: 'Resources' }).or(bare.getByRole('link', { name: 'Home' })).count()).toBeGreaterThan(0);
    }
    await noScript.close();
  });

  it('draws the pages that are the same for everyone while the session check is still unanswered, and waits for it on /login', async () => {
    // A session cookie (not a valid one): the server sends the shell, not the pages rendered at build time,
    // and the session check is held until the end: whatever shows meanwhile was drawn without waiting for it.
    await context.addCookies([{ name: 'better-auth.session_token', value: 'not-a-session', url: product.url }]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/session/state', async (route) => {
      await held;
      await route.continue().catch(() => undefined); // the page may have moved on
    });
    // The app gives up on the check after 10 s and then draws every page: a page drawn only then was waiting.
    let gaveUp = false;
    page.on('requestfailed', (request) => void (request.url().endsWith('/api/session/state') && (gaveUp = true)));
    for (const [path, heading] of [
      ['/', 'Guidance through difficult times'],
      ['/resources', 'Resources & local services'],
    ]) {
      await page.goto(`${product.url}${path}`);
      gaveUp = false; // the previous page's check, cancelled by leaving it
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect({ path, gaveUp }).toEqual({ path, gaveUp: false });
    }
    await page.goto(`${product.url}/login`);
    await page.getByText('Loading Afterwards').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    release();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.unroute('**/api/session/state');
  });

  it('shows the banner in the HTML (a page or the loading screen) to a first visit before any script file has run, and never to a returning visitor or without script', async () => {
    // The app's script files held back: what shows is the HTML and the mark its head's inline script sets.
    await page.route('**/*.js', (route) => route.abort());
    for (const path of ['/', '/resources', '/login']) {
      await page.goto(`${product.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect({ path, shown: await banner().isVisible() }).toEqual({ path, shown: true });
    }
    // A page drawn by script is sent its loading screen, with the same banner over it.
    await page.goto(`${product.url}/dashboard`);
    await page.getByText('Loading Afterwards').waitFor();
    expect({ path: '/dashboard', shown: await banner().isVisible() }).toEqual({ path: '/dashboard', shown: true });
    // A returning visitor: the choice is in this browser's storage.
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false, timestamp: new Date().toISOString(), version: '1.0' })), CONSENT_KEY);
    await page.reload();
    await page.getByText('Loading Afterwards').waitFor();
    expect({ inHtml: await banner().count(), shown: await banner().isVisible() }).toEqual({ inHtml: 1, shown: false });
    await page.goto(`${product.url}/resources`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect({ inHtml: await banner().count(), shown: await banner().isVisible() }).toEqual({ inHtml: 1, shown: false });
    // Without script its buttons could do nothing: not shown.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(`${product.url}/resources`);
    await bare.getByRole('heading', { level: 1 }).first().waitFor();
    expect({ inHtml: await bare.getByTestId('cookie-banner').count(), shown: await bare.getByTestId('cookie-banner').isVisible() }).toEqual({ inHtml: 1, shown: false });
    await noScript.close();
  });

  it('Accept All Cookies stores every choice with version 1.0 and a timestamp, and the banner stays away after a reload', async () => {
    await page.goto(`${product.url}/`);
    await banner().waitFor();
    expect(await stored()).toBeNull();
    const before = Date.now();
    await banner().getByRole('button', { name: 'Accept All Cookies' }).click();
    await banner().waitFor({ state: 'detached' });
    const consent = await stored();
    expect(consent).toEqual({ essential: true, functional: true, analytics: true, marketing: true, timestamp: expect.any(String), version: '1.0' });
    expect(Date.parse(consent.timestamp)).toBeGreaterThanOrEqual(before - 1_000);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Never shown: hidden by the mark in the head before hydration, not drawn after.
    expect(await banner().isVisible()).toBe(false);
    expect(await stored()).toEqual(consent);
  });

  it('Reject Non-Essential keeps only essential storage, also after a reload', async () => {
    await page.goto(`${product.url}/resources`);
    await banner().getByRole('button', { name: 'Reject Non-Essential' }).click();
    await banner().waitFor({ state: 'detached' });
    expect(await stored()).toMatchObject({ essential: true, functional: false, analytics: false, marketing: false, version: '1.0' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Never shown: hidden by the mark in the head before hydration, not drawn after.
    expect(await banner().isVisible()).toBe(false);
  });

  it('Customize Settings: a keyboard-usable, focus-trapped panel saves the chosen toggles; Cookie Settings reopens it', async () => {
    await page.goto(`${product.url}/`);
    await banner().getByRole('button', { name: 'Customize Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await dialog.waitFor();
    const essential = dialog.getByRole('switch', { name: 'Essential' });
    expect(await essential.getAttribute('aria-checked')).toBe('true');
    await essential.click({ force: true });
    expect(await essential.getAttribute('aria-checked')).toBe('true'); // cannot be turned off
    expect(await essential.getAttribute('aria-disabled')).toBe('true');
    for (const name of ['Functional', 'Analytics', 'Marketing']) {
      expect(await dialog.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('false');
    }
    // Keyboard: focus the Analytics switch and turn it on with Space.
    await dialog.getByRole('switch', { name: 'Analytics' }).focus();
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('switch', { name: 'Analytics' }).getAttribute('aria-checked')).toBe('true');
    // Focus stays inside the modal however far one tabs.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await stored()).toMatchObject({ essential: true, functional: false, analytics: true, marketing: false, version: '1.0' });

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Never shown: hidden by the mark in the head before hydration, not drawn after.
    expect(await banner().isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Cookie Settings' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: 'Analytics' }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the full privacy policy and terms with a way home, and the same text in the footer modals', async () => {
    await page.goto(`${product.url}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    const privacySections = await page.locator('main h2.fs-policy__heading').allTextContents();
    expect(privacySections).toHaveLength(13);
    expect(privacySections[0]).toBe('1. Who we are');
    expect(await page.locator('#retention').textContent()).toContain('at most 2 years');
    expect(await page.locator('#children').textContent()).toContain('under 16');
    expect(await page.getByRole('link', { name: 'Back to home' }).first().getAttribute('href')).toBe('/');
    // The configured support address, the one Settings and e-mails give, and no other.
    const supportLinks = page.locator('main').getByRole('link', { name: SUPPORT_EMAIL, exact: true });
    await supportLinks.first().waitFor();
    expect(await supportLinks.count()).toBe(4);
    expect(new Set(await supportLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))).toEqual(new Set([`mailto:${SUPPORT_EMAIL}`]));
    expect((await page.locator('main').innerText()).match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g)).toEqual(Array(4).fill(SUPPORT_EMAIL));

    await page.goto(`${product.url}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    expect(await page.locator('main h2.fs-policy__heading').count()).toBe(7);
    expect(await page.locator('#law').textContent()).toContain('England and Wales');
    expect(await page.locator('main').getByRole('link', { name: 'Privacy Policy' }).first().getAttribute('href')).toBe('/privacy');

    await page.goto(`${product.url}/`);
    await banner().getByRole('button', { name: 'Reject Non-Essential' }).click();
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    const modal = page.getByRole('dialog', { name: 'Privacy Policy' });
    await modal.waitFor();
    // The policies' text is its own chunk, fetched when a policy modal first opens.
    await modal.locator('h3').first().waitFor();
    expect(await modal.locator('h3').count()).toBe(13);
    expect(page.url()).toBe(`${product.url}/`);
    await assertAccessible(page, 'Privacy Policy dialog');
    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'hidden' });
    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).locator('h3').nth(6).waitFor();
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).getByRole('link', { name: SUPPORT_EMAIL }).waitFor();
    await assertAccessible(page, 'Terms & Conditions dialog');
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).getByRole('button', { name: 'OK' }).click();
    await footer.getByRole('button', { name: 'Cookie Policy' }).click();
    await page.getByRole('dialog', { name: 'Cookie Policy' }).getByText('Analytics: counts views').waitFor();
    await assertAccessible(page, 'Cookie Policy dialog');
    expect(await footer.textContent()).toContain('Contains data from GeoNames');

    // The resources page's footer contact link too.
    await page.goto(`${product.url}/resources`);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
  });
});
