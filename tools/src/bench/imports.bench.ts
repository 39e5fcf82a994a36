import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CSV_IMPORTS_PATH, CsvImportSchema, FILE_NAME_HEADER, UPLOAD_CONTENT_TYPE, type CsvImport } from '@afterwards/contracts';
import { benchStaffSession, startBenchApi } from './bench-api';

export interface ImportsBenchOptions {
  readonly rows: number;
}

/** The targets of the issue. */
export const IMPORT_ROWS_PER_SECOND_TARGET = 2_000;
export const IMPORT_RSS_TARGET_MB = 300;

const TOWNS = ['Leeds', 'Manchester', 'Bristol', 'Cardiff', 'Glasgow', 'Belfast', 'Norwich', 'York', 'Exeter', 'Swansea', 'Aberdeen', 'Derry'];
const CATEGORIES = ['Funeral Directors', 'Legal Services', 'Register Offices', 'Counseling Services', 'Financial Advisors', 'Charities'];

/** A realistic CSV: quoted fields with commas, every column the spec's header asks for, distinct rows. */
export function benchCsv(rows: number): string {
  const lines = ['name,category,location,address,phone,email,website,description,pricing,service_radius,status'];
  for (let i = 0; i < rows; i++) {
    const town = TOWNS[i % TOWNS.length]!;
    const category = CATEGORIES[i % CATEGORIES.length]!;
    lines.push(
      [
        `"Bench ${category} ${i}, ${town}"`,
        category,
        town,
        `"${1 + (i % 200)} High Street, ${town}"`,
        `01632 ${String(100000 + (i % 900000)).slice(-6)}`,
        `contact${i}@bench-${i % 97}.example`,
        `https://www.bench-${i}.example`,
        `"Family-run, caring service number ${i}; home visits, ""no-fuss"" advice."`,
        `"From £${100 + (i % 900)}"`,
        String(1 + (i % 50)),
        'Active',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/**
 * `bench imports`: a `rows`-row CSV uploaded to the built API on PostgreSQL (jobs in the API process, as in
 * the embedded profile, so one process does all the work), imported end to end: every row checked, a
 * `ListingSubmitted` event each and its `listings` row. Reports rows per second from Start to the last
 * read-model row, and the API process's peak resident memory sampled every 100 ms throughout.
 */
export async function benchImports(options: ImportsBenchOptions): Promise<string> {
  const api = await startBenchApi({});
  const lines = [`imports bench: ${options.rows.toLocaleString('en-GB')}-row CSV through the built API on PostgreSQL`];
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(api.pid))), 100);
  try {
    const staff = await benchStaffSession(api, 'imports');

    const csv = Buffer.from(benchCsv(options.rows), 'utf8');
    const idle = rssMb(api.pid);
    let t0 = performance.now();
    const uploaded = await staff.fetch(CSV_IMPORTS_PATH, {
      method: 'POST',
      headers: { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: encodeURIComponent('bench-listings.csv') },
      body: csv,
    });
    if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
    const checked = CsvImportSchema.parse(await uploaded.json());
    const checkSeconds = (performance.now() - t0) / 1000;
    lines.push(`  upload and check of every row (${(csv.length / 1024 / 1024).toFixed(1)} MB): ${checkSeconds.toFixed(1)} s; ${checked.totalRows} rows, ${checked.rejectedRows} rejected`);

    t0 = performance.now();
    const started = await staff.json<CsvImport>(`${CSV_IMPORTS_PATH}/${checked.id}/start`, { method: 'POST', json: { skipRejected: false } });
    if (started.status !== 202) throw new Error(`start failed: ${started.status} ${JSON.stringify(started.body)}`);
    let done: CsvImport;
    for (;;) {
      done = CsvImportSchema.parse((await staff.json(`${CSV_IMPORTS_PATH}/${checked.id}`)).body);
      if (done.status === 'completed' || done.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const importSeconds = (performance.now() - t0) / 1000;
    // Every row is also a read-model row: wait for the listings projection.
    const rows = async () => Number((await api.db.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM listings WHERE source = 'Bulk Upload'`)).rows[0]!.n);
    while ((await rows()) < done.progress.imported) await new Promise((r) => setTimeout(r, 100));
    const totalSeconds = (performance.now() - t0) / 1000;
    const events = Number((await api.db.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM events WHERE type = 'ListingSubmitted'`)).rows[0]!.n);
    const rate = done.progress.imported / totalSeconds;
    const ok = done.status === 'completed' && done.progress.imported === options.rows && events >= options.rows && rate >= IMPORT_ROWS_PER_SECOND_TARGET && peak < IMPORT_RSS_TARGET_MB;
    lines.push(
      `  import job: ${done.status}, ${done.progress.imported} imported in ${importSeconds.toFixed(1)} s; every read-model row in after ${totalSeconds.toFixed(1)} s`,
      `  ListingSubmitted events: ${events}; listings rows from the import: ${await rows()}`,
      `  rate: ${Math.round(rate).toLocaleString('en-GB')} rows/s from Start to the last read-model row (target ≥ ${IMPORT_ROWS_PER_SECOND_TARGET.toLocaleString('en-GB')})`,
      `  API process memory: ${idle.toFixed(0)} MB before the upload, peak ${peak.toFixed(0)} MB throughout (target < ${IMPORT_RSS_TARGET_MB} MB)`,
      `  ${ok ? 'PASS' : 'FAIL'}`,
    );
    return lines.join('\n');
  } finally {
    clearInterval(sampler);
    await api.stop();
  }
}
