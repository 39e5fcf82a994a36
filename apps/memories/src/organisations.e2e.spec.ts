import path from 'node:path';
import fs from 'node:fs';
import type pg from 'pg';
import type { Browser, Download, Page } from 'playwright-core';
import { EncryptedFileStore } from '@afterwards/file-store';
import { expectEventually } from '@afterwards/persistence/testing';
import {
  connectDatabase,
  assertAccessible,
  familyContext,
  latestMail,
  launchChromium,
  signInInBrowser,
  signUpVerified,
  startProduct,
  screenshot,
  type HttpSession,
  type RunningProduct,
  useContexts,
} from '@afterwards/testing';

// Issue 43 in the browser, against the built product on the services profile: an England memory; the questions
// and the starting list; a bank added from the directory and one of the family's own; the letter PDF read back
// as text; marked sent, then acknowledged, with a shared editor seeing it live; a viewer who cannot change it;
// and Delete Forever leaving the reference number nowhere. SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string, fullPage = true) => screenshot(page, name, { fullPage });

const PASSWORD = 'lantern-meadow-71';
const ANN = { email: 'ann.organisations@example.test', name: 'Ann Ellis' };
const BEN = { email: 'ben.organisations@example.test', name: 'Ben Ellis' };
const CARA = { email: 'cara.organisations@example.test', name: 'Cara Ellis' };
const MEMORY = "Dad's affairs";
const DECEASED = 'Walter Penhallow';
/** Unusual enough that finding it anywhere after Delete Forever means it leaked. */
const REFERENCE = '40-11-88 73920514';
const OWN = 'Penhallow Bowls Club';
const LAST_ADDRESS = '7 Quillet Row';

/** A downloaded PDF read back as text with pdf.js, as a reader or screen reader gets it. */
async function pdfText(download: Download): Promise<string> {
  const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return pages.join('\n').replace(/\s+/g, ' ');
  } finally {
    await pdf.destroy();
  }
}

describe('telling the organisations', () => {
  let product: RunningProduct;
  let browser: Browser;
  let db: pg.Client;
  let ann: HttpSession;
  let memoryId: string;
  // Before the afterAll below, so the pages' contexts close before the browser does.
  const contexts = useContexts('all');
  let annPage: Page;
  let benPage: Page;

  async function signedInPage(email: string, width: number): Promise<Page> {
    const page = await contexts.newPage(familyContext(browser, { width, acceptDownloads: true }));
    await signInInBrowser(page, product.url, email, PASSWORD);
    return page;
  }

  /** The memory's Organisations, reached as a person does: Memories, its details, Organisations. */
  async function openOrganisations(page: Page, phone = false): Promise<void> {
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Memories' }).click();
    await page.getByRole('article', { name: MEMORY }).getByRole('button', { name: 'View Details' }).click();
    await page
      .getByRole('navigation', { name: `Go to ${MEMORY}'s` })
      .getByRole('button', { name: 'Organisations' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Organisations to tell' }).waitFor();
    await page.getByRole('heading', { name: 'A few questions' }).waitFor();
  }

  const entry = (page: Page, name: string) => page.getByRole('article', { name });
  async function openEntry(page: Page, name: string): Promise<void> {
    const card = entry(page, name);
    const toggle = card.getByRole('button', { name: new RegExp(`^Open.* ${name}$`) });
    if ((await toggle.count()) > 0) await toggle.click();
  }

  async function invite(who: { email: string }, role: 'editor' | 'viewer'): Promise<void> {
    const sent = await ann.json(`/api/memories/${memoryId}/invitations`, { method: 'POST', json: { email: who.email, role } });
    expect(sent.status).toBe(201);
    const link = (await latestMail(product.outboxDir, who.email, { kind: 'memory-invitation' })).links[0]!;
    const session = await signUpVerified(product, { ...who, password: PASSWORD });
    const token = new URL(link).searchParams.get('token')!;
    expect((await session.json(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' })).status).toBe(200);
  }

  /** Every row of every table as text (the event log included): what the database holds, wherever it is. */
  async function everything(): Promise<string> {
    const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
    const dumps = await Promise.all(tables.rows.map((t) => db.query(`SELECT t::text AS row FROM "${t.table_name}" t`)));
    return dumps.flatMap((d, i) => d.rows.map((r) => `${tables.rows[i]!.table_name}: ${String(r.row)}`)).join('\n');
  }

  /** Every file in the file store, decrypted with the product's key, as text. */
  async function storedFiles(): Promise<string> {
    const files = new EncryptedFileStore({ dir: path.join(product.dataDir, 'files'), masterKey: Buffer.from(product.env.FILE_STORE_KEY!, 'base64') });
    const all: string[] = [];
    for (const id of await files.allFileIds()) all.push((await files.read(id)).toString('latin1'));
    return all.join('\n');
  }

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    browser = await launchChromium();
    db = await connectDatabase(product);
    ann = await signUpVerified(product, { ...ANN, password: PASSWORD });
    const created = await ann.json<{ memory: { id: string } }>('/api/memories', {
      method: 'POST',
      json: { name: MEMORY, deceasedName: DECEASED, jurisdiction: 'England', dateOfBirth: '1941-11-05', dateOfDeath: '2026-11-10' },
    });
    expect(created.status).toBe(201);
    memoryId = created.body.memory.id;
    // Who signs the letters: Ann's profile.
    const profile = await ann.json('/api/profile', {
      method: 'PUT',
      json: { firstName: 'Ann', lastName: 'Ellis', phone: '01872 270000', address: '3 Harbour View, Falmouth, TR11 2AB' },
    });
    expect(profile.status).toBe(200);
    await invite(BEN, 'editor');
    await invite(CARA, 'viewer');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await db?.end();
    await product?.stop();
  });

  it('an England memory: the questions shape the starting list, national bodies first, with Tell Us Once explained', async () => {
    annPage = await signedInPage(ANN.email, 1280);
    await openOrganisations(annPage);
    const start = annPage.getByRole('region', { name: 'Who to tell' });
    for (const [question, answer] of [
      ['Did they drive?', 'Yes'],
      ['Did they have a passport?', 'Yes'],
      ['Did they receive a pension or benefits?', 'Yes'],
      ['Did they rent or own their home?', 'Rented'],
      ['Did they have a job?', 'No'],
    ] as const) {
      await annPage.getByRole('group', { name: question }).getByRole('radio', { name: answer, exact: true }).check();
      await annPage.getByText(/\d of 5 answered/).waitFor();
    }
    await annPage.getByText('5 of 5 answered').waitFor();
    // The answers are saved: a reload shows them, and the national bodies they call for.
    await annPage.reload();
    await openOrganisations(annPage);
    expect(await annPage.getByRole('group', { name: 'Did they drive?' }).getByRole('radio', { name: 'Yes', exact: true }).isChecked()).toBe(true);
    await start.getByText('Driver and Vehicle Licensing Agency (DVLA)').waitFor();
    await start.getByText('HM Passport Office').waitFor();
    await start.getByText('HM Revenue & Customs (HMRC)').waitFor();
    // National bodies come before the kinds of organisation to add.
    await start.getByRole('heading', { name: 'Then, the kinds of organisation to add' }).waitFor();
    const services = annPage.getByRole('region', { name: 'Services that tell several at once' });
    await services
      .getByRole('article', { name: /Tell Us Once/ })
      .getByText('Available here')
      .waitFor();
    await services.getByRole('article', { name: /Death Notification Service/ }).waitFor();
    await assertAccessible(annPage, 'Organisations: questions and the starting list');
    await shot(annPage, 'organisations-start-1280');

    // One national body in one step, told through Tell Us Once with its reference.
    const dvla = start.getByRole('listitem').filter({ hasText: 'Driver and Vehicle Licensing Agency (DVLA)' });
    await dvla.getByRole('button', { name: /told through Tell Us Once/ }).click();
    await dvla.getByLabel('Tell Us Once reference (optional)').fill('TUO-558201');
    await dvla.getByRole('button', { name: 'Save' }).click();
    await dvla.getByText('On your list').waitFor();
    await entry(annPage, 'Driver and Vehicle Licensing Agency (DVLA)')
      .getByText(/^Told through Tell Us Once on /)
      .waitFor();
    await entry(annPage, 'Driver and Vehicle Licensing Agency (DVLA)').getByText('Their reference: TUO-558201').waitFor();
  }, 180_000);

  it('adds a bank from the directory by searching as she types, and one of their own', async () => {
    const search = annPage.getByRole('combobox', { name: 'Search the directory' });
    await search.fill('barc');
    const options = annPage.getByRole('listbox', { name: 'Organisations in the directory' });
    await options.getByRole('option', { name: /^Barclays/ }).waitFor();
    await assertAccessible(annPage, 'Organisations: the directory search open');
    // The keyboard alone: down to the first match, Enter adds it.
    await search.press('ArrowDown');
    expect(await search.getAttribute('aria-activedescendant')).toBeTruthy();
    await search.press('Enter');
    await entry(annPage, 'Barclays').waitFor();
    expect(await search.inputValue()).toBe('');
    // Searching again says it is already there; Escape closes the list.
    await search.fill('Barclays');
    await options.getByRole('option', { name: /already on your list/ }).waitFor();
    await search.press('Escape');
    await options.waitFor({ state: 'hidden' });
    await search.fill('');

    await annPage.getByRole('button', { name: 'Add one of your own' }).click();
    const dialog = annPage.getByRole('dialog', { name: 'Add one of your own' });
    await dialog.getByRole('button', { name: 'Add to the list' }).click();
    await dialog.getByText('Please give the organisation a name.').waitFor();
    await dialog.getByLabel('Name').fill(OWN);
    await dialog.getByLabel('Kind').selectOption('subscription');
    await dialog.getByLabel('Postal address (optional)').fill('The Pavilion\nChurch Lane\nPenhallow\nTR4 9QQ');
    await dialog.getByLabel('E-mail (optional)').fill('secretary@penhallow-bowls.example');
    await assertAccessible(annPage, 'Organisations: add one of your own');
    await dialog.getByRole('button', { name: 'Add to the list' }).click();
    await entry(annPage, OWN).waitFor();
    await annPage.getByText('3 organisations').waitFor();
  }, 120_000);

  it("keeps the bank's reference, and makes its letter as a PDF holding the person, their dates, the reference and the bank's address", async () => {
    const setup = annPage.getByRole('region', { name: 'For the letters' });
    await setup.getByLabel(`Where ${DECEASED} last lived`).fill(`${LAST_ADDRESS}\nTruro\nTR1 2HX`);
    await setup.getByRole('button', { name: 'Save the address' }).click();
    await annPage.getByText('The address is saved for the letters').waitFor();

    await openEntry(annPage, 'Barclays');
    const bank = entry(annPage, 'Barclays');
    await bank.getByRole('button', { name: 'Add a reference' }).click();
    await bank.getByLabel('What it is (reference 1)').fill('Account number');
    await bank.getByLabel('Number (reference 1)').fill(REFERENCE);
    await bank.getByRole('button', { name: 'Save references' }).click();
    await annPage.getByText('References saved').waitFor();

    const [letter] = await Promise.all([annPage.waitForEvent('download'), bank.getByRole('link', { name: 'Make the letter (PDF)' }).click()]);
    const text = await pdfText(letter);
    for (const expected of [DECEASED, '5 November 1941', '10 November 2026', REFERENCE, 'Bereavement Service Centre', 'LE87 2BB', LAST_ADDRESS, 'Ann Ellis', 'TR11 2AB']) {
      expect(text).toContain(expected);
    }

    // The family's own words replace the prepared body; reset brings the prepared text back.
    await bank.getByRole('button', { name: 'Edit the text' }).click();
    await bank.getByLabel('Letter to Barclays').fill('Please close my father’s current account and send the final statement to me.');
    await bank.getByRole('button', { name: 'Save the letter' }).click();
    await bank.getByText('(your own words)').waitFor();
    const [edited] = await Promise.all([annPage.waitForEvent('download'), bank.getByRole('link', { name: 'Make the letter (PDF)' }).click()]);
    expect(await pdfText(edited)).toContain('send the final statement to me');
    await bank.getByRole('button', { name: 'Reset to the prepared text' }).click();
    await bank.getByText('(your own words)').waitFor({ state: 'hidden' });
    await assertAccessible(annPage, 'Organisations: an organisation opened');
    await shot(annPage, 'organisations-entry-1280');

    // Letters for all to tell: one PDF with the two not yet told (DVLA was told through Tell Us Once).
    const [pack] = await Promise.all([annPage.waitForEvent('download'), annPage.getByRole('link', { name: /^Letters for all to tell/ }).click()]);
    const all = await pdfText(pack);
    expect(all).toContain('LE87 2BB');
    expect(all).toContain('TR4 9QQ');

    // Their own organisation takes e-mail: the same letter as an e-mail, opened in the family's own mail program.
    await openEntry(annPage, OWN);
    const mail = entry(annPage, OWN).getByRole('link', { name: 'E-mail this letter to secretary@penhallow-bowls.example' });
    expect(await mail.getAttribute('href')).toMatch(/^mailto:secretary@penhallow-bowls\.example\?subject=The%20death%20of%20Walter%20Penhallow&body=Dear%20Sir%20or%20Madam/);
  }, 120_000);

  it('marks the letter sent, then acknowledged, and a shared editor sees each change live', async () => {
    benPage = await signedInPage(BEN.email, 1280);
    await openOrganisations(benPage);
    await entry(benPage, 'Barclays').getByText('To tell', { exact: true }).waitFor();

    const bank = entry(annPage, 'Barclays');
    await bank.getByLabel('Where it stands').selectOption('letter-sent');
    await bank.getByLabel('Day the letter was sent').fill('2026-11-20');
    await bank.getByRole('button', { name: 'Save where it stands' }).click();
    await bank.getByText('Letter sent on 20 November 2026').waitFor();
    // Ben's page changes with no reload.
    await entry(benPage, 'Barclays').getByText('Letter sent on 20 November 2026').waitFor({ timeout: 10_000 });

    // Ben, an editor, marks it acknowledged; Ann sees it.
    await openEntry(benPage, 'Barclays');
    const bensBank = entry(benPage, 'Barclays');
    await bensBank.getByLabel('Where it stands').selectOption('acknowledged');
    await bensBank.getByLabel('Day they acknowledged it').fill('2026-11-26');
    await bensBank.getByRole('button', { name: 'Save where it stands' }).click();
    await bank.getByText('Acknowledged on 26 November 2026').waitFor({ timeout: 10_000 });

    // A letter sent longer ago than the organisation's usual time to reply (21 days) is waiting.
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await openEntry(annPage, OWN);
    const club = entry(annPage, OWN);
    await club.getByLabel('Where it stands').selectOption('letter-sent');
    await club.getByLabel('Day the letter was sent').fill(longAgo);
    await club.getByRole('button', { name: 'Save where it stands' }).click();
    await club.getByText('Waiting for a reply').waitFor();
    await entry(benPage, OWN).getByText('Waiting for a reply').waitFor({ timeout: 10_000 });

    // A change sent with a version someone else has since moved on from is refused, not applied.
    const stale = await ann.json(`/api/memories/${memoryId}/organisations`);
    const barclays = (stale.body as { organisations: { id: string; name: string; version: number }[] }).organisations.find((o) => o.name === 'Barclays')!;
    const refused = await ann.json(`/api/memories/${memoryId}/organisations/${barclays.id}`, { method: 'PATCH', json: { notes: 'late', expectedVersion: barclays.version - 1 } });
    expect(refused.status).toBe(409);
  }, 120_000);

  it('a viewer reads everything and can change nothing', async () => {
    for (const width of [1280, 390]) {
      const page = await signedInPage(CARA.email, width);
      await openOrganisations(page, width < 600);
      await page.getByText('You can see everything here and download files. Ann Ellis and the people editing this memory keep the organisations up to date.').waitFor();
      expect(await page.getByRole('radio').count()).toBe(0);
      expect(await page.getByRole('combobox', { name: 'Search the directory' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Add/ }).count()).toBe(0);
      await openEntry(page, 'Barclays');
      const bank = entry(page, 'Barclays');
      await bank.getByText(REFERENCE).waitFor();
      expect(await bank.getByRole('button', { name: /^Save/ }).count()).toBe(0);
      expect(await bank.getByRole('button', { name: 'Edit the text' }).count()).toBe(0);
      expect(await bank.getByRole('button', { name: /Remove/ }).count()).toBe(0);
      await assertAccessible(page, `Organisations of a viewer at ${width}px`);
      await shot(page, `organisations-viewer-${width}`);
      // Nor at the API.
      const status = await page.evaluate(
        async (url) =>
          (
            await fetch(url, {
              method: 'PUT',
              headers: { 'content-type': 'application/json' },
              body: '{"drove":false,"passport":null,"pensionOrBenefits":null,"home":null,"employed":null}',
            })
          ).status,
        `/api/memories/${memoryId}/organisations/answers`,
      );
      expect(status).toBe(403);
    }
  }, 120_000);

  it('fits a phone (390 px) for the owner, with nothing wider than the screen', async () => {
    const page = await signedInPage(ANN.email, 390);
    await openOrganisations(page, true);
    await openEntry(page, 'Barclays');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await assertAccessible(page, 'Organisations on a phone');
    await shot(page, 'organisations-390');
  }, 120_000);

  it('Delete Forever leaves no reference number anywhere: database and event log, files, logs', async () => {
    // Kept encrypted while the memory lives: never in a row, an event or a log as written.
    expect(await everything()).not.toContain(REFERENCE);
    expect(product.logs()).not.toContain(REFERENCE);
    await annPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Memories' }).click();
    await annPage
      .getByRole('article', { name: MEMORY })
      .getByRole('button', { name: `Delete ${MEMORY}` })
      .click();
    const confirm = annPage.getByRole('dialog', { name: 'Delete this memory forever?' });
    await confirm.getByRole('button', { name: 'Delete Forever' }).click();
    await annPage.getByRole('article', { name: MEMORY }).waitFor({ state: 'detached' });

    // Nothing of the memory's organisations is left but the tombstone: no entry, no sealed text.
    await expectEventually(
      async () => {
        const rows = await db.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE 'memory_organisations%'`);
        for (const { table_name } of rows.rows as { table_name: string }[]) {
          const left = await db.query(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE t::text LIKE $1`, [`%${memoryId}%`]);
          expect({ table_name, n: left.rows[0].n }).toEqual({ table_name, n: 0 });
        }
      },
      15_000,
      100,
    );
    const dump = await everything();
    expect(dump).not.toContain(REFERENCE);
    expect(dump).not.toContain('TUO-558201');
    expect(dump).not.toContain(LAST_ADDRESS);
    expect(await storedFiles()).not.toContain(REFERENCE);
    expect(product.logs()).not.toContain(REFERENCE);
    expect(product.logs()).not.toContain('TUO-558201');
  }, 120_000);
});
