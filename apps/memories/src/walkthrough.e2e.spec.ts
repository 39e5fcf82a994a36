import type { BrowserContext, Locator, Page } from 'playwright-core';
import { assertAccessible, familyPage, openDashboardTab, useProductAndBrowser, type RunningProduct, screenshot } from '@afterwards/testing';

// A new user's first hour with the family dashboard, through the real UI on the embedded profile (what
// `npm start` runs): a memory per jurisdiction and its checklist, ticks and progress, document files with the
// spec's limits, a note from a template, editing a memory, a second tab kept in step, and Delete Forever.
// Only sign-up and e-mail verification go through the API. SCREENSHOT_DIR=... saves screenshots to look at.
// Long tabs (every memory's checklist) are shot as the visible screen only, where the step is.
const shot = (page: Page, name: string, fullPage = false) => screenshot(page, `walkthrough-${name}`, { fullPage });

const DATE_OF_DEATH = '2026-03-09';
const MEMORIES = [
  { jurisdiction: 'England', name: 'Margaret (England)', deceased: 'Margaret Hughes' },
  { jurisdiction: 'Wales', name: 'Dafydd (Wales)', deceased: 'Dafydd Evans' },
  { jurisdiction: 'Scotland', name: 'Isla (Scotland)', deceased: 'Isla Campbell' },
  { jurisdiction: 'Northern Ireland', name: 'Seamus (Northern Ireland)', deceased: 'Seamus Quinn' },
  { jurisdiction: 'Ireland', name: 'Aoife (Ireland)', deceased: 'Aoife Byrne' },
] as const;
const RENAMED = 'Mum, Margaret Hughes';

// A PDF the server recognises by its content (it checks the bytes, not the name).
function pdf(label: string, padTo = 0): Buffer {
  const body = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  return padTo > body.length ? Buffer.concat([body, Buffer.alloc(padTo - body.length, 0x20)]) : body;
}

/** Polls `read` until `ok` holds (or throws with the last value seen). */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5_000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

async function goTab(page: Page, label: string) {
  // Toasts sit over the top of the page (the header's navigation included): dismiss them as a person would.
  for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await close.click({ timeout: 500 }).catch(() => undefined); // it may have gone by itself meanwhile
  await openDashboardTab(page, label);
}

const toast = (page: Page, text: string) => page.locator('.aw-toast', { hasText: text }).first();
const group = (page: Page, memoryName: string) => page.getByRole('region', { name: memoryName, exact: true });
const card = (page: Page, memoryName: string) => page.getByRole('article', { name: memoryName, exact: true });
const numberIn = async (locator: Locator) => Number((await locator.textContent())?.trim());

describe('a new family walks through their memories', () => {
  let product: RunningProduct;
  let context: BrowserContext;
  let page: Page;

  useProductAndBrowser({ profile: 'embedded', seedCount: 0 }, async (started) => {
    product = started.product;
    page = await familyPage(product, started.browser, { email: 'nia.walkthrough@example.test', password: 'lantern-meadow-82', name: 'Nia Hughes' }, 1280);
    context = page.context();
  });

  it('creates a memory for each jurisdiction with its own checklist and due dates', async () => {
    await page.getByText('Active Memories', { exact: true }).waitFor();
    await assertAccessible(page, 'overview, no memories yet');
    for (const [i, m] of MEMORIES.entries()) {
      await page
        .getByRole('button', { name: i === 0 ? 'Create New Memory' : 'New Memory' })
        .first()
        .click();
      const create = page.getByRole('dialog', { name: 'Create New Memory' });
      await create.waitFor();
      if (i === 0) await assertAccessible(page, 'Create New Memory dialog');
      await create.getByLabel('Memory Name').fill(m.name);
      await create.getByLabel("Deceased Person's Name").fill(m.deceased);
      await create.getByLabel('Jurisdiction').selectOption(m.jurisdiction);
      await create.getByLabel('Date of Death').fill(DATE_OF_DEATH);
      await create.getByRole('button', { name: 'Create Memory' }).click();
      await create.waitFor({ state: 'hidden' });
      await card(page, m.name).waitFor();
    }
    await toast(page, 'Case created successfully with complete checklist!').waitFor();
    expect(await page.locator('.mem-cards > li').count()).toBe(5);
    for (const m of MEMORIES) {
      const c = card(page, m.name);
      await c.getByText(m.jurisdiction, { exact: true }).waitFor();
      await c.getByText('12 tasks', { exact: true }).waitFor();
      await c.getByText('0%', { exact: true }).waitFor();
    }
    await shot(page, 'memories-1280', true);
    await assertAccessible(page, 'Memories tab');

    await goTab(page, 'Tasks');
    // England: registration within 5 days, usually by 14 March (the clock runs from the registrar getting the
    // medical certificate, which the product cannot know); probate; Tell Us Once.
    const england = group(page, 'Margaret (England)');
    await england.locator('li.mem-item', { hasText: 'Register the death' }).getByText('Usually due by 14 March 2026').waitFor();
    await assertAccessible(page, 'Tasks tab');
    await england.getByText('Apply for probate', { exact: true }).waitFor();
    // Scotland: 8 days to register (by 17 March 2026, long before this memory was started), and confirmation
    // instead of probate.
    const scotland = group(page, 'Isla (Scotland)');
    await scotland.locator('li.mem-item', { hasText: 'Register the death' }).getByText('Past the legal deadline (17 March 2026)').waitFor();
    await scotland.getByText('Apply for confirmation', { exact: true }).waitFor();
    expect(await scotland.getByText('Apply for probate', { exact: true }).count()).toBe(0);
    await scotland.scrollIntoViewIfNeeded();
    await shot(page, 'tasks-1280');
    // Wales keeps Tell Us Once; Northern Ireland and Ireland tell government departments themselves.
    for (const [name, has, hasNot] of [
      ['Dafydd (Wales)', 'Use Tell Us Once', 'Tell government departments'],
      ['Seamus (Northern Ireland)', 'Tell government departments', 'Use Tell Us Once'],
      ['Aoife (Ireland)', 'Tell government departments', 'Use Tell Us Once'],
    ] as const) {
      const urgent = group(page, name).getByRole('region', { name: 'Urgent (5-14 days)' });
      // Open the whole section so a missing task is really missing, not just folded away.
      const toggle = urgent.getByRole('button', { name: /Urgent \(5-14 days\)/ });
      if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await urgent.getByText(has, { exact: true }).waitFor();
      expect(await urgent.getByText(hasNot, { exact: true }).count()).toBe(0);
    }
  }, 60_000);

  it('ticks a task and a document and sees the counts and progress move', async () => {
    const england = group(page, 'Margaret (England)');
    const completedTally = page.locator('dl[aria-label="Task counts"] .mem-tally__item', { hasText: 'Completed' }).locator('dd');
    expect(await numberIn(completedTally)).toBe(0);
    await england.getByRole('checkbox', { name: 'Register the death', exact: true }).check();
    await toast(page, 'Task marked as complete! 🎉').waitFor();
    await eventually(
      () => numberIn(completedTally),
      (n) => n === 1,
      5_000,
      'Completed tally 1',
    );
    await england.getByText('1 of 12 tasks done').waitFor();

    await goTab(page, 'Documents');
    const englandDocs = group(page, 'Margaret (England)');
    const collectedTally = page.locator('dl[aria-label="Document counts"] .mem-tally__item', { hasText: 'Collected' }).locator('dd');
    expect(await numberIn(collectedTally)).toBe(0);
    await englandDocs.getByRole('checkbox', { name: 'Death certificate', exact: true }).check();
    await toast(page, 'Document marked as collected! 📄').waitFor();
    await eventually(
      () => numberIn(collectedTally),
      (n) => n === 1,
      5_000,
      'Collected tally 1',
    );
    await englandDocs.getByText(/^Margaret Hughes · England · 1 of \d+ collected$/).waitFor();

    await goTab(page, 'Memories');
    const c = card(page, 'Margaret (England)');
    const documents = Number((await c.getByText(/^\d+ documents$/).textContent())!.split(' ')[0]);
    const percent = Math.round((2 / (12 + documents)) * 100);
    expect(percent).toBeGreaterThan(0);
    await c.getByText('2 completed', { exact: true }).waitFor();
    await c.getByText(`${percent}%`, { exact: true }).waitFor();
    expect(await c.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(percent));
    // The other memories did not move.
    await card(page, 'Isla (Scotland)').getByText('0 completed', { exact: true }).waitFor();

    await c.getByRole('button', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 2, name: 'Margaret (England)' }).waitFor();
    const overall = page.getByRole('region', { name: 'Overall progress' });
    expect(await overall.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(percent));
    await overall.getByText('1 of 12', { exact: true }).waitFor();
    await overall.getByText(`1 of ${documents}`, { exact: true }).waitFor();
    await shot(page, 'case-details-1280', true);
    await assertAccessible(page, 'case details');
  }, 60_000);

  it('uploads files on a document within the limits, with the spec messages', async () => {
    await goTab(page, 'Documents');
    const england = group(page, 'Margaret (England)');
    const documentItem = (title: string) => england.locator('li.mem-doc').filter({ has: page.getByRole('checkbox', { name: title, exact: true }) });
    const deathCertificate = documentItem('Death certificate');
    await deathCertificate.getByRole('heading', { name: 'Files (0/5)' }).waitFor();
    await assertAccessible(page, 'Documents tab');

    // Watch for the upload progress bar from before the file is chosen: on localhost it can be brief.
    await page.evaluate(() => {
      const w = window as unknown as { __uploadBars: string[] };
      w.__uploadBars = [];
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('.mem-uploads [role="progressbar"]')) w.__uploadBars.push(bar.getAttribute('aria-valuenow') ?? '');
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    // A slow upstream (about 2 Mbit/s) so the bar has time to move, as on a home connection.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 250_000 });
    await deathCertificate.locator('input[type="file"]').setInputFiles({ name: 'death-certificate.pdf', mimeType: 'application/pdf', buffer: pdf('certificate', 1_500_000) });
    await toast(page, '1 file(s) uploaded successfully to Death certificate!').waitFor({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
    await deathCertificate.getByRole('heading', { name: 'Files (1/5)' }).waitFor();
    await deathCertificate.locator('.mem-file__name', { hasText: 'death-certificate.pdf' }).waitFor();
    await deathCertificate.getByText('1464.8 KB').waitFor();
    const bars = await page.evaluate(() => (window as unknown as { __uploadBars: string[] }).__uploadBars);
    expect(bars.length).toBeGreaterThan(0);
    expect(bars.some((v) => Number(v) > 0 && Number(v) < 100)).toBe(true);

    // Too large and the wrong type are refused in the browser; a .pdf that is text is refused by the server.
    await deathCertificate.locator('input[type="file"]').setInputFiles([
      { name: 'big-scan.pdf', mimeType: 'application/pdf', buffer: pdf('big', 5 * 1024 * 1024 + 1) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Call the registrar on Monday.') },
      { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('This is only text pretending to be a PDF.') },
    ]);
    await toast(page, 'File big-scan.pdf is too large (max 5MB)').waitFor();
    await toast(page, 'File notes.txt is not a PDF, JPG, PNG, DOC or DOCX file').waitFor();
    await toast(page, 'File fake.pdf is not a PDF, JPG, PNG, DOC or DOCX file').waitFor();
    await toast(page, 'Failed to upload 3 file(s)').waitFor();
    await deathCertificate.getByRole('heading', { name: 'Files (1/5)' }).waitFor();
    expect(await deathCertificate.locator('.mem-file').count()).toBe(1);

    // Six at once on an empty document: the first five go up, then the section is full.
    const medical = documentItem('Medical certificate of cause of death');
    await medical.getByRole('heading', { name: 'Files (0/5)' }).waitFor();
    await medical
      .locator('input[type="file"]')
      .setInputFiles(Array.from({ length: 6 }, (_, i) => ({ name: `mccd-page-${i + 1}.pdf`, mimeType: 'application/pdf', buffer: pdf(`page ${i + 1}`) })));
    await toast(page, 'Only first 5 files will be uploaded (6 selected)').waitFor();
    await toast(page, '5 file(s) uploaded successfully to Medical certificate of cause of death!').waitFor({ timeout: 20_000 });
    await medical.getByRole('heading', { name: 'Files (5/5)' }).waitFor();
    expect(await medical.locator('.mem-file__name').allTextContents()).toEqual(['mccd-page-1.pdf', 'mccd-page-2.pdf', 'mccd-page-3.pdf', 'mccd-page-4.pdf', 'mccd-page-5.pdf']);
    const upload = medical.locator('.mem-files__head button');
    expect((await upload.textContent())?.startsWith('Full')).toBe(true);
    expect(await upload.isDisabled()).toBe(true);
    await assertAccessible(page, 'Documents tab, with uploaded files, refusals and a full document');
    await medical.scrollIntoViewIfNeeded();
    await shot(page, 'documents-1280');
    // The Additional Documents dialog (letters, bills), opened and cancelled.
    await england.getByRole('button', { name: 'Additional Documents' }).click();
    const additional = page.getByRole('dialog', { name: 'Additional Documents' });
    await additional.getByLabel('Files').waitFor();
    await assertAccessible(page, 'Additional Documents dialog');
    await additional.getByRole('button', { name: 'Cancel' }).click();
    await additional.waitFor({ state: 'hidden' });
  }, 60_000);

  it('adds a note from a template, edits it, and shows markup as text', async () => {
    await goTab(page, 'Notes');
    await page.getByRole('heading', { name: 'Notes & Documentation' }).waitFor();
    await assertAccessible(page, 'Notes tab');
    await page.getByRole('button', { name: /Phone Call with Solicitor/ }).click();
    const editor = page.getByRole('dialog', { name: 'Create Note' });
    await editor.waitFor();
    await assertAccessible(page, 'Create Note dialog');
    expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe('Phone Call with Solicitor');
    const template = await editor.getByLabel('Content', { exact: true }).inputValue();
    expect(template.length).toBeGreaterThan(0);
    await editor.getByLabel('Memory', { exact: true }).selectOption({ label: 'Margaret (England)' });
    await editor.getByLabel('Content', { exact: true }).fill(`${template}\nAsked about the <b>bold</b> clause in the will.`);
    await editor.getByRole('button', { name: 'Save Note' }).click();
    // On failure, say what the editor said rather than only that the toast never came.
    await toast(page, 'Note created successfully!')
      .waitFor({ timeout: 10_000 })
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}\nThe note editor says: ${await editor
            .getByRole('alert')
            .innerText()
            .catch(() => '(nothing)')}`,
        );
      });
    await editor.waitFor({ state: 'hidden' });

    const notes = group(page, 'Margaret (England)');
    await notes.getByText('1 note', { exact: false }).first().waitFor();
    const preview = notes.locator('.mem-note__preview');
    expect(await preview.textContent()).toContain('the <b>bold</b> clause');
    expect(await notes.locator('.mem-note b').count()).toBe(0);

    await notes.getByRole('button', { name: 'Edit note Phone Call with Solicitor' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Note' });
    await edit.waitFor();
    await assertAccessible(page, 'Edit Note dialog');
    await edit.getByLabel('Title', { exact: true }).fill('Call with Mr Patel, solicitor');
    const content = await edit.getByLabel('Content', { exact: true }).inputValue();
    await edit.getByLabel('Content', { exact: true }).fill(`${content}\nHe will send the estate account by Friday.`);
    await edit.getByRole('button', { name: 'Update Note' }).click();
    await toast(page, 'Note updated successfully!').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await notes.getByText('Call with Mr Patel, solicitor', { exact: true }).waitFor();
    expect(await notes.getByText('Phone Call with Solicitor', { exact: true }).count()).toBe(0);

    // The note opened: the new text, the markup literally, and when it was updated.
    await notes.locator('.mem-note__open').click();
    const view = page.getByRole('dialog', { name: 'Call with Mr Patel, solicitor' });
    const body = view.getByLabel('Note text');
    await body.getByText('He will send the estate account by Friday.', { exact: false }).waitFor();
    expect(await body.textContent()).toContain('the <b>bold</b> clause');
    expect(await body.locator('b').count()).toBe(0);
    await view.getByText(/^Updated /).waitFor();
    await assertAccessible(page, 'note dialog');
    await shot(page, 'note-1280');
    await view.getByRole('button', { name: 'Close' }).click();
    await view.waitFor({ state: 'hidden' });
    // Deleting asks first; Cancel keeps the note.
    await notes.getByRole('button', { name: 'Delete note Call with Mr Patel, solicitor' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete note' });
    await confirmDelete.getByText('This action cannot be undone.', { exact: false }).waitFor();
    await assertAccessible(page, 'Delete note dialog');
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await confirmDelete.waitFor({ state: 'hidden' });
    await notes.getByText('Call with Mr Patel, solicitor', { exact: true }).waitFor();
    await shot(page, 'notes-1280');
  }, 60_000);

  it('edits a memory and shows the new name on its card', async () => {
    await goTab(page, 'Memories');
    await card(page, 'Margaret (England)').getByRole('button', { name: 'Margaret (England)', exact: true }).click();
    const info = page.getByRole('dialog', { name: 'Margaret (England)' });
    await info.getByRole('button', { name: 'Edit Case' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Memory Information' });
    await edit.waitFor();
    await assertAccessible(page, 'Edit Memory Information dialog');
    expect(await edit.getByLabel('Date of Death').inputValue()).toBe(DATE_OF_DEATH);
    await edit.getByLabel('Memory Name').fill(RENAMED);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Case details updated successfully!').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await card(page, RENAMED).getByText('Margaret Hughes', { exact: true }).waitFor();
    expect(await card(page, 'Margaret (England)').count()).toBe(0);
    // The rename keeps the work done.
    const completed = await card(page, RENAMED)
      .getByText(/^\d+ completed$/)
      .textContent();
    expect(Number(completed!.split(' ')[0])).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('keeps a second tab in step within a second, without reloading', async () => {
    const second = await context.newPage();
    await second.goto(`${product.url}/dashboard`);
    await second.locator('.mem-sync[data-status="synced"]').waitFor();
    const completed = second.locator('.aw-stat', { hasText: 'Completed Tasks' }).locator('.aw-stat__value');
    await eventually(
      () => numberIn(completed),
      (n) => n === 1,
      5_000,
      'second tab Completed Tasks 1',
    );
    // Marks the document so a reload would be noticed.
    await second.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await goTab(page, 'Tasks');
    await group(page, 'Isla (Scotland)').getByRole('checkbox', { name: 'Register the death', exact: true }).check();
    await second.waitForFunction(
      () => [...document.querySelectorAll('.aw-stat')].some((s) => s.textContent?.includes('Completed Tasks') && s.querySelector('.aw-stat__value')?.textContent?.trim() === '2'),
      undefined,
      { timeout: 1_000, polling: 50 },
    );
    expect(await second.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await second.locator('.mem-sync[data-status="synced"]').waitFor();
    await page.locator('.mem-sync[data-status="synced"]').waitFor();
    await shot(second, 'second-tab-1280');

    // The second tab on a phone: Tasks, Documents and Notes fit 375 px.
    await second.setViewportSize({ width: 375, height: 800 });
    for (const tab of ['Tasks', 'Documents', 'Notes']) {
      await goTab(second, tab);
      await second.locator('.mem-root').waitFor();
      const where = tab === 'Documents' ? group(second, RENAMED).locator('li.mem-doc').nth(1) : group(second, tab === 'Notes' ? RENAMED : 'Isla (Scotland)');
      await where.scrollIntoViewIfNeeded();
      await shot(second, `${tab.toLowerCase()}-375`);
      expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await second.close();
  }, 60_000);

  it('deletes a memory forever: gone from the list and from the API', async () => {
    await goTab(page, 'Memories');
    const c = card(page, RENAMED);
    const id = (await c.locator('h3').getAttribute('id'))!.replace(/^mem-card-/, '');
    expect(id.length).toBeGreaterThan(0);
    expect((await page.request.get(`${product.url}/api/memories/${id}`)).status()).toBe(200);

    await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this memory forever?' });
    await confirm
      .getByText(/cannot be undone/i)
      .first()
      .waitFor();
    await shot(page, 'delete-1280');
    await assertAccessible(page, 'Delete Forever dialog');
    await confirm.getByRole('button', { name: 'Delete Forever' }).click();
    await toast(page, 'Memory deleted successfully').waitFor();
    await c.waitFor({ state: 'detached' });
    expect(await page.locator('.mem-cards > li').count()).toBe(4);
    expect((await page.request.get(`${product.url}/api/memories/${id}`)).status()).toBe(404);
  }, 60_000);
});
