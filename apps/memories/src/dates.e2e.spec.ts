import type { Browser, Page } from 'playwright-core';
import { addDays, addMonths, formatDateEnGB, isoDateIn } from '@afterwards/checklist-domain';
import { assertAccessible, familyPage, useProductAndBrowser, type RunningProduct, screenshot } from '@afterwards/testing';

// Issue 40, items 1-3 in the browser: benefits suggested within their limit, the one-step 'Done before I
// started' offer of a late start, and the same timing words before and after a memory exists.
// SCREENSHOT_DIR=... saves shots.
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

describe('dates that protect money, and late starts, in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  const today = isoDateIn(new Date());

  useProductAndBrowser({ profile: 'embedded', seedCount: 0, env: { NODE_ENV: 'test' } }, (started) => ({ product, browser } = started));

  const signedInPage = (email: string, width: number): Promise<Page> => familyPage(product, browser, { email, password: 'lantern-meadow-64', name: 'Ruth Ellis' }, width);

  async function openMemory(page: Page, data: Record<string, string>): Promise<void> {
    const opened = await page.request.post(`${product.url}/api/memories`, { headers: { origin: product.url }, data });
    expect(opened.status()).toBe(201);
    await page.reload();
  }

  const tasksTab = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Tasks', exact: true }).click();
  const task = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });

  it('an England memory of a death 21 days ago suggests benefits by 3 months after the death and states the limit; the preview and the memory use the same words', async () => {
    const page = await signedInPage('ruth.benefits@example.test', 1280);

    // Before any memory: the preview reads the registration as an estimate, as a real England memory does.
    await tasksTab(page);
    await expect(task(page, 'Register the death').locator('.mem-item__deadline').innerText()).resolves.toBe('Usually due within 5 days');

    const dateOfDeath = addDays(today, -21);
    await openMemory(page, { name: 'Mum', deceasedName: 'Margaret Jones', jurisdiction: 'England', dateOfDeath });
    await tasksTab(page);
    await expect(task(page, 'Register the death').locator('.mem-item__deadline').innerText()).resolves.toMatch(/^Usually due by /);

    const benefits = task(page, 'Claim bereavement benefits');
    const limit = addMonths(dateOfDeath, 3);
    // Counted from the start the suggestion would be 90 days from today, 111 days after the death.
    await expect(benefits.locator('.mem-item__deadline').innerText()).resolves.toBe(`Suggested by ${formatDateEnGB(limit)}`);
    await expect(benefits.locator('.mem-item__notes').innerText()).resolves.toContain(`Limit: within 3 months of the death (${formatDateEnGB(limit)}).`);
    await benefits.scrollIntoViewIfNeeded();
    await shot(page, 'benefits-limit-1280');
    await page.context().close();
  }, 120_000);

  it("a late Ireland memory offers 'Done before I started' for the funeral in one step, by keyboard, at phone width", async () => {
    const page = await signedInPage('ruth.late@example.test', 1280);
    await openMemory(page, { name: 'Dad', deceasedName: 'Seán Byrne', jurisdiction: 'Ireland', dateOfDeath: addMonths(today, -6) });
    await tasksTab(page);
    await page.setViewportSize({ width: 375, height: 800 });

    const offer = page.getByRole('region', { name: 'Already done before you started?' });
    await offer.waitFor();
    await expect(offer.getByRole('listitem').allInnerTexts()).resolves.toEqual(['Arrange the funeral', 'Secure the home and belongings', 'Register the death']);
    await assertAccessible(page, 'late-start offer at 375px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await offer.scrollIntoViewIfNeeded();
    await shot(page, 'late-start-offer-375');

    const accept = offer.getByRole('button', { name: 'Mark all 3 as done before I started' });
    await accept.focus();
    await page.keyboard.press('Enter');
    await offer.waitFor({ state: 'hidden' });
    await task(page, 'Arrange the funeral').getByText('Done before I started', { exact: true }).waitFor();
    await task(page, 'Register the death').getByText('Done before I started', { exact: true }).waitFor();
    await expect(task(page, 'Apply for probate').getByText('Done before I started', { exact: true }).count()).resolves.toBe(0);
    await task(page, 'Arrange the funeral').scrollIntoViewIfNeeded();
    await shot(page, 'late-start-settled-375');
    await page.context().close();
  }, 120_000);
});
