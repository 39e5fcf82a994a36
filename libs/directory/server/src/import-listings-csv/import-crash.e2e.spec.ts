import pg from 'pg';
import { CSV_IMPORTS_PATH, CsvImportSchema, FILE_NAME_HEADER, UPLOAD_CONTENT_TYPE, type CsvImport } from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import { staffSignedIn, startProduct, startWorker, stopProcess, type HttpSession, type ProductProcess, type RunningProduct } from '@afterwards/testing';

const STAFF = { email: 'ines.imports@afterwards.example', name: 'Ines Walsh', password: 'crash-and-resume-2026' };
const ROWS = 20_000;
const HEADER = 'name,category,location,address,phone,email,website,description,pricing,service_radius,status';
const TOWNS = ['Leeds', 'York', 'Cardiff', 'Belfast'];

/** `ROWS` distinct businesses, then the first one again: a file of ROWS listings and one duplicate row. */
function csv(): string {
  const line = (i: number) => {
    const town = TOWNS[i % TOWNS.length]!;
    return [`"Resume Funeral Care ${i}, ${town}"`, 'Funeral Directors', town, `"${i} High Street, ${town}"`, '01632 960000', `office${i}@resume.example`, 'www.resume.example', 'Caring for families.', '"From £1,950"', '10', 'Active'].join(',');
  };
  const lines = [HEADER];
  for (let i = 0; i < ROWS; i++) lines.push(line(i));
  lines.push(line(0));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Issue 39 item 9: the worker running a CSV import and the API are killed (SIGKILL) mid-way. Once both
 * are back, BullMQ hands the stalled job to the new worker, which goes on from the last recorded rows;
 * the import ends with the counts of a run without a crash: every row imported once, only the file's own
 * duplicate row counted as already imported, and one listing per row.
 */
describe('a CSV import whose worker and API are killed mid-way (services profile)', () => {
  let product: RunningProduct;
  let worker: ProductProcess;
  let staff: HttpSession;
  let db: pg.Client;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    product.tool('create-admin', '--email', STAFF.email, '--name', STAFF.name, '--password', STAFF.password);
    worker = startWorker(product, 'worker-1');
    staff = await staffSignedIn(product, STAFF);
    db = new pg.Client({ connectionString: product.env.DATABASE_URL });
    await db.connect();
  }, 180_000);
  afterAll(async () => {
    await db?.end();
    if (worker) await stopProcess(worker, 'SIGKILL');
    await product?.stop();
  });

  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
  const written = () => count(`SELECT count(*)::text AS n FROM events WHERE type = 'ListingSubmitted'`);

  it('resumes after the crash and ends with exactly the counts of an uninterrupted run', async () => {
    const uploaded = await staff.fetch(CSV_IMPORTS_PATH, {
      method: 'POST',
      headers: { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: 'resume.csv' },
      body: csv(),
    });
    expect(uploaded.status).toBe(201);
    const checked = CsvImportSchema.parse(await uploaded.json());
    expect(checked).toMatchObject({ totalRows: ROWS + 1, validRows: ROWS + 1, rejectedRows: 0 });
    const started = await staff.json(`${CSV_IMPORTS_PATH}/${checked.id}/start`, { method: 'POST', json: { skipRejected: false } });
    expect(started.status).toBe(202);

    // Killed once a few batches are in, well before the end.
    await expectEventually(async () => expect(await written()).toBeGreaterThanOrEqual(2_000), 60_000, 20);
    await stopProcess(worker, 'SIGKILL');
    product.apiProcess()!.kill('SIGKILL');
    const atKill = await written();
    expect(atKill).toBeLessThan(ROWS);

    await product.startApi();
    worker = startWorker(product, 'worker-2');
    staff = await staffSignedIn(product, STAFF);
    // BullMQ moves the killed worker's job back to waiting once its lock expires (30 s), then the new worker runs it.
    let done: CsvImport | undefined;
    await expectEventually(
      async () => {
        done = CsvImportSchema.parse((await staff.json(`${CSV_IMPORTS_PATH}/${checked.id}`)).body);
        expect(done.status).toBe('completed');
      },
      150_000,
      500,
    );
    expect(done!.progress).toEqual({ checked: ROWS + 1, imported: ROWS, duplicates: 1, rejected: 0 });
    expect(await written()).toBe(ROWS);
    await expectEventually(async () => expect(await count(`SELECT count(*)::text AS n FROM listings WHERE source = 'Bulk Upload'`)).toBe(ROWS), 60_000);
  }, 360_000);
});
