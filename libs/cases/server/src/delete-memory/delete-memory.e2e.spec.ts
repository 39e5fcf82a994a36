import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FILE_NAME_HEADER, MemoryDetailSchema, MemoryListResponseSchema, type MemoryDetail } from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import {
  connectDatabase,
  latestMail,
  signedIn,
  signUpVerified,
  startWorker,
  stopProcess,
  useProduct,
  type HttpSession,
  type ProductProcess,
  type RunningProduct,
} from '@afterwards/testing';
import { createMemory, downloadEverything, pdfWith, uploadBytes, useMemoriesProduct } from '@afterwards/testing/memories';

/** Delete Forever over HTTP, against the built product on PostgreSQL and Redis (one product for the file). */
describe('Delete Forever over HTTP (services profile)', () => {
  let product: RunningProduct;
  let ann: HttpSession;
  let bob: HttpSession;
  useMemoriesProduct((started) => ({ product, ann, bob } = started));

  it('Delete Forever leaves no personal data of the memory, shared or not, in the database or the file store', async () => {
    const secret = {
      name: 'Zephyr memory',
      deceasedName: 'Zephyrine Quillfeather',
      jurisdiction: 'England',
      placeOfDeath: 'Quillhaven Hospice',
      relationship: 'Child',
      dateOfDeath: '2026-01-17',
    };
    const memory = await createMemory(ann, secret);
    const id = memory.memory.id;
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#aa5500' } })
      .png()
      .toBuffer();
    expect((await uploadBytes(ann, `/api/memories/${id}/photo`, png, 'zephyrine.png', 'PUT')).status).toBe(200);
    await ann.fetch(`/api/memories/${id}/photo?size=thumbnail`);
    const withFile = await uploadBytes(ann, `/api/memories/${id}/documents/${memory.documents[1]!.id}/files`, pdfWith('quill-secret'), 'quillfeather-will.pdf');
    const extra = await ann.json<MemoryDetail>(`/api/memories/${id}/additional-documents`, {
      method: 'POST',
      body: new Uint8Array(pdfWith('extra')),
      headers: { 'content-type': 'application/octet-stream', [FILE_NAME_HEADER]: 'quill-letter.pdf', 'x-document-title': 'Quillfeather letter' },
    });
    expect(extra.status).toBe(201);
    await ann.json(`/api/memories/${id}/notes`, { method: 'POST', json: { title: 'Quillfeather wishes', content: 'Zephyrine wanted lilies' } });
    await ann.json(`/api/memories/${id}/tasks/${memory.tasks[0]!.id}`, { method: 'PUT', json: { status: 'complete' } });
    // Shared: Bob joins as an editor and writes too; an invitation to another address is still waiting.
    expect((await ann.json(`/api/memories/${id}/invitations`, { method: 'POST', json: { email: 'bob.memories@example.test', role: 'editor' } })).status).toBe(201);
    expect((await ann.json(`/api/memories/${id}/invitations`, { method: 'POST', json: { email: 'zephyr.pending@example.test', role: 'viewer' } })).status).toBe(201);
    const invitation = await latestMail(product.outboxDir, 'bob.memories@example.test', { kind: 'memory-invitation' });
    const token = new URL(invitation.links[0]!).searchParams.get('token')!;
    expect((await bob.json(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' })).status).toBe(200);
    await bob.json(`/api/memories/${id}/notes`, { method: 'POST', json: { title: 'From Bob', content: 'Quillfeather bank called back' } });
    await bob.json(`/api/memories/${id}/tasks/${memory.tasks[1]!.id}`, { method: 'PUT', json: { status: 'complete' } });
    const fileIds = [...withFile.body.documents.flatMap((d) => d.files.map((f) => f.id)), ...extra.body.documents.flatMap((d) => d.files.map((f) => f.id))];
    const detail = MemoryDetailSchema.parse((await ann.json(`/api/memories/${id}`)).body);
    const photoId = new URL(detail.memory.photo!.url, product.url).searchParams.get('v')!;
    const blobs = [photoId, ...fileIds].flatMap((f) => fs.readdirSync(path.join(product.dataDir, 'files', f.slice(0, 2))).filter((n) => n.startsWith(f)));
    expect(blobs.length).toBeGreaterThanOrEqual(4); // photo, its thumbnail, two documents

    const markers = ['Zephyr', 'Quill', 'lilies', 'zephyr.pending', id];
    const db = await connectDatabase(product);
    let worker: ProductProcess | undefined;
    const everything = async (): Promise<string> => {
      const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
      const dumps = await Promise.all(tables.rows.map((t) => db.query(`SELECT t::text AS row FROM "${t.table_name}" t`)));
      return dumps.flatMap((d) => d.rows.map((r) => String(r.row))).join('\n');
    };
    try {
      expect(await everything()).toContain('Zephyrine Quillfeather'); // the scan sees the memory while it exists

      const res = await ann.fetch(`/api/memories/${id}`, { method: 'DELETE' });
      expect(res.status).toBe(204);
      expect((await ann.fetch(`/api/memories/${id}`)).status).toBe(404);
      // Bob is told by e-mail (decision 0045): the name of the person who died was kept only until it went.
      // With Redis the e-mail is a job for the worker, as in production.
      worker = startWorker(product, 'worker');
      // The worker is started just now: on a loaded machine it takes more than the usual 10 s to send.
      const told = await latestMail(product.outboxDir, 'bob.memories@example.test', { kind: 'memory-notice-memory-deleted', timeoutMs: 30_000 });
      expect(told.subject).toBe('Zephyrine Quillfeather: a shared memory has been deleted');
      await expectEventually(async () => expect((await db.query(`SELECT 1 FROM memory_notices WHERE sent_at IS NULL`)).rowCount).toBe(0), 15_000);

      const left = await everything();
      for (const marker of markers.slice(0, 4)) expect(left).not.toContain(marker);
      // Nor for the person it was shared with.
      expect((await bob.fetch(`/api/memories/${id}`)).status).toBe(404);
      expect(MemoryListResponseSchema.parse((await bob.json('/api/memories')).body).memories.map((m) => m.id)).not.toContain(id);
      // Only the tombstone remains of the memory: its id, when, and the ids of files that are gone.
      const events = await db.query<{ type: string; data: unknown }>('SELECT type, data FROM events WHERE stream_id = $1', [`case-${id}`]);
      expect(events.rows.map((e) => e.type)).toEqual(['CaseDeleted']);
      expect(Object.keys(events.rows[0]!.data as object).sort()).toEqual(['caseId', 'deletedAt', 'fileIds']);
      for (const table of ['cases', 'case_tasks', 'case_documents', 'case_files', 'case_notes', 'case_members', 'memory_invitations']) {
        const rows = await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'cases' ? 'id' : 'case_id'} = $1`, [id]);
        expect(rows.rows[0]).toEqual({ n: 0 });
      }
    } finally {
      await db.end();
      if (worker) await stopProcess(worker);
    }
    for (const blob of blobs) {
      expect(fs.existsSync(path.join(product.dataDir, 'files', blob.slice(0, 2), blob))).toBe(false);
    }
  });
});

/** The embedded profile (PGlite, local files) that `npm start` runs: the same routes, the same guarantees. */
describe('Delete Forever over HTTP (embedded profile)', () => {
  let product: RunningProduct;
  useProduct({ profile: 'embedded', seedCount: 0 }, (started) => (product = started));

  it('opens a memory, keeps an encrypted file, and deletes it all forever', async () => {
    const email = 'eve.embedded@example.test';
    const password = 'quiet-harbour-47';
    await signUpVerified(product, { email, password });
    const http = await signedIn(product, email, password);

    const created = await http.json<MemoryDetail>('/api/memories', { method: 'POST', json: { name: 'Nan', deceasedName: 'Peggy Lowe', jurisdiction: 'Northern Ireland' } });
    expect(created.status).toBe(201);
    const id = created.body.memory.id;
    const doc = created.body.documents[0]!;
    const uploaded = await http.json<MemoryDetail>(`/api/memories/${id}/documents/${doc.id}/files`, {
      method: 'POST',
      body: new Uint8Array(Buffer.from('%PDF-1.7\n% peggy-marker\n%%EOF\n')),
      headers: { 'content-type': 'application/octet-stream', [FILE_NAME_HEADER]: 'peggy.pdf' },
    });
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body.documents[0]!.files[0]!.id;
    const blob = path.join(product.dataDir, 'files', fileId.slice(0, 2), fileId);
    expect(fs.existsSync(blob)).toBe(true);

    // Download everything: without Redis the job runs in the API's own process, through the same jobs port.
    const { zip, downloadUrl } = await downloadEverything(http, id);
    const entry = Object.keys(zip.files).find((n) => n.endsWith('peggy.pdf'))!;
    expect((await zip.file(entry)!.async('nodebuffer')).toString()).toContain('peggy-marker');

    // Delete Forever takes the memory's zip with it.
    const before = fs.readdirSync(path.join(product.dataDir, 'files'), { recursive: true }).length;
    expect((await http.fetch(`/api/memories/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(fs.existsSync(blob)).toBe(false);
    expect(fs.readdirSync(path.join(product.dataDir, 'files'), { recursive: true }).length).toBe(before - 2);
    expect((await http.fetch(downloadUrl)).status).toBe(404);
    expect((await http.json('/api/memories')).body).toEqual({ memories: [] });
  });
});
