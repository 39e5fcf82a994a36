import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { CSV_MESSAGES, DirectorySearchResponseSchema, DOCUMENT_MESSAGES } from '@afterwards/contracts';
import { API_ENTRY, assertAccessible, startWithStaff, type StaffScreens, type RunningProduct, screenshot } from '@afterwards/testing';
import { BROCHURE_LINES, makePdf, makeScannedPdf } from '@afterwards/testing/documents';

// Imports in the browser against the built product (admin spec: Bulk CSV Upload, Document Processing):
// a CSV with errors shows its preview and the spec's messages; a good one imports with progress to 100%
// and its businesses appear in the staff list and the public finder; a PDF brochure is read, a field is
// corrected in the review dialog, approved, and the business is found. SCREENSHOT_DIR=... saves screenshots.
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });
/** The screen at a phone's width and at the desktop's: `name-375.png` and `name-1280.png`. */
async function shotsAtBothWidths(page: Page, name: string, scrollTo?: Locator) {
  if (!process.env.SCREENSHOT_DIR) return;
  const size = page.viewportSize()!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`);
    if (scrollTo) {
      await scrollTo.scrollIntoViewIfNeeded();
      await shot(page, `${name}-${width}-end`);
    }
  }
  await page.setViewportSize(size);
}

const WORKER_ENTRY = path.join(path.dirname(API_ENTRY), '..', '..', 'worker', 'dist', 'main.js');
const ADA = { email: 'ada.imports@example.test', name: 'Ada Admin', password: 'quiet-harbour-70' };
const HEADER = 'name,category,location,address,phone,email,website,description,pricing,service_radius,status';

function csv(rows: string[][]): { name: string; mimeType: string; buffer: Buffer } {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return { name: 'businesses.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[HEADER, ...rows.map((r) => r.map(cell).join(','))].join('\r\n')}\r\n`) };
}
const row = (name: string, town: string, extra: Partial<Record<'email' | 'category' | 'status', string>> = {}) => [
  name,
  extra.category ?? 'Funeral Directors',
  town,
  `1 High Street, ${town}`,
  '01904 555 000',
  extra.email ?? 'office@example.test',
  'www.example.test',
  'Funeral directors, caring for families since 1920.',
  'From £1,950',
  '10',
  extra.status ?? 'Active',
];

describe('imports in the browser', () => {
  let product: RunningProduct;
  let context: BrowserContext;
  let screens: StaffScreens;
  /** The import job runs in the worker, as in production. */
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    screens = await startWithStaff({ profile: 'services', seedCount: 0, staff: [ADA] });
    ({ product, context } = screens);
    worker = spawn(process.execPath, [WORKER_ENTRY], { env: product.env, stdio: 'ignore' });
  }, 180_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    await screens?.stop();
  });

  async function openSection(label: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: label }).click();
    await page.getByRole('heading', { level: 1, name: label }).waitFor();
    return page;
  }

  const finder = async (location: string) =>
    DirectorySearchResponseSchema.parse(await (await fetch(`${product.url}/api/directory/listings?location=${encodeURIComponent(location)}&radius=25`)).json()).listings;

  it('shows a CSV with errors as a preview with the spec messages, then imports a good one to 100% into the staff list and the finder', async () => {
    const page = await openSection('Local Businesses');
    await page.getByRole('button', { name: 'Bulk CSV Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk CSV Upload' });
    const input = dialog.locator('input[type=file]');

    await input.setInputFiles({ name: 'businesses.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await dialog.getByText('Please select a CSV file').waitFor();

    // Seven bad rows among twelve: the preview, five errors and '... and 2 more errors'.
    const bad = [row('Good One', 'York'), ...Array.from({ length: 7 }, () => row('', 'York')), ...Array.from({ length: 4 }, (_, i) => row(`Good ${i}`, 'York'))];
    await input.setInputFiles(csv(bad));
    await dialog.getByText('12 rows checked: 5 can be imported, 7 rows have errors.').waitFor();
    for (const n of [3, 4, 5, 6, 7]) await dialog.getByText(`Row ${n}: name is required`).waitFor();
    await dialog.getByText('... and 2 more errors').waitFor();
    expect(await dialog.getByRole('table').getByRole('row').count()).toBe(11); // the header and 10 rows
    expect(await dialog.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);
    await assertAccessible(page, 'Bulk CSV Upload dialog, with its preview and errors');
    await shot(page, 'csv-errors');

    // A good file: 40 businesses in York and Leeds.
    const good = Array.from({ length: 40 }, (_, i) => row(`Ouse Valley Funerals ${i + 1}`, i % 2 ? 'York' : 'Leeds'));
    await input.setInputFiles(csv(good));
    await dialog.getByText('40 rows checked: every row can be imported.').waitFor();
    await dialog.getByRole('button', { name: 'Import 40 businesses' }).click();
    await dialog.locator('[role=progressbar][aria-valuenow="100"]').waitFor();
    await dialog.getByText('Imported 40 businesses.').waitFor();
    await assertAccessible(page, 'Bulk CSV Upload dialog, imported');
    await shot(page, 'csv-done');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Search').fill('Ouse Valley Funerals 7');
    await page.getByRole('cell', { name: 'Ouse Valley Funerals 7', exact: true }).or(page.getByText('Ouse Valley Funerals 7', { exact: true })).first().waitFor();
    expect((await finder('York')).map((l) => l.name)).toContain('Ouse Valley Funerals 2');

    // The same file again: the check says before the button that every row was imported before, and
    // there is no Import to press.
    await page.getByRole('button', { name: 'Bulk CSV Upload' }).click();
    const again = page.getByRole('dialog', { name: 'Bulk CSV Upload' });
    await again.locator('input[type=file]').setInputFiles(csv(good));
    await again.getByText('40 rows checked: every row was imported before.').waitFor();
    await again.getByText(CSV_MESSAGES.nothingNew(40)).waitFor();
    const nothingNew = again.getByRole('button', { name: 'Nothing new to import' });
    expect(await nothingNew.isDisabled()).toBe(true);
    expect(await again.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
    await assertAccessible(page, 'Bulk CSV Upload dialog, a file imported before');
    await shotsAtBothWidths(page, 'csv-check-nothing-new', nothingNew);

    // The file with two more rows: the check counts them as the only new ones, and the import agrees.
    const grown = [...good, row('Ouse Valley Funerals 41', 'York'), row('Ouse Valley Funerals 42', 'Leeds')];
    await again.locator('input[type=file]').setInputFiles(csv(grown));
    await again.getByText('42 rows checked: 2 new can be imported, 40 rows were imported before and will be skipped.').waitFor();
    await shotsAtBothWidths(page, 'csv-check-two-new', again.getByRole('button', { name: 'Import 2 businesses' }));
    await again.getByRole('button', { name: 'Import 2 businesses' }).click();
    await again.getByText('Imported 2 businesses. 40 rows had been imported before and were skipped.').waitFor();
    await page.close();
  }, 120_000);

  it('reads a PDF brochure, takes a correction in the review dialog, approves it, and the business is found', async () => {
    const page = await openSection('Document Processing');
    await page.getByText(DOCUMENT_MESSAGES.empty).waitFor();
    const input = page.locator('input[type=file]');
    await input.setInputFiles([
      { name: 'hope-and-sons.pdf', mimeType: 'application/pdf', buffer: await makePdf(BROCHURE_LINES) },
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: await makeScannedPdf() },
    ]);
    await page.getByText(DOCUMENT_MESSAGES.processed('hope-and-sons.pdf')).waitFor();
    await page.getByText(/Failed to process "scan.pdf": It has no text to read/).first().waitFor();
    const card = page.getByRole('article', { name: 'Hope & Sons Funeral Directors Ltd' });
    await card.getByText('100% confidence').waitFor();
    await card.getByText('Pending review').waitFor();
    await assertAccessible(page, 'Document Processing, with a processed and a failed document');
    await shot(page, 'documents');
    // The Reject dialog, opened and cancelled: the document stays pending.
    await card.getByRole('button', { name: 'Reject Hope & Sons Funeral Directors Ltd' }).click();
    const rejecting = page.getByRole('dialog', { name: 'Reject "Hope & Sons Funeral Directors Ltd"?' });
    await rejecting.waitFor();
    await assertAccessible(page, 'Reject document dialog');
    await rejecting.getByRole('button', { name: 'Cancel' }).click();
    await rejecting.waitFor({ state: 'hidden' });
    await card.getByText('Pending review').waitFor();

    await card.getByRole('button', { name: /View details/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Review: hope-and-sons.pdf' });
    await dialog.getByText('Phone: 0113 496 0000').waitFor(); // the document's text beside the fields
    const phone = dialog.getByLabel('Phone');
    expect(await phone.inputValue()).toBe('0113 496 0000');
    await phone.fill('0113 496 0999');
    await assertAccessible(page, 'document review dialog');
    await shot(page, 'review');
    await dialog.getByRole('button', { name: 'Approve & Create Listing' }).click();
    await page.getByText(DOCUMENT_MESSAGES.approved('Hope & Sons Funeral Directors Ltd')).waitFor();
    await card.getByText('Approved').waitFor();

    const found = (await finder('Leeds')).find((l) => l.name === 'Hope & Sons Funeral Directors Ltd');
    expect(found).toMatchObject({ phone: '0113 496 0999', category: 'Funeral Directors', location: 'Leeds' });
    await page.close();
  }, 120_000);

  it('refuses a text file named .pdf and a document with no business details, and lists neither', async () => {
    const page = await openSection('Document Processing');
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    const before = await cards.count();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a PDF, only a few words typed into a text file\n') },
      { name: 'shopping-list.txt', mimeType: 'text/plain', buffer: Buffer.from('Milk, bread and eggs\nRemember to post the letter on Tuesday\n') },
    ]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByText(DOCUMENT_MESSAGES.processFailed('not-really.pdf', DOCUMENT_MESSAGES.notWhatNameSays('.pdf', 'text/plain'))).waitFor();
    await uploads.getByText(DOCUMENT_MESSAGES.processFailed('shopping-list.txt', DOCUMENT_MESSAGES.noBusinessDetails)).waitFor();
    await assertAccessible(page, 'Document Processing, two documents refused');
    await shotsAtBothWidths(page, 'documents-refused');
    // Nothing reached the review queue.
    expect(await cards.count()).toBe(before);
    expect(await page.getByRole('article', { name: 'not really' }).count()).toBe(0);
    await page.close();
  }, 120_000);
});
