import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createStaff, signInAtAdmin, signUpVerified, type NewAccount, type StaffAccount } from './accounts';
import { familyContext, launchChromium, signInInBrowser } from './browser';
import { startProduct, type RunningProduct, type StartProductOptions } from './product';

/** A staff member's browser: British locale and time, reduced motion, a desktop window unless told. */
export function staffContext(browser: Browser, options: { width?: number; acceptDownloads?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: 'reduce',
    ...(options.acceptDownloads ? { acceptDownloads: true } : {}),
  });
}

/** A new family account, its e-mail confirmed, signed in through /login in a fresh context `width` wide: the page on the dashboard. */
export async function familyPage(product: RunningProduct, browser: Browser, account: NewAccount & { password: string }, width: number): Promise<Page> {
  await signUpVerified(product, account);
  const page = await (await familyContext(browser, { width })).newPage();
  await signInInBrowser(page, product.url, account.email, account.password);
  return page;
}

/** The built product with staff accounts, and a browser whose context the first of them is signed in to at /admin. */
export interface StaffScreens {
  readonly product: RunningProduct;
  readonly browser: Browser;
  /** Every page of this context shares the first staff member's session. */
  readonly context: BrowserContext;
  stop(): Promise<void>;
}

/**
 * Starts the product (`options`), makes each staff account with the operator command, and signs the first
 * one in through the /admin sign-in screen once, as a person would. `stop` closes the browser and the product.
 */
export async function startWithStaff(options: StartProductOptions & { staff: readonly StaffAccount[] }): Promise<StaffScreens> {
  const product = await startProduct(options);
  for (const who of options.staff) await createStaff(product, who);
  const browser = await launchChromium();
  const context = await staffContext(browser);
  const page = await context.newPage();
  await signInAtAdmin(page, product, options.staff[0]!);
  await page.close();
  return {
    product,
    browser,
    context,
    stop: async () => {
      await context.close();
      await browser.close();
      await product.stop();
    },
  };
}

/** The contexts a spec opens as it goes; see `useContexts`. */
export interface OpenContexts {
  /** A page in `context` (a person's own browser), which is closed with the others. */
  newPage(context: Promise<BrowserContext>): Promise<Page>;
}

/**
 * The browser contexts a spec opens as it goes, each a person's own browser, closed together after each
 * test (`'each'`) or after all of them (`'all'`). Call it before the hooks that close the browser: Jest
 * runs after-hooks in the order they are declared.
 */
export function useContexts(closeAfter: 'each' | 'all'): OpenContexts {
  const open: BrowserContext[] = [];
  (closeAfter === 'each' ? afterEach : afterAll)(async () => {
    for (const context of open.splice(0)) await context.close();
  });
  return {
    async newPage(context) {
      const made = await context;
      open.push(made);
      return made.newPage();
    },
  };
}
