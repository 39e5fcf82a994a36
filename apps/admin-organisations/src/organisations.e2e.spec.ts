import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { CSV_MESSAGES, ORGANISATION_MESSAGES, OrganisationSearchResponseSchema, type AdminOrganisationList } from '@afterwards/contracts';
import {
  assertAccessible,
  createStaff,
  HttpSession,
  launchChromium,
  screenshot,
  signedIn,
  signInAtAdmin,
  signUpVerified,
  staffContext,
  staffSignedIn,
  startProduct,
  startWorker,
  stopProcess,
  type ProductProcess,
  type RunningProduct,
} from '@afterwards/testing';

// The organisation directory in the browser against the built product (issue 43, staff): the starting set
// listed and found, adding an organisation with the form's own messages first, editing it and retiring it
// with confirmation while a second open page follows live, the names families add that the directory
// lacks, importing organisations from a CSV, and the phone layout. SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

const ADA = { email: 'ada.organisations@example.test', name: 'Ada Admin', password: 'quiet-harbour-71' };
const OTTO = { email: 'otto.organisations@example.test', name: 'Otto Auditor', password: 'quiet-harbour-72' };
const FAMILY = { email: 'fern.organisations@example.test', password: 'quiet-harbour-73' };
const IMPORT_FAMILY = { email: 'fay.organisations@example.test', password: 'quiet-harbour-74' };
// Three organisations, the second of a kind the directory does not have.
const IMPORT_CSV = Buffer.from(
  [
    'name,kind,jurisdictions,address,phone,email,website,needs,usual_reply_days,death_notification_service,tell_us_once,sources,reviewed_on',
    'Calder Mutual Bank,bank,England;Wales,Bereavement Team|1 Calder Street|Halifax|HX1 1AA,01422 000001,,,A copy of the death certificate,14,yes,no,When someone dies|https://calder.example/bereavement,2026-11-01',
    'Wharfe Savings,shop,England,,,,,,,no,no,Help|https://wharfe.example/help,2026-11-01',
    'Aire Valley Building Society,building-society,England,Bereavement Team|Aire House|Leeds|LS1 1AA,,,,,,yes,no,Bereavement|https://aire.example/bereavement,2026-11-01',
  ].join('\r\n'),
);

describe('the organisation directory in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let ada: HttpSession;
  /** The CSV import's job runs in the worker, as in production. */
  let worker: ProductProcess | undefined;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    worker = startWorker(product, 'worker');
    await createStaff(product, ADA);
    await createStaff(product, OTTO, 'auditor');
    browser = await launchChromium();
    context = await staffContext(browser);
    const page = await context.newPage();
    await signInAtAdmin(page, product, ADA);
    await page.close();
    ada = await staffSignedIn(product, ADA, 'organisations-e2e');
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (worker) await stopProcess(worker);
    await product?.stop();
  });

  /** A new page of the staff area on the Organisations section, its list loaded. */
  async function openOrganisations(ctx: BrowserContext = context): Promise<Page> {
    const page = await ctx.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Organisations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Organisations' }).waitFor();
    await page.getByText(/^\d+ shown/).waitFor();
    return page;
  }
  const cardOf = (page: Page, name: string): Locator => page.locator('article.og-card').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
  const fact = (card: Locator, label: string) => card.locator('dl > div').filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  const server = async (q: string) => (await ada.json<AdminOrganisationList>(`/api/admin/organisations?q=${encodeURIComponent(q)}`)).body.organisations;

  it('lists the starting set and finds an entry by name and kind', async () => {
    const page = await openOrganisations();
    await cardOf(page, 'Nationwide Building Society').waitFor();
    await page.getByLabel('Search').fill('octopus');
    await page.getByText(/^1 shown/).waitFor();
    await expect(cardOf(page, 'Octopus Energy').isVisible()).resolves.toBe(true);
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Kind').selectOption('government');
    await cardOf(page, 'Driver and Vehicle Licensing Agency (DVLA)').waitFor();
    await expect(cardOf(page, 'Octopus Energy').count()).resolves.toBe(0);
    await expect(fact(cardOf(page, 'Driver and Vehicle Licensing Agency (DVLA)'), 'Where').textContent()).resolves.toContain('England');
    await assertAccessible(page, 'the organisation directory');
    await shot(page, 'organisations-1280');
    await page.close();
  });

  it('adds an organisation, then edits and retires it while a second page follows live', async () => {
    const page = await openOrganisations();
    const watcher = await openOrganisations();

    await page.getByRole('button', { name: 'Add Organisation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Organisation' });
    await dialog.getByRole('button', { name: 'Add Organisation' }).click();
    // The form's own messages before anything is sent.
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Choose at least one jurisdiction.').waitFor();
    await dialog.getByText('Add at least one source').waitFor();
    await dialog.getByLabel('Name').fill('Harbour Credit Union');
    await dialog.getByLabel('Kind').selectOption('bank');
    await dialog.getByRole('checkbox', { name: 'Ireland', exact: true }).check();
    await dialog.getByLabel('Bereavement team address').fill('Member Services\nHarbour Credit Union\nMain Street\nCobh\nP24 X123');
    await dialog.getByLabel('E-mail').fill('members@harbour-cu.example');
    await dialog.getByLabel('Source 1 title').fill('Harbour Credit Union: when a member dies');
    await dialog.getByLabel('Source 1 web address').fill('https://harbour-cu.example/bereavement');
    await assertAccessible(page, 'the add organisation dialog');
    await screenshot(page, 'organisations-add-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add Organisation' }).click();
    await page.getByText(ORGANISATION_MESSAGES.added('Harbour Credit Union')).waitFor();
    const [added] = await server('harbour');
    expect(added).toMatchObject({ name: 'Harbour Credit Union', jurisdictions: ['Ireland'], address: ['Member Services', 'Harbour Credit Union', 'Main Street', 'Cobh', 'P24 X123'], usualReplyDays: 21 });
    // The other page hears of it without a reload.
    await cardOf(watcher, 'Harbour Credit Union').waitFor();

    const card = cardOf(page, 'Harbour Credit Union');
    await card.getByRole('button', { name: 'Edit Harbour Credit Union' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Harbour Credit Union' });
    await edit.getByLabel('Usual reply time, in days').fill('28');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(ORGANISATION_MESSAGES.updated('Harbour Credit Union')).waitFor();
    await fact(cardOf(watcher, 'Harbour Credit Union'), 'Usual reply').filter({ hasText: '28 days' }).waitFor();

    await card.getByRole('button', { name: 'Retire Harbour Credit Union' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retire organisation' });
    await confirm.getByText('Families will no longer find it').waitFor();
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await page.getByText(ORGANISATION_MESSAGES.retiredDone('Harbour Credit Union')).waitFor();
    expect((await server('harbour'))[0]).toMatchObject({ status: 'Retired', usualReplyDays: 28 });
    await cardOf(watcher, 'Harbour Credit Union').getByText('Retired', { exact: true }).waitFor();
    await cardOf(watcher, 'Harbour Credit Union').getByRole('button', { name: 'Restore Harbour Credit Union' }).waitFor();
    await page.close();
    await watcher.close();
  });

  it('shows the names families add that the directory lacks, counted by memory, and adds one from there', async () => {
    const page = await openOrganisations();
    const panel = page.getByRole('region', { name: 'Organisations families add that the directory lacks' });
    await panel.getByText('No organisation the directory lacks has been added on more than one memory.').waitFor();
    await page.close();

    // A family lists the same club of their own on two memories, and a landlord on one only.
    await signUpVerified(product, FAMILY);
    const fern = await signedIn(product, FAMILY.email, FAMILY.password);
    const own = (name: string) => ({ organisationId: null, name, kind: 'other', address: ['1 Quay Road', 'Cobh'] });
    for (const [deceasedName, names] of [
      ['Maura Walsh', ['Cobh Rowing Club', 'Mr D. Landlord']],
      ['Sean Walsh', ['  Cobh  Rowing Club ']],
    ] as const) {
      const memory = await fern.json<{ memory: { id: string } }>('/api/memories', { method: 'POST', json: { name: deceasedName, deceasedName, jurisdiction: 'Ireland' } });
      expect(memory.status).toBe(201);
      for (const name of names) expect((await fern.json(`/api/memories/${memory.body.memory.id}/organisations`, { method: 'POST', json: own(name) })).status).toBe(201);
    }

    const again = await openOrganisations();
    const figures = again.getByRole('region', { name: 'Organisations families add that the directory lacks' });
    const item = figures.getByRole('listitem').filter({ hasText: 'Cobh Rowing Club' });
    await item.getByText('on 2 memories').waitFor();
    await expect(figures.getByText('Mr D. Landlord').count()).resolves.toBe(0);
    await screenshot(again, 'organisations-missing-1280', { fullPage: false });
    await item.getByRole('button', { name: 'Add Cobh Rowing Club to the directory' }).click();
    await expect(again.getByRole('dialog', { name: 'Add Organisation' }).getByLabel('Name').inputValue()).resolves.toBe('Cobh Rowing Club');
    await again.close();
  });

  it('imports organisations from a CSV: the check says what it will do, families then find them, and the same file again adds nothing', async () => {
    const page = await openOrganisations();
    const upload = async () => {
      await page.getByRole('button', { name: 'Import from CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import organisations from CSV' });
      await dialog.locator('input[type=file]').setInputFiles({ name: 'organisations.csv', mimeType: 'text/csv', buffer: IMPORT_CSV });
      return dialog;
    };
    const dialog = await upload();
    await dialog.getByText('3 rows checked: 2 can be imported, 1 row has errors.').waitFor();
    await dialog.getByText(/^Row 3: kind "shop" must be one of government, bank/).waitFor();
    await assertAccessible(page, 'Import organisations from CSV, checked');
    await screenshot(page, 'organisations-import-check-1280', { fullPage: false });
    await dialog.getByRole('checkbox', { name: 'Leave out the row with errors and import the rest' }).check();
    await dialog.getByRole('button', { name: 'Import 2 organisations' }).click();
    await dialog.getByText('Imported 2 organisations. 1 row with errors was left out.').waitFor();
    await screenshot(page, 'organisations-import-done-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await cardOf(page, 'Calder Mutual Bank').waitFor();

    await signUpVerified(product, IMPORT_FAMILY);
    const fay = await signedIn(product, IMPORT_FAMILY.email, IMPORT_FAMILY.password);
    const found = async (q: string) => OrganisationSearchResponseSchema.parse((await fay.json(`/api/organisations?q=${q}`)).body).organisations.map((o) => o.name);
    expect([await found('calder'), await found('aire%20valley')]).toEqual([['Calder Mutual Bank'], ['Aire Valley Building Society']]);

    await page.setViewportSize({ width: 390, height: 844 });
    const again = await upload();
    await again.getByText(CSV_MESSAGES.nothingNew(2, 'organisations')).waitFor();
    expect(await again.getByRole('button', { name: 'Nothing new to import' }).isDisabled()).toBe(true);
    await screenshot(page, 'organisations-import-nothing-new-390', { fullPage: false });
    await page.close();
  }, 120_000);

  it('offers an auditor no changes, and fits a phone', async () => {
    const auditorContext = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const signIn = await auditorContext.newPage();
    await signInAtAdmin(signIn, product, OTTO);
    await signIn.close();
    const page = await openOrganisations(auditorContext);
    await page.getByText('Read-only access').waitFor();
    await expect(page.getByRole('button', { name: 'Add Organisation' }).count()).resolves.toBe(0);
    await expect(cardOf(page, 'Nationwide Building Society').getByRole('button', { name: /Edit|Retire/ }).count()).resolves.toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'organisations-auditor-390', { fullPage: false });
    await auditorContext.close();
  });
});
