import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import JSZip from 'jszip';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';
import { EncryptedFileStore, FILE_TYPES } from '@afterwards/file-store';
import { InProcessJobQueue } from '@afterwards/jobs';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { ProjectionRunner } from '@afterwards/server-kit';
import { identityMigrations } from '@afterwards/identity-server';
import { casesMigrations } from '../cases.migrations';
import { runCaseCommands, untilProjected, type TestCaseCommand } from '../change-case/case-commands.testing';
import { filePurgeReactor } from '../file-purge/file-purge.reactor';
import { eraseExportsOf } from '../erase-owned-memories/erase-exports';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { getMemoryDetail } from '../read-model/memory.queries';
import { EXPORT_TTL_MS, type ExportRuntime } from './export-runtime';
import { EXPORT_FAILED_MESSAGE, expireMemoryExports, prepareMemoryExport } from './export-memory.job';
import { MemoryExportsStore, toMemoryExport } from './memory-exports.store';

describe.each(testDatabaseFactories)('preparing a memory zip on %s', (_name, create) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  let runner: ProjectionRunner;
  let dir: string;
  let files: EncryptedFileStore;
  let jobs: InProcessJobQueue;
  let clock: Date;
  let rt: ExportRuntime;

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...identityMigrations, ...casesMigrations]);
    store = new PostgresEventStore(db.sql);
    prisma = createPrismaClient(db.sql);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-export-'));
    files = new EncryptedFileStore({ dir, masterKey: Buffer.alloc(32, 9) });
    runner = new ProjectionRunner(store, prisma, [memoriesProjection]);
    await runner.start();
    jobs = new InProcessJobQueue();
    clock = new Date('2026-03-10T09:00:00Z');
    rt = { sql: db.sql, prisma, jobs, exports: new MemoryExportsStore(db.sql), files: () => files, now: () => clock };
  });
  afterAll(async () => {
    await runner.stop();
    await jobs.close();
    await store.close();
    await prisma.$disconnect();
    await db.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const OWNER = 'user-ann';
  async function run(caseId: string, ...commands: TestCaseCommand[]): Promise<void> {
    await runCaseCommands(store, OWNER, caseId, ...commands);
    await untilProjected(store, runner, caseId);
  }
  const pdf = (marker: string) => Buffer.from(`%PDF-1.4\n% ${marker}\n%%EOF\n`);
  async function storePdf(marker: string) {
    const stored = await files.put(Readable.from([pdf(marker)]), { maxBytes: 5_000_000, allowedTypes: [FILE_TYPES.pdf] });
    return { fileId: stored.fileId, fileName: `${marker}.pdf`, fileSize: stored.fileSize, fileType: stored.fileType };
  }
  async function memoryWithFile(): Promise<{ caseId: string; fileId: string }> {
    const caseId = randomUUID();
    await run(caseId, { type: 'OpenCase', details: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09' }, ids: randomUUID });
    const opened = (await getMemoryDetail(prisma, OWNER, caseId))!;
    const file = await storePdf('will-marker');
    await run(
      caseId,
      { type: 'AttachDocumentFile', documentId: opened.documents[0]!.id, file },
      { type: 'CompleteTask', taskId: opened.tasks[0]!.id },
      { type: 'SettleTask', taskId: opened.tasks[1]!.id, kind: 'not_needed', reason: 'No pension' },
      { type: 'SettleDocument', documentId: opened.documents[1]!.id, kind: 'done_before' },
      { type: 'AddNote', noteId: randomUUID(), title: 'Funeral', content: 'She wanted lilies', category: 'general' },
    );
    return { caseId, fileId: file.fileId };
  }
  const startExport = (caseId: string, userId = OWNER) => rt.exports.create({ id: randomUUID(), caseId, userId, fileName: 'afterwards-mum.zip', createdAt: clock });

  /** Every partial file under the store, wherever it sits. */
  const partialFiles = (): string[] => {
    const temp = path.join(dir, '.tmp');
    if (!fs.existsSync(temp)) return [];
    return (fs.readdirSync(temp, { recursive: true }) as string[]).filter((name) => name.endsWith('.part'));
  };

  /**
   * An export as a worker killed mid-zip leaves it: its partial zip on disk, never finished. The memory's
   * stored file starts to stream and never ends; `release` lets the stuck export settle after the test.
   */
  async function stalledExport(caseId: string, userId = OWNER): Promise<{ exportId: string; release: () => Promise<void> }> {
    const stuck: PassThrough[] = [];
    const stalling = new Proxy(files, {
      get(target, prop) {
        if (prop === 'open') {
          return async () => {
            const stream = new PassThrough();
            stream.write(Buffer.alloc(64 * 1024, 7));
            stuck.push(stream);
            return stream;
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const before = partialFiles().length;
    const row = await startExport(caseId, userId);
    const preparing = prepareMemoryExport({ ...rt, files: () => stalling }, row.id);
    await expectEventually(() => expect(partialFiles().length).toBe(before + 1));
    return {
      exportId: row.id,
      release: async () => {
        for (const stream of stuck) stream.destroy(new Error('the worker was killed'));
        await preparing;
      },
    };
  }

  it('writes the decrypted files, notes, checklist with its states and the summary into an encrypted zip, then is ready for 24 hours', async () => {
    const { caseId } = await memoryWithFile();
    const row = await startExport(caseId);
    expect(toMemoryExport(row, clock)).toMatchObject({ status: 'preparing', progress: 0, downloadUrl: null, expiresAt: null });

    await prepareMemoryExport(rt, row.id);
    const ready = (await rt.exports.get(row.id))!;
    expect(ready).toMatchObject({ status: 'ready', progress: 100 });
    expect(ready.expiresAt!.getTime() - clock.getTime()).toBe(EXPORT_TTL_MS);
    expect(toMemoryExport(ready, clock).downloadUrl).toBe(`/api/memories/${caseId}/exports/${row.id}/download`);
    // At rest the zip is encrypted like every other file.
    const blob = fs.readFileSync(path.join(dir, ready.fileId!.slice(0, 2), ready.fileId!));
    expect(blob.includes(Buffer.from('lilies'))).toBe(false);

    const zip = await JSZip.loadAsync(await files.read(ready.fileId!));
    const names = Object.keys(zip.files);
    expect(names).toEqual(expect.arrayContaining(['summary.html', 'memory.json', 'checklist.json', 'notes.json']));
    const pdfEntry = names.find((n) => n.startsWith('documents/') && n.endsWith('will-marker.pdf'))!;
    expect(await zip.file(pdfEntry)!.async('nodebuffer')).toEqual(pdf('will-marker'));
    const checklist = JSON.parse(await zip.file('checklist.json')!.async('string'));
    expect(checklist.tasks.map((t: { state: string }) => t.state).slice(0, 2)).toEqual(['Completed', 'Not needed']);
    expect(checklist.documents[0]).toMatchObject({ state: 'Collected', files: [{ path: pdfEntry }] });
    expect(checklist.documents[1]).toMatchObject({ state: 'Done before I started' });
    expect(JSON.parse(await zip.file('notes.json')!.async('string')).notes).toEqual([expect.objectContaining({ title: 'Funeral', content: 'She wanted lilies' })]);
    expect(await zip.file('summary.html')!.async('string')).toContain('She wanted lilies');
  });

  it('deletes a zip and its row once its time is up, and leaves younger ones', async () => {
    const { caseId } = await memoryWithFile();
    const older = await startExport(caseId);
    await prepareMemoryExport(rt, older.id);
    clock = new Date(clock.getTime() + 60_000);
    const younger = await startExport(caseId);
    await prepareMemoryExport(rt, younger.id);
    const olderFile = (await rt.exports.get(older.id))!.fileId!;

    clock = new Date(clock.getTime() + EXPORT_TTL_MS - 30_000);
    expect(await expireMemoryExports(rt)).toBeGreaterThanOrEqual(1); // the earlier test's zip is as old
    expect(await rt.exports.get(older.id)).toBeUndefined();
    expect(await files.exists(olderFile)).toBe(false);
    expect((await rt.exports.get(younger.id))!.status).toBe('ready');
  });

  it('fails with a clear message when a stored file cannot be read, keeping no partial zip', async () => {
    const { caseId, fileId } = await memoryWithFile();
    await files.delete(fileId); // as if the blob were lost
    const before = await files.countBlobs();
    const row = await startExport(caseId);
    await prepareMemoryExport(rt, row.id);
    expect(await rt.exports.get(row.id)).toMatchObject({ status: 'failed', failure: EXPORT_FAILED_MESSAGE, fileId: null });
    expect(await files.countBlobs()).toBe(before);
  });

  it('goes with its memory: Delete Forever removes the zip, the row, and a partial zip a killed worker left, at once', async () => {
    const { caseId } = await memoryWithFile();
    const row = await startExport(caseId);
    await prepareMemoryExport(rt, row.id);
    const zipId = (await rt.exports.get(row.id))!.fileId!;
    const other = await memoryWithFile();
    const othersPartial = await stalledExport(other.caseId);
    const stalled = await stalledExport(caseId);
    const blobsBefore = await files.allFileIds();
    const purge = new ProjectionRunner(store, prisma, [filePurgeReactor(files)]);
    await purge.start();
    try {
      await run(caseId, { type: 'DeleteCase' });
      await expectEventually(async () => expect(await rt.exports.get(row.id)).toBeUndefined());
      // Purged means gone: the half-written zip did not wait for a sweep or a restart. Another memory's stays.
      expect(partialFiles()).toHaveLength(1);
      expect(await rt.exports.get(othersPartial.exportId)).toMatchObject({ status: 'preparing' });
      expect(await files.exists(zipId)).toBe(false);
      // The killed export, had it carried on, would keep nothing either.
      await stalled.release();
      expect(await rt.exports.get(stalled.exportId)).toBeUndefined();
      expect((await files.allFileIds()).filter((id) => !blobsBefore.includes(id))).toEqual([]);
    } finally {
      await purge.stop();
      await othersPartial.release();
    }
    expect(partialFiles()).toEqual([]);
  });

  it("goes with the person: their account's erasure removes their zips of a memory shared with them, prepared and half written, at once", async () => {
    const { caseId } = await memoryWithFile();
    const BEA = 'user-bea';
    await runCaseCommands(store, BEA, caseId, { type: 'JoinCase', invitationId: randomUUID(), role: 'viewer' });
    await expectEventually(async () => expect(await getMemoryDetail(prisma, BEA, caseId)).toBeTruthy());
    const ready = await startExport(caseId, BEA);
    await prepareMemoryExport(rt, ready.id);
    const zipId = (await rt.exports.get(ready.id))!.fileId!;
    const stalled = await stalledExport(caseId, BEA);
    // The owner's own zip of the memory, still being prepared, is theirs to keep.
    const owners = await stalledExport(caseId);
    expect(partialFiles()).toHaveLength(2);

    await eraseExportsOf(rt, BEA);
    expect(partialFiles()).toHaveLength(1);
    expect(await rt.exports.get(ready.id)).toBeUndefined();
    expect(await rt.exports.get(stalled.exportId)).toBeUndefined();
    expect(await files.exists(zipId)).toBe(false);
    expect(await rt.exports.get(owners.exportId)).toMatchObject({ status: 'preparing' });
    await stalled.release();
    await owners.release();
    expect(partialFiles()).toEqual([]);
  });
});
