import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addDays, addMonths, formatDateEnGB, isoDateIn } from '@afterwards/checklist-domain';
import { assertAccessible, familyPage, useProductAndBrowser, type RunningProduct, screenshot } from '@afterwards/testing';

// Overview, Memories, Create New Memory, case details, the detail and edit dialogs and Delete Forever in the
// browser against the built product. SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

// A 64×64 teal PNG: a real image the server can read and thumbnail.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAoElEQVRoge2SQQkAQRDDqiiC+lj/Mk7EPcJAIQLS0PB6mugGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr8gu1LtEN2ADqldkF+pdohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/4hw/DM2DTQv1p6gAAAABJRU5ErkJggg==',
  'base64',
);

describe('memories in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;

  useProductAndBrowser({ profile: 'services', seedCount: 0 }, (started) => ({ product, browser } = started));

  const signedInPage = (email: string, width: number): Promise<Page> => familyPage(product, browser, { email, password: 'lantern-meadow-82', name: 'Ruth Ellis' }, width);

  it('creates, views and edits a memory; Ctrl/Cmd+N, Ctrl/Cmd+Shift+N and Escape', async () => {
    const page = await signedInPage('ruth.memories@example.test', 1280);

    // Overview: stat cards and action cards; the header's sync indicator settles on synced.
    for (const label of ['Active Memories', 'Completed Tasks', 'Documents Collected', 'Pending Tasks']) await page.getByText(label, { exact: true }).waitFor();
    await page.locator('.mem-sync[data-status="synced"]').waitFor();
    await shot(page, 'overview-empty-1280');

    // Memories: the empty state, then Create New Memory from it.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Memories' }).click();
    await page.getByRole('heading', { name: 'No Memories Yet' }).waitFor();
    await page.getByRole('button', { name: 'Create Your First Memory' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Memory' });
    await create.waitFor();
    expect(await create.getByLabel('Jurisdiction').inputValue()).toBe('England');
    expect(await create.getByLabel('Place of Death').getAttribute('placeholder')).toBe('City, Country');
    await create.getByRole('button', { name: 'Create Memory' }).click();
    await create.getByText('Please fill in all required fields').first().waitFor();
    await create.getByLabel('Memory Name').fill("Mum's affairs");
    await create.getByLabel("Deceased Person's Name").fill('Jean Ellis');
    await create.getByLabel('Jurisdiction').selectOption('Scotland');
    await create.getByLabel('Your Relationship').selectOption('Child');
    await create.getByLabel('Place of Death').fill('Perth, UK');
    await create.getByLabel(/Memory Photo/).setInputFiles({ name: 'jean.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, 'create-1280');
    await create.getByRole('button', { name: 'Create Memory' }).click();
    await page.getByText('Case created successfully with complete checklist!').waitFor();
    await create.waitFor({ state: 'hidden' });

    // The card: name, deceased name, jurisdiction, created date, progress and counts, photo thumbnail.
    const card = page.getByRole('article', { name: "Mum's affairs" });
    await card.getByText('Jean Ellis').waitFor();
    await card.getByText('Scotland').waitFor();
    await card.getByText(/^Created \d{1,2} [A-Z][a-z]+ \d{4}$/).waitFor();
    await card.getByRole('progressbar').waitFor();
    await card.getByRole('img', { name: 'Photo of Jean Ellis' }).waitFor();
    await expect(card.getByRole('img', { name: 'Photo of Jean Ellis' }).evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBeGreaterThan(0);
    await shot(page, 'memories-1280');

    // Case details with per-category progress; the detail dialog; back to the list.
    await card.getByRole('button', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 2, name: "Mum's affairs" }).waitFor();
    await page.getByRole('region', { name: 'Tasks by category' }).getByRole('progressbar').first().waitFor();
    await page.getByText("You've got this!").waitFor();
    await shot(page, 'case-details-1280');
    await page.getByRole('button', { name: 'Memory information' }).click();
    const info = page.getByRole('dialog', { name: "Mum's affairs" });
    await info.getByText('Perth, UK').waitFor();
    await assertAccessible(page, 'memory information dialog');
    await info.getByRole('button', { name: 'Edit Case' }).click();

    // Edit: a stale version answers 409 with the message, the form is refilled, and saving again works.
    const edit = page.getByRole('dialog', { name: 'Edit Memory Information' });
    await edit.waitFor();
    const memories = await page.evaluate(async () => (await (await fetch('/api/memories')).json()) as { memories: { id: string; detailsVersion: number }[] });
    const id = memories.memories[0]!.id;
    const elsewhere = await page.evaluate(
      async ([memoryId, version]) =>
        (
          await fetch(`/api/memories/${memoryId}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ placeOfDeath: 'Perth, Scotland', expectedDetailsVersion: version }),
          })
        ).status,
      [id, memories.memories[0]!.detailsVersion] as const,
    );
    expect(elsewhere).toBe(200);
    await edit.getByLabel('Memory Name').fill('Mum (Jean)');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText(/changed in another tab or device/).waitFor();
    // The form is refilled with the other tab's version once the memory has been fetched again.
    await page.waitForFunction(() => (document.querySelector('dialog[open] input[placeholder="City, Country"]') as HTMLInputElement | null)?.value === 'Perth, Scotland');
    await edit.getByLabel('Memory Name').fill('Mum (Jean)');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Case details updated successfully!').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Mum (Jean)' }).waitFor();

    // Ctrl+N opens Create New Memory from any tab; Escape closes it.
    await page.keyboard.press('Control+n');
    await create.waitFor();
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'hidden' });
    // Ctrl+Shift+N opens the note editor for the first memory, on the Notes tab.
    await page.keyboard.press('Control+Shift+N');
    const note = page.getByRole('dialog', { name: 'Create Note' });
    await note.waitFor();
    await page.getByRole('heading', { name: 'Notes & Documentation' }).waitFor();
    await page.keyboard.press('Escape');
    await note.waitFor({ state: 'hidden' });
    await page.locator('.aw-toast').first().waitFor({ state: 'detached' });
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'header-1280.png'), clip: { x: 0, y: 0, width: 1280, height: 80 } });

    await page.context().close();
  }, 120_000);

  it('deletes a memory forever from the list', async () => {
    const page = await signedInPage('ruth.delete@example.test', 1280);
    await page.getByRole('button', { name: 'Create New Memory' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Memory' });
    await create.getByLabel('Memory Name').fill('Mum (Jean)');
    await create.getByLabel("Deceased Person's Name").fill('Jean Ellis');
    await create.getByRole('button', { name: 'Create Memory' }).click();
    await page.getByRole('article', { name: 'Mum (Jean)' }).waitFor();
    // Delete Forever from the list.
    await page.getByRole('button', { name: 'Delete Mum (Jean)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this memory forever?' });
    await confirm
      .getByText(/cannot be undone/i)
      .first()
      .waitFor();
    await shot(page, 'delete-1280');
    await confirm.getByRole('button', { name: 'Delete Forever' }).click();
    await page.getByText('Memory deleted successfully').waitFor();
    await page.getByRole('heading', { name: 'No Memories Yet' }).waitFor();
    await page.context().close();
  }, 120_000);

  it('keeps a card short when the memory has a very long name (255 characters)', async () => {
    const page = await signedInPage('ruth.long@example.test', 375);
    const longName = `In loving memory of ${'Bartholomew-Featherstonehaugh '.repeat(8)}`.slice(0, 255);
    await page.getByRole('button', { name: 'Create New Memory' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Memory' });
    await create.getByLabel('Memory Name').fill(longName);
    await create.getByLabel("Deceased Person's Name").fill('Bart Feather');
    await create.getByRole('button', { name: 'Create Memory' }).click();
    const card = page.getByRole('article', { name: longName.trim() });
    await card.waitFor();
    // Three lines of the name at most; the whole name stays in the accessible name.
    const nameBox = await card.locator('.mem-card__name').boundingBox();
    const lineHeight = await card.locator('.mem-card__name').evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(nameBox!.height).toBeLessThanOrEqual(lineHeight * 3 + 2);
    await page.context().close();
  }, 120_000);

  it('marks only a passed legal deadline as Overdue: a funeral reads "Suggested by", and a late start shows what is still possible', async () => {
    const page = await signedInPage('ruth.deadlines@example.test', 1280);
    const today = isoDateIn(new Date());
    const created = await page.evaluate(
      async (bodies) => {
        const statuses: number[] = [];
        for (const body of bodies) {
          const answer = await fetch('/api/memories', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          statuses.push(answer.status);
        }
        return statuses;
      },
      [
        // Died two days ago in Scotland (8 days to register, counted from the death).
        { name: 'Isla', deceasedName: 'Isla Reid', jurisdiction: 'Scotland', dateOfDeath: addDays(today, -2) },
        // Started six months after a death in Ireland (3 months to register).
        { name: 'Seán', deceasedName: 'Seán Byrne', jurisdiction: 'Ireland', dateOfDeath: addMonths(today, -6) },
      ],
    );
    expect(created).toEqual([201, 201]);

    // Ten days on in the browser: the funeral's suggested date and Scotland's 8 days have both gone by.
    await page.clock.setFixedTime(new Date(`${addDays(today, 10)}T12:00:00Z`));
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Tasks', exact: true }).click();

    const scotland = page.getByRole('region', { name: 'Isla', exact: true });
    const funeral = scotland.locator('li.mem-item', { hasText: 'Arrange the funeral' });
    await funeral.getByText(`Suggested by ${formatDateEnGB(addDays(today, 7))}`, { exact: true }).waitFor();
    expect(await funeral.locator('.mem-badge--overdue').count()).toBe(0);
    expect(await funeral.locator('.mem-badge--critical').count()).toBe(0);
    await funeral.getByText('Priority', { exact: true }).waitFor();
    const register = scotland.locator('li.mem-item', { hasText: 'Register the death' });
    await register.getByText(`Legal deadline was ${formatDateEnGB(addDays(today, 6))}`, { exact: true }).waitFor();
    await register.locator('.mem-badge--overdue', { hasText: 'Overdue' }).waitFor();

    const ireland = page.getByRole('region', { name: 'Seán', exact: true });
    await ireland.getByText(/^You started this checklist on .+, after some of the usual timings had passed\./).waitFor();
    const irishRegister = ireland.locator('li.mem-item', { hasText: 'Register the death' });
    await irishRegister.getByText(`Past the legal deadline (${formatDateEnGB(addMonths(addMonths(today, -6), 3))}) — you can still do this`, { exact: true }).waitFor();
    await irishRegister.getByText(/^You can still register the death/).waitFor();
    await ireland
      .locator('li.mem-item', { hasText: 'Arrange the funeral' })
      .getByText(`Suggested by ${formatDateEnGB(addDays(today, 7))}`, { exact: true })
      .waitFor();
    expect(await ireland.locator('.mem-badge--overdue').count()).toBe(0);
    // On the whole tab, one Overdue: Scotland's registration.
    expect(await page.locator('.mem-badge--overdue').count()).toBe(1);
    await shot(page, 'tasks-deadlines-1280');
    await page.setViewportSize({ width: 375, height: 900 });
    await ireland.scrollIntoViewIfNeeded();
    await shot(page, 'tasks-deadlines-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  }, 120_000);

  it("lets a family that started late mark a task 'Done before I started' and another 'Not needed', and undo it", async () => {
    const page = await signedInPage('ruth.late@example.test', 1280);
    const today = isoDateIn(new Date());
    const status = await page.evaluate(
      async (body) => {
        const answer = await fetch('/api/memories', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return answer.status;
      },
      { name: 'Grandad', deceasedName: 'Hamish Reid', jurisdiction: 'Scotland', dateOfDeath: addDays(today, -20) },
    );
    expect(status).toBe(201);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Tasks', exact: true }).click();
    const memory = page.getByRole('region', { name: 'Grandad', exact: true });
    const register = memory.locator('li.mem-item', { hasText: 'Register the death' });
    // Started after the legal deadline: the task says what can still be done.
    await register.getByText(/^Past the legal deadline/).waitFor();

    // The registration was done before the family found the product: say so, with why.
    await register.getByRole('button', { name: 'Does not apply? Register the death' }).click();
    const dialog = page.getByRole('dialog', { name: 'Does this apply?' });
    await dialog.getByLabel('Done before I started').check();
    await dialog.getByLabel('Reason (optional)').fill('The funeral director registered it with us last week');
    await assertAccessible(page, 'Does this apply? dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('.aw-toast', { hasText: '"Register the death" marked as done before you started' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await register.locator('.mem-badge--settled', { hasText: 'Done before I started' }).waitFor();
    await register.getByText('The funeral director registered it with us last week').waitFor();
    expect(await register.getByRole('button', { name: 'Does not apply? Register the death' }).count()).toBe(0);
    expect(await register.locator('.mem-item__notes').count()).toBe(0);

    // Another task does not apply at all.
    const pension = memory
      .locator('li.mem-item')
      .filter({ has: page.getByRole('button', { name: /^Does not apply\? / }) })
      .first();
    const pensionTitle = (await pension.locator('.mem-item__title').textContent())!.trim();
    await pension.getByRole('button', { name: `Does not apply? ${pensionTitle}` }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await memory.getByText(/^Hamish Reid · Scotland · 2 of \d+ tasks done \(1 not needed, 1 done before I started\)$/).waitFor();
    // Settled tasks are not pending.
    const pending = page.locator('dl[aria-label="Task counts"] .mem-tally__item', { hasText: 'Pending' }).locator('dd');
    const total = page.locator('dl[aria-label="Task counts"] .mem-tally__item', { hasText: 'Total' }).locator('dd');
    expect(Number(await pending.textContent())).toBe(Number(await total.textContent()) - 2);
    await shot(page, 'tasks-settled-1280');

    // Add to calendar offers the memory's deadlines as an .ics file.
    await memory.getByRole('button', { name: 'Add to calendar for Grandad' }).click();
    const calendarDialog = page.getByRole('dialog', { name: 'Calendar and reminders: Grandad' });
    const [download] = await Promise.all([page.waitForEvent('download'), calendarDialog.getByRole('link', { name: 'Download .ics for Grandad' }).click()]);
    await calendarDialog.getByRole('button', { name: 'Close' }).click();
    expect(download.suggestedFilename()).toBe('Grandad-deadlines.ics');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toContain('BEGIN:VEVENT');

    // Undo: the registration is waiting again.
    await register.getByRole('button', { name: 'Undo Done before I started for Register the death' }).click();
    await register.getByRole('button', { name: 'Does not apply? Register the death' }).waitFor();
    await memory.getByText(/^Hamish Reid · Scotland · 1 of \d+ tasks done \(1 not needed\)$/).waitFor();
    await page.context().close();
  }, 120_000);

  it('fits a phone screen', async () => {
    const page = await signedInPage('ruth.phone@example.test', 375);
    await page.getByText('Active Memories', { exact: true }).waitFor();
    await shot(page, 'overview-375');
    await page.getByRole('button', { name: 'Create New Memory' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Memory' });
    await create.getByLabel('Memory Name').fill('Dad');
    await create.getByLabel("Deceased Person's Name").fill('Tom Ellis');
    await shot(page, 'create-375');
    await create.getByRole('button', { name: 'Create Memory' }).click();
    await page.getByRole('article', { name: 'Dad' }).waitFor();
    await shot(page, 'memories-375');
    await page.getByRole('button', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 2, name: 'Dad' }).waitFor();
    await shot(page, 'case-details-375');
    await page.locator('.aw-toast').first().waitFor({ state: 'detached' });
    await page.locator('.mem-sync[data-status="synced"]').waitFor();
    await shot(page, 'header-375');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  }, 120_000);
});
