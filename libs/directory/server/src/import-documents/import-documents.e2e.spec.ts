import fs from 'node:fs';
import path from 'node:path';
import { expectEventually } from '@afterwards/persistence/testing';
import { DOCUMENT_MESSAGES, FILE_NAME_HEADER, UPLOAD_CONTENT_TYPE } from '@afterwards/contracts';
import { connectDatabase, queryDatabase, createStaff, newFamilySession, newStaffSession, staffSignedIn, useProduct, type HttpSession, type RunningProduct } from '@afterwards/testing';
import { BROCHURE_LINES, makeDoc, makeDocx, makeDocxBomb, makePdf, makePdfBomb, makeTxt } from '@afterwards/testing/documents';

const STAFF = { email: 'dora.documents@example.test', name: 'Dora Documents', password: 'quiet-harbour-80' };
const FAMILY = { email: 'fern.reader@example.test', password: 'quiet-harbour-81' };
const MB = 1024 * 1024;

/** Every file under `dir` (the file store: stored blobs and unfinished uploads in `.tmp`), relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** The API's peak resident memory so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return Math.round(Number(line![1]) / 1024);
}

/**
 * Reads what a family and a load balancer read, back to back, until stopped: every answer that is not a
 * 200 (or a request that fails because the API is gone) is kept.
 */
function keepReading(product: RunningProduct, family: HttpSession) {
  const failures: string[] = [];
  let reads = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      for (const [label, read] of [
        ['ready', () => fetch(`${product.url}/api/health/ready`)],
        ['dashboard', () => family.fetch('/api/memories')],
      ] as const) {
        try {
          const res = await read();
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${label} ${res.status}`);
        } catch (error) {
          failures.push(`${label} ${(error as Error).message}`);
        }
        reads++;
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { failures, reads };
    },
  };
}

/** Document import against the built product on the services profile (PostgreSQL, Redis). */
describe('document import cannot take the API down', () => {
  let product: RunningProduct;
  let staff: HttpSession;
  let family: HttpSession;
  let filesDir: string;

  useProduct({ profile: 'services', seedCount: 0 }, async (started) => {
    product = started;
    staff = await newStaffSession(product, STAFF, { userAgent: 'import-documents-e2e' });
    family = await newFamilySession(product, FAMILY);
    filesDir = path.join(product.dataDir, 'files');
  });

  const upload = (name: string, bytes: Buffer) =>
    staff.json<{ code?: string; detail?: string }>('/api/admin/imports/documents', {
      method: 'POST',
      headers: { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: name },
      body: new Uint8Array(bytes),
    });

  it('answers a zip-bomb .docx and a PDF bomb with a 422, stays ready, keeps serving a family, and keeps no file', async () => {
    const bombs: Array<[string, Buffer]> = [
      ['brochure.docx', await makeDocxBomb(300 * MB)],
      ['brochure-lies.docx', await makeDocxBomb(300 * MB, { directorySays: 4_000 })],
      ['brochure.pdf', await makePdfBomb(300 * MB)],
    ];
    const pid = product.apiProcess()!.pid!;
    const peakBefore = peakRssMb(pid);
    const reader = keepReading(product, family);
    for (const [name, bytes] of bombs) {
      const res = await upload(name, bytes);
      expect([name, res.status, res.body.code, res.body.detail]).toEqual([
        name,
        422,
        'DOCUMENT_TOO_LARGE_UNPACKED',
        `Failed to process "${name}": ${DOCUMENT_MESSAGES.tooLargeUnpacked}`,
      ]);
    }
    const { failures, reads } = await reader.stop();
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(2);
    expect(product.apiProcess()!.exitCode).toBeNull();
    expect(filesUnder(filesDir)).toEqual([]);
    process.stdout.write(`API peak resident memory (VmHWM): ${peakBefore} MB before the bombs, ${peakRssMb(pid)} MB after\n`);
  }, 240_000);

  it('still imports real brochures (.docx and PDF) read in the worker, and keeps each file with its row', async () => {
    for (const [name, bytes] of [
      ['hope-and-sons.docx', await makeDocx(BROCHURE_LINES)],
      ['hope-and-sons-leeds.pdf', await makePdf([...BROCHURE_LINES, 'Also at 4 Kirkgate, Wakefield WF1 1HS'])],
    ] as const) {
      const res = await upload(name, bytes);
      expect([name, res.status]).toEqual([name, 201]);
      expect(res.body).toMatchObject({ fileName: name, extractedData: { businessName: 'Hope & Sons Funeral Directors Ltd' } });
    }
    const rows = (await queryDatabase<{ file_id: string }>(product, 'SELECT file_id::text FROM import_documents')).map((r) => r.file_id);
    expect(rows).toHaveLength(2);
    expect(filesUnder(filesDir).map((f) => path.basename(f)).sort()).toEqual([...rows].sort());
  }, 120_000);

  it('refuses a file that is not what its name says, and a document with no business details, listing nothing', async () => {
    const client = await connectDatabase(product);
    const counts = async () => {
      const documents = await client.query<{ n: string }>('SELECT count(*) AS n FROM import_documents');
      const listings = await client.query<{ n: string }>('SELECT count(*) AS n FROM listings');
      return { documents: Number(documents.rows[0]!.n), listings: Number(listings.rows[0]!.n) };
    };
    const before = await counts();
    const files = filesUnder(filesDir);
    try {
      const cases: Array<[string, Buffer, number, string, string]> = [
        ['not-really.pdf', makeTxt(['not really a PDF, only a few words typed into a text file']), 415, 'DOCUMENT_NOT_WHAT_ITS_NAME_SAYS', DOCUMENT_MESSAGES.notWhatNameSays('.pdf', 'text/plain')],
        ['brochure.docx', await makePdf(BROCHURE_LINES), 415, 'DOCUMENT_NOT_WHAT_ITS_NAME_SAYS', DOCUMENT_MESSAGES.notWhatNameSays('.docx', 'application/pdf')],
        ['letter.doc', await makeDocx(BROCHURE_LINES), 415, 'DOCUMENT_NOT_WHAT_ITS_NAME_SAYS', DOCUMENT_MESSAGES.notWhatNameSays('.doc', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')],
        ['notes.txt', makeDoc(BROCHURE_LINES), 415, 'DOCUMENT_NOT_WHAT_ITS_NAME_SAYS', DOCUMENT_MESSAGES.notWhatNameSays('.txt', 'application/msword')],
        ['brochure.exe', makeTxt(BROCHURE_LINES), 415, 'DOCUMENT_TYPE_NOT_ALLOWED', DOCUMENT_MESSAGES.wrongType],
        ['shopping-list.txt', makeTxt(['Milk, bread and eggs', 'Remember to post the letter on Tuesday']), 422, 'DOCUMENT_NO_BUSINESS_DETAILS', DOCUMENT_MESSAGES.noBusinessDetails],
      ];
      for (const [name, bytes, status, code, reason] of cases) {
        const res = await upload(name, bytes);
        expect([name, res.status, res.body.code, res.body.detail]).toEqual([name, status, code, DOCUMENT_MESSAGES.processFailed(name, reason)]);
      }
      expect(DOCUMENT_MESSAGES.notWhatNameSays('.pdf', 'text/plain')).toContain('Its name ends in .pdf, but it is not a PDF: its content is plain text.');
      // Nothing reached the review queue or the directory, and no file was kept.
      expect(await counts()).toEqual(before);
      expect(filesUnder(filesDir)).toEqual(files);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('leaves no stored file without its row when the API is killed while it reads a document', async () => {
    const bomb = await makeDocxBomb(300 * MB, { directorySays: 4_000 });
    const pending = upload('killed.docx', bomb).catch(() => undefined);
    // Kill once the whole upload is on disk (encrypted, it is the file plus a header and a tag), that is,
    // while the document is being read.
    const whole = (file: string) => fs.statSync(path.join(filesDir, file)).size > bomb.length;
    await expectEventually(() => expect(filesUnder(filesDir).some(whole)).toBe(true), 60_000);
    const api = product.apiProcess()!;
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGKILL');
    await exited;
    await pending;
    await product.startApi();

    const rows = (await queryDatabase<{ file_id: string }>(product, 'SELECT file_id::text FROM import_documents')).map((r) => r.file_id);
    // Stored blobs live in shards named after their id; an import cut off leaves only an unfinished upload.
    const stored = filesUnder(filesDir).filter((f) => !f.startsWith('.tmp'));
    expect(stored.filter((f) => !rows.includes(path.basename(f)))).toEqual([]);
    expect((await family.json('/api/memories')).status).toBe(200);
  }, 240_000);
});

/** The embedded profile (PGlite in the API's own process) reads documents through the same worker. */
describe('document import on the embedded profile', () => {
  let product: RunningProduct;

  useProduct({ profile: 'embedded', seedCount: 0 }, async (started) => {
    product = started;
    await createStaff(product, STAFF);
  });

  it('answers a zip-bomb .docx with a 422 while it stays ready, keeps no file, then imports a real brochure', async () => {
    const staff = await staffSignedIn(product, STAFF, 'import-documents-e2e');
    const upload = (name: string, bytes: Buffer) =>
      staff.json<{ code?: string; detail?: string }>('/api/admin/imports/documents', {
        method: 'POST',
        headers: { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: name },
        body: new Uint8Array(bytes),
      });
    const filesDir = path.join(product.dataDir, 'files');
    const ready: number[] = [];
    let stopped = false;
    const probe = (async () => {
      while (!stopped) ready.push(await fetch(`${product.url}/api/health/ready`).then((r) => r.status, () => 0));
    })();
    const bomb = await upload('brochure.docx', await makeDocxBomb(300 * MB));
    stopped = true;
    await probe;
    expect([bomb.status, bomb.body.code]).toEqual([422, 'DOCUMENT_TOO_LARGE_UNPACKED']);
    expect(ready.filter((s) => s !== 200)).toEqual([]);
    expect(filesUnder(filesDir)).toEqual([]);
    expect((await upload('hope-and-sons.docx', await makeDocx(BROCHURE_LINES))).status).toBe(201);
    expect(filesUnder(filesDir)).toHaveLength(1);
  }, 240_000);
});
