import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addDays, isoDateIn } from '@afterwards/checklist-domain';
import { MemoryRemindersSchema, ReminderPreviewSchema } from '@afterwards/contracts';
import { firstReminderDay, ukWallTime } from '@afterwards/cases-domain';
import {
  assertAccessible,
  familyContext,
  latestMail,
  launchChromium,
  signedIn,
  signInInBrowser,
  familyPage,
  signUpVerified,
  startProduct,
  type RunningProduct,
  screenshot,
} from '@afterwards/testing';

// Memories are opened at real time (the day each is started), so the story's dates move with today: the death
// is yesterday, which is no late start (issue 40, item 2: tasks that must have happened before a late start
// are never reminded). `on` moves a date or an instant of the original story (death on 9 March 2026).
const SHIFT_DAYS = Math.round((Date.parse(addDays(isoDateIn(new Date()), -1)) - Date.parse('2026-03-09')) / 86_400_000);
const on = (iso: string): string => (iso.length === 10 ? addDays(iso, SHIFT_DAYS) : new Date(Date.parse(iso) + SHIFT_DAYS * 86_400_000).toISOString());

// 'Add to calendar' on the Tasks tab: the dialog with the .ics download, the private calendar address and the
// memory's reminder switch, by keyboard and pointer, at desktop and phone widths. SCREENSHOT_DIR=... saves shots.
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

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

  const signedInPage = (email: string, width: number): Promise<Page> => familyPage(product, browser, { email, password: 'lantern-meadow-64', name: 'Ruth Ellis' }, width);

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
    // Nothing goes in a memory's first 24 hours (issue 40, item 4): 09:00 UK time on its first reminder morning.
    const createdAt = ((await opened.json()) as { memory: { createdAt: string } }).memory.createdAt;
    fs.writeFileSync(clockFile, ukWallTime(firstReminderDay(new Date(createdAt)), 9).toISOString());
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

  it("Settings shows the next reminder e-mail as the sender would write it, and a viewer's choice to hear none, at desktop and phone widths", async () => {
    fs.writeFileSync(clockFile, new Date().toISOString());
    const page = await signedInPage('ruth.settings@example.test', 1280);
    const opened = await page.request.post(`${product.url}/api/memories`, {
      headers: { origin: product.url },
      data: { name: 'Mum', deceasedName: 'Margaret Jones', jurisdiction: 'England', dateOfDeath: addDays(isoDateIn(new Date()), -1) },
    });
    expect(opened.status()).toBe(201);
    const memoryId = ((await opened.json()) as { memory: { id: string } }).memory.id;
    // Sam is given Mum to view.
    await signUpVerified(product, { email: 'sam.settings@example.test', password: 'lantern-meadow-65', name: 'Sam Jones' });
    const sam = await signedIn(product, 'sam.settings@example.test', 'lantern-meadow-65');
    expect(
      (
        await page.request.post(`${product.url}/api/memories/${memoryId}/invitations`, {
          headers: { origin: product.url },
          data: { email: 'sam.settings@example.test', role: 'viewer' },
        })
      ).status(),
    ).toBe(201);
    const invitation = await latestMail(product.outboxDir, 'sam.settings@example.test', { kind: 'memory-invitation' });
    const token = new URL(invitation.links[0]!).searchParams.get('token')!;
    expect((await sam.json(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' })).status).toBe(200);

    // Ruth, the owner: the card says when the next e-mail goes, its subject and what it lists, as the sender will.
    const expected = ReminderPreviewSchema.parse(await (await page.request.get(`${product.url}/api/reminders/next`)).json());
    expect(expected.next!.subject).toMatch(/^Reminders for Margaret Jones: \d+ things? this week$/);
    await page.reload();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const card = page.getByRole('region', { name: 'Reminder e-mails' });
    await card.getByRole('heading', { name: 'Your next reminder e-mail' }).waitFor();
    await card.getByText(expected.next!.subject, { exact: true }).waitFor();
    await card.getByText(expected.next!.sections[0]!.lines[0]!, { exact: true }).waitFor();
    await card.getByText(/you can tick (it|them) off in the checklist/).waitFor();
    // She views nothing: no viewer switch.
    expect(await card.getByRole('switch').count()).toBe(0);
    await assertAccessible(page, 'settings with the next reminder e-mail');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'settings-reminders-1280');
    await page.context().close();

    // Sam, viewing only, on a phone: viewer words, and the switch to hear none, by keyboard.
    const context = await familyContext(browser, { width: 375 });
    const phone = await context.newPage();
    await signInInBrowser(phone, product.url, 'sam.settings@example.test', 'lantern-meadow-65');
    await phone.getByRole('button', { name: 'Settings', exact: true }).click();
    const samCard = phone.getByRole('region', { name: 'Reminder e-mails' });
    await samCard.getByText(/^Ruth Ellis will see (this|these) on the checklist\./).waitFor();
    expect(await samCard.getByText(/you can tick (it|them) off/).count()).toBe(0);
    await samCard.scrollIntoViewIfNeeded();
    await shot(phone, 'settings-reminders-viewer-375');
    const viewerSwitch = samCard.getByRole('switch', { name: 'Reminders for memories I can only view' });
    await expect(viewerSwitch.getAttribute('aria-checked')).resolves.toBe('true');
    await viewerSwitch.focus();
    await phone.keyboard.press('Space');
    await samCard.getByRole('switch', { name: 'Reminders for memories I can only view', checked: false }).waitFor();
    await samCard.getByText('Nothing is due in the next two weeks, so no reminder e-mail is planned.').waitFor();
    expect(ReminderPreviewSchema.parse((await sam.json('/api/reminders/next')).body)).toMatchObject({ viewerReminders: false, next: null });
    await assertAccessible(phone, 'settings reminders for a viewer at 375px');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(phone, 'settings-reminders-viewer-off-375');
    await context.close();
  }, 150_000);
});
