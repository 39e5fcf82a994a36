import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { CSV_MESSAGES, CSV_SOURCE, DEFAULT_SETTINGS } from '@afterwards/contracts';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';
import { EncryptedFileStore, FILE_TYPES, type StoredFile } from '@afterwards/file-store';
import { persistenceMigrations, runMigrations } from '@afterwards/persistence';
import { createPgliteTestDatabase, expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { ListingCommands } from '../change-listing/listing-commands';
import { ImportKinds } from './import-kind';
import { listingsProjection } from '../listings-projection/listings.projection';
import { csvImportSuite } from '../testing';
import { checkCsvUpload } from './check-csv-upload';
import { listingsImportKind } from '../import-listings-csv/listings-import-kind';
import { findCsvImports } from './csv-import.queries';
import { runCsvImport } from './import-csv.job';

const HEADER = 'name,category,location,address,phone,email,website,description,pricing,service_radius,status';
const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Spreadsheet row `row` (the header is row 1) of a file of listings in Leeds, York and Cardiff. */
function rowAt(row: number): string {
  const town = ['Leeds', 'York', 'Cardiff'][row % 3]!;
  const name = row === 11 ? '' : `Hope, Sons & Co ${row}`; // a quoted comma in every name; row 11 has none at all
  const email = row === 40_000 ? 'not-an-email' : `office${row}@hope.example`;
  // A quoted line break and quoted quotes in the description.
  const description = `Funeral directors since 1920.\r\nAsk for "the family room" at branch ${row}.`;
  return [name, 'Funeral Directors', town, `${row} High Street, ${town}`, '0113 496 0000', email, 'www.hope.example', description, 'From £1,950', '10', 'Active'].map(cell).join(',');
}

/** A CSV as Excel saves 'CSV UTF-8': a byte-order mark and Windows line ends. */
function csvOf(rows: number): Buffer {
  const lines = [`\uFEFF${HEADER}`];
  for (let row = 2; row <= rows + 1; row++) lines.push(rowAt(row));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

const textOf = async (files: EncryptedFileStore, fileId: string) => (await files.read(fileId)).toString('utf8');

describe('bulk CSV check', () => {
  let dir: string;
  let files: EncryptedFileStore;
  let db: TestDatabase;
  let store: PostgresEventStore;
  let listings: ReturnType<typeof listingsImportKind>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-check-'));
    files = new EncryptedFileStore({ dir, masterKey: Buffer.alloc(32, 7) });
    // An empty directory: no row was imported before.
    db = await createPgliteTestDatabase();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations]);
    store = new PostgresEventStore(db.sql);
    listings = listingsImportKind(new ListingCommands(store), async () => DEFAULT_SETTINGS);
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const put = (content: Buffer): Promise<StoredFile> => files.put(Readable.from([content]), { maxBytes: 50 * 1024 * 1024, allowedTypes: [FILE_TYPES.text] });

  it('checks every row of a 40,005-row file, not the first 10: bad rows at 11 and 40,000 are found, with every other row good', async () => {
    const content = csvOf(40_005);
    const stored = await put(content);
    const check = await checkCsvUpload(files, store, { importId: randomUUID(), fileName: 'listings.csv', stored }, listings);
    expect(check).toMatchObject({ fileError: null, totalRows: 40_005, validRows: 40_003, alreadyImportedRows: 0, rejectedRows: 2, errorCount: 2 });
    expect(check.errors).toEqual(['Row 11: name is required', 'Row 40000: email "not-an-email" is not a valid email address']);
    expect(check.headers).toEqual(HEADER.split(','));
    // The preview is the first 10 rows, quoted commas, quotes and line breaks intact.
    expect(check.preview).toHaveLength(10);
    expect(check.preview[0]).toEqual({
      row: 2,
      errors: [],
      values: expect.objectContaining({ name: 'Hope, Sons & Co 2', description: 'Funeral directors since 1920.\r\nAsk for "the family room" at branch 2.' }),
    });
    expect(check.preview[9]!.errors).toEqual(['Row 11: name is required']);
    // Every rejected row with its reason, as a CSV that opens in a spreadsheet.
    const rejected = parse(await textOf(files, check.rejectsFileId!)) as string[][];
    expect(rejected).toEqual([
      [...HEADER.split(','), 'row', 'reason'],
      [...(parse(rowAt(11)) as string[][])[0]!, '11', 'Row 11: name is required'],
      [...(parse(rowAt(40_000)) as string[][])[0]!, '40000', 'Row 40000: email "not-an-email" is not a valid email address'],
    ]);
    expect(check.fileSha256).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);

  it('refuses a file without the required headers, naming them, and one that is not UTF-8', async () => {
    const noHeaders = await checkCsvUpload(files, store, { importId: randomUUID(), fileName: 'x.csv', stored: await put(Buffer.from('name,category,location\r\nA,Charities,Leeds\r\n')) }, listings);
    expect(noHeaders).toMatchObject({ fileError: CSV_MESSAGES.missingHeaders(['address', 'phone', 'email', 'website', 'description', 'pricing', 'service_radius', 'status']), totalRows: 0, rejectsFileId: null });
    const latin1 = await checkCsvUpload(files, store, { importId: randomUUID(), fileName: 'x.csv', stored: await put(Buffer.from(`${HEADER}\r\nA,Charities,Leeds,,,,,Fees \xa310,,,\r\n`, 'latin1')) }, listings);
    expect(latin1.fileError).toMatch(/^Error parsing CSV: the file is not UTF-8 text/);
    const badQuote = await checkCsvUpload(files, store, { importId: randomUUID(), fileName: 'x.csv', stored: await put(Buffer.from(`${HEADER}\r\n"A"B,Charities,Leeds,,,,,,,,\r\n`)) }, listings);
    expect(badQuote.fileError).toMatch(/^Error parsing CSV: /);
  });
});

describe.each(testDatabaseFactories)('bulk CSV import on %s', (_name, create) => {
  const suite = csvImportSuite(create, {
    kinds: (store) => new ImportKinds().register(listingsImportKind(new ListingCommands(store), async () => DEFAULT_SETTINGS)),
    projections: [listingsProjection],
    kind: 'listings',
    fileName: 'leeds-york-cardiff.csv',
    correlationId: 'import-test',
  });
  const { staff } = suite;

  /** Start a checked import leaving rows in error out, and run the job, as the start route and worker do. */
  async function startAndRun(importId: string) {
    await suite.start(importId);
    return runCsvImport(suite.rt, { importId, context: staff });
  }

  async function importFile(content: Buffer) {
    const { importId, check } = await suite.checkFile(content);
    return { importId, check, progress: await startAndRun(importId) };
  }

  it('imports each accepted row as a placed Bulk Upload listing, and a second upload of the file adds none', async () => {
    const first = await importFile(csvOf(24)); // rows 2-25, row 11 without a name
    expect(first.progress).toEqual({ checked: 24, imported: 23, duplicates: 0, rejected: 1 });
    await expectEventually(async () => {
      const [row] = await findCsvImports(suite.prisma, { id: first.importId });
      expect(row).toMatchObject({ status: 'completed', progress: first.progress, finishedAt: expect.any(String) });
      expect(await suite.prisma.listing.count()).toBe(23);
    });
    const york = await suite.prisma.listing.findFirstOrThrow({ where: { name: 'Hope, Sons & Co 4' } });
    expect(york).toMatchObject({ location: 'York', status: 'Active', source: CSV_SOURCE, originalFilename: 'leeds-york-cardiff.csv', serviceRadiusMiles: 10, website: 'https://www.hope.example' });
    // Placed from its town, so distance searches find it.
    expect(york.latitude).toBeCloseTo(53.96, 1);
    expect(york.description).toBe('Funeral directors since 1920.\r\nAsk for "the family room" at branch 4.');

    // The same file again: the check says before Import that every valid row was imported, and Import is refused.
    const again = await suite.checkFile(csvOf(24));
    expect(again.check).toMatchObject({ totalRows: 24, validRows: 23, alreadyImportedRows: 23, rejectedRows: 1 });
    await expectEventually(async () => expect((await findCsvImports(suite.prisma, { id: again.importId }))[0]).toMatchObject({ alreadyImportedRows: 23, newRows: 0 }));
    await expect(startAndRun(again.importId)).rejects.toMatchObject({ code: 'IMPORT_NOTHING_NEW', message: CSV_MESSAGES.nothingNew(23) });
    // A longer copy of the file adds only its new rows: the check's count is what the import then does.
    const longer = await importFile(csvOf(30));
    expect(longer.check).toMatchObject({ validRows: 29, alreadyImportedRows: 23 });
    expect(longer.progress).toEqual({ checked: 30, imported: 6, duplicates: 23, rejected: 1 });
    await expectEventually(async () => expect(await suite.prisma.listing.count()).toBe(29));
    // Every listing event carries the staff member who started the import.
    const events = await suite.store.readStream(`listing-${york.id}`);
    expect(events[0]!.metadata).toMatchObject({ actor: staff.actor, correlationId: staff.correlationId });
  }, 60_000);

  it('counts a row repeated in the file as imported before, in the check and in the import alike', async () => {
    // Three businesses not imported before, then the second twice more and the third once more.
    const rows = [rowAt(2), rowAt(3), rowAt(4), rowAt(3), rowAt(3), rowAt(4)].map((r) => r.replace('Hope, Sons & Co', 'Calder & Co'));
    const repeated = Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`);
    const { check, progress } = await importFile(repeated);
    expect(check).toMatchObject({ totalRows: 6, validRows: 6, alreadyImportedRows: 3 });
    expect(progress).toEqual({ checked: 6, imported: 3, duplicates: 3, rejected: 0 });
  });

  it('a row another import adds between the check and the start counts as imported before, as the check would now say', async () => {
    const content = Buffer.from(`${HEADER}\r\n${['Ash Tree Funerals', 'Funeral Directors', 'Leeds', '', '', '', '', '', '', '10', 'Active'].join(',')}\r\n`);
    const first = await suite.checkFile(content);
    const second = await suite.checkFile(content);
    expect([first.check.alreadyImportedRows, second.check.alreadyImportedRows]).toEqual([0, 0]);
    expect(await startAndRun(first.importId)).toEqual({ checked: 1, imported: 1, duplicates: 0, rejected: 0 });
    expect(await startAndRun(second.importId)).toEqual({ checked: 1, imported: 0, duplicates: 1, rejected: 0 });
    expect((await suite.checkFile(content)).check.alreadyImportedRows).toBe(1);
  });

  it('a job run again after the import completed changes nothing', async () => {
    const done = await importFile(Buffer.from(csvOf(3).toString('utf8').replace(/Hope, Sons & Co/g, 'Wharfe & Co')));
    const before = (await suite.store.readStream(`import-${done.importId}`)).length;
    await runCsvImport(suite.rt, { importId: done.importId, context: staff });
    expect((await suite.store.readStream(`import-${done.importId}`)).length).toBe(before);
  });
});
