import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addDays, isoDateIn } from '@afterwards/checklist-domain';
import { MemoryRemindersSchema } from '@afterwards/contracts';
import { assertAccessible, familyContext, latestMail, launchChromium, signInInBrowser, signUpVerified, startProduct, type RunningProduct } from '@afterwards/testing';

// Memories are opened at real time (the day each is started), so the story's dates move with today: the death
// is yesterday, which is no late start (issue 40, item 2: tasks that must have happened before a late start
// are never reminded). `on` moves a date or an instant of the original story (death on 9 March 2026).
const SHIFT_DAYS = Math.round((Date.parse(addDays(isoDateIn(new Date()), -1)) - Date.parse('2026-03-09')) / 86_400_000);
const on = (iso: string): string => (iso.length === 10 ? addDays(iso, SHIFT_DAYS) : new Date(Date.parse(iso) + SHIFT_DAYS * 86_400_000).toISOString());

// 'Add to calendar' on the Tasks tab: the dialog with the .ics download, the private calendar address and the
// memory's reminder switch, by keyboard and pointer, at desktop and phone widths. SCREENSHOT_DIR=... saves shots.
const shots = process.env.SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
}

describe('calendar and reminders in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  // The product's clock (test only): real time until the file exists.
  const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-clock-'));
  const clockFile = path.join(clockDir, 'now');

  beforeAll(async () => {
    product = await startProduct({ profile: 'embedded', seedCount: 0, env: { NODE_ENV: 'test', AFTERWARDS_TEST_CLOCK_FILE: clockFile, REMINDER_SWEEP_MS: '200' } });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    fs.rmSync(clockDir, { recursive: true, force: true });
  });

  async function signedInPage(email: string, width: number): Promise<Page> {
    const password = 'lantern-meadow-64';
    await signUpVerified(product, { email, password, name: 'Ruth Ellis' });
    const context = await familyContext(browser, { width });
    const page = await context.newPage();
    await signInInBrowser(page, product.url, email, password);
    return page;
  }

  it('offers the download, a calendar address and the reminder switch, keyboard usable and accessible, at desktop and phone widths', async () => {
    {
      const width = 1280;
      const page = await signedInPage('ruth.calendar@example.test', width);
      const origin = { origin: product.url };
      const opened = await page.request.post(`${product.url}/api/memories`, {
        headers: origin,
        data: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09' },
      });
      expect(opened.status()).toBe(201);
      const memoryId = ((await opened.json()) as { memory: { id: string } }).memory.id;
      await page.reload();
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Tasks', exact: true }).click();

      // Keyboard: focus the button, Enter opens the dialog.
      const trigger = page.getByRole('button', { name: 'Add to calendar for Mum' });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Calendar and reminders: Mum' });
      await dialog.getByRole('link', { name: 'Download .ics for Mum' }).waitFor();
      const reminders = dialog.getByRole('switch', { name: 'Email me reminders for this memory' });
      await expect(reminders.getAttribute('aria-checked')).resolves.toBe('true');
      await assertAccessible(page, 'calendar and reminders dialog');
      await shot(page, `calendar-dialog-${width}`);

      // A calendar address: made, shown once, and turned off.
      await dialog.getByRole('button', { name: 'Make a calendar address' }).click();
      const address = dialog.getByRole('textbox', { name: 'Calendar address' });
      await address.waitFor();
      expect(await address.inputValue()).toMatch(new RegExp(`^${product.url}/api/calendar/[\\w-]+\\.ics$`));
      await dialog.getByRole('button', { name: 'Copy address' }).waitFor();
      await assertAccessible(page, 'calendar address shown');
      await shot(page, `calendar-address-${width}`);
      const feed = await fetch(await address.inputValue());
      expect(feed.status).toBe(200);
      await dialog.getByRole('button', { name: 'Turn address off' }).click();
      await dialog.getByRole('button', { name: 'Make a calendar address' }).waitFor();

      // The switch, by keyboard: Space turns this memory's reminders off.
      await reminders.focus();
      await page.keyboard.press('Space');
      await dialog.getByRole('switch', { name: 'Email me reminders for this memory', checked: false }).waitFor();
      const state = MemoryRemindersSchema.parse(await (await page.request.get(`${product.url}/api/memories/${memoryId}/reminders`)).json());
      expect(state).toMatchObject({ enabled: false, calendar: { subscribed: false } });

      // Escape closes it and gives focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForFunction(() => document.activeElement?.textContent?.includes('Add to calendar'));

      // Phone width: the dialog fits, with nothing to scroll sideways.
      await page.setViewportSize({ width: 375, height: 800 });
      await trigger.click();
      await dialog.getByRole('button', { name: 'Make a calendar address' }).click();
      await dialog.getByRole('textbox', { name: 'Calendar address' }).waitFor();
      await assertAccessible(page, 'calendar and reminders dialog at 375px');
      await shot(page, 'calendar-address-375');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.context().close();
    }
  }, 120_000);

  it("the reminder e-mail's stop link opens a page whose button stops that memory's reminders, without signing in", async () => {
    const page = await signedInPage('ruth.stop@example.test', 1280);
    const opened = await page.request.post(`${product.url}/api/memories`, {
      headers: { origin: product.url },
      data: { name: 'Dad', deceasedName: 'Owen Price', jurisdiction: 'England', dateOfDeath: on('2026-03-09') },
    });
    expect(opened.status()).toBe(201);
    const memoryId = ((await opened.json()) as { memory: { id: string } }).memory.id;
    // 7 days before the registration deadline (14 March), 09:00 UK time.
    fs.writeFileSync(clockFile, on('2026-03-07T09:00:00.000Z'));
    const mail = await latestMail(product.outboxDir, 'ruth.stop@example.test', { kind: 'deadline-reminder', timeoutMs: 20_000 });
    const stopLink = mail.links.find((l) => l.includes('/api/reminders/unsubscribe?token='))!;

    // A fresh browser with no session, as from a mail program.
    const stranger = await browser.newContext({ locale: 'en-GB', viewport: { width: 375, height: 800 } });
    const stop = await stranger.newPage();
    await stop.goto(stopLink);
    await stop.getByRole('heading', { name: 'Stop reminder e-mails?' }).waitFor();
    await assertAccessible(stop, 'stop reminders page');
    await shot(stop, 'stop-reminders-375');
    await stop.getByRole('button', { name: 'Stop reminders for this memory' }).click();
    await stop.getByRole('heading', { name: 'Reminders stopped' }).waitFor();
    await stop.getByText('You will not get any more reminder e-mails about "Dad".').waitFor();
    await assertAccessible(stop, 'reminders stopped page');
    await stranger.close();

    const state = MemoryRemindersSchema.parse(await (await page.request.get(`${product.url}/api/memories/${memoryId}/reminders`)).json());
    expect(state.enabled).toBe(false);
    await page.context().close();
  }, 120_000);
});
