import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { startProduct, type RunningProduct, type StartProductOptions } from './product';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs (no background calls home). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A browser context where the cookie choice is already made (analytics only if `analytics`), so the consent
 * banner does not cover what a test clicks; the other options are Playwright's.
 */
export async function consentedContext(browser: Browser, options: BrowserContextOptions & { analytics?: boolean } = {}): Promise<BrowserContext> {
  const { analytics = false, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  await context.addInitScript(
    (analyticsChosen) =>
      localStorage.setItem(
        'afterwards.cookie-consent',
        JSON.stringify({ essential: true, functional: false, analytics: analyticsChosen, marketing: false, timestamp: new Date().toISOString(), version: '1.0' }),
      ),
    analytics,
  );
  return context;
}

/**
 * A family member's browser: British locale and time, reduced motion, and the cookie choice already made,
 * so the consent banner does not cover what a test clicks.
 */
export function familyContext(browser: Browser, options: { width: number; acceptDownloads?: boolean }): Promise<BrowserContext> {
  return consentedContext(browser, {
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: options.width, height: 900 },
    reducedMotion: 'reduce',
    ...(options.acceptDownloads ? { acceptDownloads: true } : {}),
  });
}

/** Fills the sign-in form on the page it is on (`/login`, or where an invitation sent it). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Opens a tab of the family dashboard; at phone width the tabs sit behind the menu button, which is hidden on a
 * wider screen. Waits for one of the two to show first: right after sign-in the bar may not be drawn yet.
 */
export async function openDashboardTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name, exact: true });
  const menu = page.getByRole('button', { name: 'Open menu', exact: true });
  await tab.or(menu).first().waitFor();
  if (!(await tab.isVisible())) await menu.click();
  await tab.click();
}

/** Signs in at `/login` as a person would and waits for the dashboard. */
export async function signInInBrowser(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await fillSignIn(page, email, password);
  await page.waitForURL(`${url}/dashboard`);
}

/** What a page's first load fetched and logged. */
export interface FirstLoad {
  readonly responses: Response[];
  /** Console errors and uncaught exceptions, as text. */
  readonly consoleErrors: string[];
  /** Scripts fetched, with their size as sent (encoded) and their content encoding. */
  readonly scripts: { url: string; bytes: number; encoding: string }[];
  /** `METHOD URL` of every request made more than once. */
  readonly repeated: string[];
  close(): Promise<void>;
}

/**
 * Opens `url` in a fresh context (a first visit) and waits for its main landmark, then until a second
 * passes with nothing more arriving: the first load. The live-updates socket keeps polling open, so
 * 'network idle' never comes; its requests are left out.
 */
export async function firstLoad(browser: Browser, url: string): Promise<FirstLoad> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const responses: Response[] = [];
  let lastResponseAt = Date.now();
  page.on('response', (response) => {
    if (response.url().includes('/socket.io/')) return;
    responses.push(response);
    lastResponseAt = Date.now();
  });
  await page.goto(url);
  await page.getByRole('main').waitFor();
  while (Date.now() - lastResponseAt < 1000) await page.waitForTimeout(200);

  const scripts = [];
  for (const r of responses.filter((x) => x.request().resourceType() === 'script')) {
    scripts.push({ url: r.url(), bytes: (await r.request().sizes()).responseBodySize, encoding: (await r.allHeaders())['content-encoding'] ?? 'identity' });
  }
  const asked = responses.map((r) => `${r.request().method()} ${r.url()}`);
  return { responses, consoleErrors, scripts, repeated: asked.filter((a, i) => asked.indexOf(a) !== i), close: () => context.close() };
}

/**
 * Saves `name.png` in SCREENSHOT_DIR when it is set, so a person can look at the screens a browser test
 * went through; does nothing otherwise.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * Starts the product and a browser before a file's (or a describe's) tests, hands both to `started`, and
 * closes them after: the set-up most browser tests share, written once.
 */
export function useProductAndBrowser(options: StartProductOptions, started: (running: { product: RunningProduct; browser: Browser }) => unknown): void {
  let running: { product: RunningProduct; browser: Browser } | undefined;
  let product: RunningProduct | undefined;
  beforeAll(async () => {
    product = await startProduct(options);
    running = { product, browser: await launchChromium() };
    await started(running);
  }, 180_000);
  afterAll(async () => {
    await running?.browser.close();
    await product?.stop();
  });
}
