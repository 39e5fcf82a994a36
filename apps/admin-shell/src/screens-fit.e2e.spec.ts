import type { Browser, Page } from 'playwright-core';
import { familyContext, screenshot, signInAtAdmin, signInInBrowser, signUpVerified, type RunningProduct, useContexts, useProductAndBrowser, staffContext } from '@afterwards/testing';

// The back office's sections and a memory page, at a desktop and a 390 px phone: nothing on the page is
// wider than the window (no sideways scrolling). The back-office styles come from the design system, so
// this is also the before/after look of moving them there: SCREENSHOT_DIR=... saves each screen.
const WIDTHS = [1280, 390] as const;
const STAFF = { email: 'ada.look@example.test', name: 'Ada Look', password: 'quiet-harbour-72' };
const FAMILY = { email: 'ruth.look@example.test', name: 'Ruth Look', password: 'lantern-meadow-82' };
const SECTIONS: ReadonlyArray<[label: string, heading: string]> = [
  ['Dashboard', 'Dashboard'],
  ['Local Businesses', 'Local Businesses'],
  ['Promotions', 'Promotions'],
  ['Organisations', 'Organisations'],
  ['Coverage Analytics', 'Coverage Analytics'],
  ['Settings', 'Settings'],
  ['History', 'History'],
];

/** What sticks out past the window's right edge, as 'tag.class' names (empty when nothing does). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // A wide table inside a box that scrolls sideways on its own is fine: the page itself does not scroll.
    const scrollsOnItsOwn = (el: HTMLElement) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll<HTMLElement>('main *')].filter((el) => {
      if (el.closest('.aw-visually-hidden, dialog:not([open])') || scrollsOnItsOwn(el)) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1;
    });
    return wide.map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
  });
}

/** Waits until nothing on the screen is loading any more, and for the fonts that set its widths. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('main .aw-spinner, main [aria-busy="true"]'));
  // Checks that announce themselves ('Checking the audit trail...') have answered.
  await page.waitForFunction(() => ![...document.querySelectorAll('main [role="status"]')].some((el) => el.textContent?.trim().endsWith('...')));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

describe('the screens fit a phone and a desktop', () => {
  let product: RunningProduct;
  let browser: Browser;
  const contexts = useContexts('all');
  useProductAndBrowser({ profile: 'services', seedCount: 30 }, (started) => ({ product, browser } = started));

  beforeAll(async () => {
    product.tool('create-admin', '--email', STAFF.email, '--name', STAFF.name, '--password', STAFF.password);
    const family = await signUpVerified(product, FAMILY);
    await family.json('/api/auth/sign-in/email', { method: 'POST', json: { email: FAMILY.email, password: FAMILY.password } });
    const made = await family.json('/api/memories', {
      method: 'POST',
      json: { name: 'Mum', deceasedName: 'Margaret Look', jurisdiction: 'England', dateOfDeath: '2026-11-10' },
    });
    expect(made.status).toBe(201);
  }, 240_000);

  it.each(WIDTHS)('shows every back-office section within %i px', async (width) => {
    const page = await contexts.newPage(staffContext(browser, { width }));
    await signInAtAdmin(page, product, STAFF);
    const found: Record<string, string[]> = {};
    for (const [label, heading] of SECTIONS) {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: label }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The section's own screen, below the shell's heading.
      await page.locator('main h1 ~ *').first().waitFor();
      await settle(page);
      const wide = await overflowing(page);
      if (wide.length) found[label] = wide.slice(0, 5);
      await screenshot(page, `look-${label.toLowerCase().replace(/ /g, '-')}-${width}`);
    }
    expect(found).toEqual({});
  }, 120_000);

  // The header's live-updates indicator comes from a remote after the menu is drawn, and its words change as
  // the connection opens. Had the header grown then, a press on a section would land on one button and its
  // release on the one that moved under it, and nothing would open (at 375 px a click on Coverage Analytics
  // was lost that way in CI). The box of the menu's list is read after every change to the page until it has loaded.
  it('keeps the section menu where it first appears while the staff area loads, from 320 to 1280 px', async () => {
    const signIn = await contexts.newPage(staffContext(browser));
    await signInAtAdmin(signIn, product, STAFF);
    const context = signIn.context();
    await context.addInitScript(() => {
      const boxes: string[] = [];
      Object.assign(window, { menuBoxes: boxes });
      new MutationObserver(() => {
        const menu = document.querySelector('nav[aria-label="Sections"] ul');
        if (!menu) return;
        const { x, y, width, height } = menu.getBoundingClientRect();
        const box = [x, y, width, height].map((n) => n.toFixed(1)).join(' ');
        if (boxes.at(-1) !== box) boxes.push(box);
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const moved: Record<number, string[]> = {};
    for (const width of [320, 375, 390, 768, 800, 1280]) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${product.url}/admin/`);
      await page.locator('header').getByRole('status').filter({ hasText: 'Live updates on' }).waitFor();
      await page.locator('.aw-stat__value').filter({ hasText: /^\d/ }).first().waitFor();
      await settle(page);
      const boxes = await page.evaluate(() => (window as unknown as { menuBoxes: string[] }).menuBoxes);
      if (boxes.length !== 1) moved[width] = boxes;
      await page.close();
    }
    expect(moved).toEqual({});
  }, 120_000);

  it.each(WIDTHS)('shows a memory page within %i px', async (width) => {
    const page = await contexts.newPage(familyContext(browser, { width }));
    await signInInBrowser(page, product.url, FAMILY.email, FAMILY.password);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const found: Record<string, string[]> = {};
    const tabs: ReadonlyArray<[tab: string, shown: string]> = [
      ['Overview', 'Active Memories'],
      ['Memories', 'Margaret Look'],
      ['Tasks', 'Register the death'],
    ];
    for (const [tab, shown] of tabs) {
      // On a phone the dashboard's menu folds behind a button.
      const open = page.getByRole('button', { name: 'Open menu' });
      if (await open.isVisible()) await open.click();
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: tab, exact: true }).click();
      await page.getByText(shown).first().waitFor();
      await settle(page);
      const wide = await overflowing(page);
      if (wide.length) found[tab] = wide.slice(0, 5);
      await screenshot(page, `look-memory-${tab.toLowerCase()}-${width}`);
    }
    expect(found).toEqual({});
  }, 120_000);
});
