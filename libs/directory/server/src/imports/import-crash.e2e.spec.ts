import { CSV_IMPORTS_PATH, CsvImportSchema, FILE_NAME_HEADER, UPLOAD_CONTENT_TYPE, type CsvImport } from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import { newStaffSession, staffSignedIn, startProduct, startWorker, stopProcess, type HttpSession, type ProductProcess, type RunningProduct } from '@afterwards/testing';

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
 * Issue 39 item 9: the process running a CSV import is killed (SIGKILL) mid-way: in the services profile
 * the worker and the API, in the embedded profile the API (which runs the jobs). Once they are back the
 * import goes on from its last recorded rows (BullMQ hands the stalled job to the new worker; the embedded
 * API queues unfinished imports again at start-up) and ends with the counts of a run without a crash:
 * every row imported once, only the file's own duplicate row counted as already imported, and one listing
 * per row.
 */
describe.each(['services', 'embedded'] as const)('a CSV import whose process is killed mid-way (%s profile)', (profile) => {
  let product: RunningProduct;
  let worker: ProductProcess | undefined;
  let staff: HttpSession;

  beforeAll(async () => {
    product = await startProduct({ profile, seedCount: 0 });
    staff = await newStaffSession(product, STAFF);
  }, 180_000);
  afterAll(async () => {
    if (worker) await stopProcess(worker, 'SIGKILL');
    await product?.stop();
  });

  const importOf = async (id: string) => CsvImportSchema.parse((await staff.json(`${CSV_IMPORTS_PATH}/${id}`)).body);
  const listings = async () => (await staff.json<{ total: number }>('/api/admin/listings?pageSize=1')).body.total;

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
    // The worker starts with the job already waiting, as one does after a crash: it must take it only once
    // every command handler is registered (it once ran it first, and it failed with no handler found).
    if (profile === 'services') worker = startWorker(product, 'worker-1');

    // Killed once some rows are recorded, well before the end. A worker starting on a busy machine may take
    // a while to pick the job up; if it never does, its own output says why.
    let atKill: CsvImport | undefined;
    await expectEventually(
      async () => {
        atKill = await importOf(checked.id);
        expect(atKill.progress.checked).toBeGreaterThanOrEqual(2_000);
      },
      150_000,
      20,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n--- worker output ---\n${worker?.logs().slice(-6_000) ?? '(no worker)'}`);
    });
    if (worker) await stopProcess(worker, 'SIGKILL');
    product.apiProcess()!.kill('SIGKILL');
    expect(atKill!.status).toBe('running');
    expect(atKill!.progress.checked).toBeLessThan(ROWS);

    await product.startApi();
    if (profile === 'services') worker = startWorker(product, 'worker-2');
    staff = await staffSignedIn(product, STAFF);
    // Services: BullMQ moves the killed worker's job back to waiting once its lock expires (30 s).
    let done: CsvImport | undefined;
    await expectEventually(
      async () => {
        done = await importOf(checked.id);
        expect(done.status).toBe('completed');
      },
      150_000,
      500,
    );
    expect(done!.progress).toEqual({ checked: ROWS + 1, imported: ROWS, duplicates: 1, rejected: 0 });
    await expectEventually(async () => expect(await listings()).toBe(ROWS), 60_000, 200);
  }, 450_000);
});
