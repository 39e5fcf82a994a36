// The "Download everything" zips' tests on a fresh database (the real event log, memories read model, encrypted
// file store and in-process jobs): memories with a file to put in a zip, zips asked for, and a zip a killed
// worker left half written. Used by the export's own tests and by the account erasure's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';
import { EncryptedFileStore, FILE_TYPES } from '@afterwards/file-store';
import { InProcessJobQueue } from '@afterwards/jobs';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { expectEventually, type TestDatabase } from '@afterwards/persistence/testing';
import { ProjectionRunner } from '@afterwards/server-kit';
import { identityMigrations } from '@afterwards/identity-server';
import { casesMigrations } from '../cases.migrations';
import { runCaseCommands, untilProjected, type TestCaseCommand } from '../change-case/case-commands.testing';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { getMemoryDetail } from '../read-model/memory.queries';
import type { ExportRuntime } from './export-runtime';
import { prepareMemoryExport } from './export-memory.job';
import { MemoryExportsStore, type MemoryExportRow } from './memory-exports.store';

export const EXPORT_OWNER = 'user-ann';

export interface MemoryExportsSide {
  store: PostgresEventStore;
  prisma: PrismaClient;
  /** The file store's folder. */
  dir: string;
  files: EncryptedFileStore;
  rt: ExportRuntime;
  /** The runtime's clock: 10 March 2026, 09:00 UTC, until moved. */
  clock: Date;
  /** Runs commands on a memory as its owner, once projected. */
  run(caseId: string, ...commands: TestCaseCommand[]): Promise<void>;
  /** A memory of the owner's with a stored PDF on its first document, a ticked and a settled item, and a note. */
  memoryWithFile(): Promise<{ caseId: string; fileId: string }>;
  /** `userId` asks for the memory's zip: its row, not yet prepared. */
  startExport(caseId: string, userId?: string): Promise<MemoryExportRow>;
  /** Every partial file under the store, wherever it sits. */
  partialFiles(): string[];
  /**
   * An export as a worker killed mid-zip leaves it: its partial zip on disk, never finished. The memory's
   * stored file starts to stream and never ends; `release` lets the stuck export settle after the test.
   */
  stalledExport(caseId: string, userId?: string): Promise<{ exportId: string; release: () => Promise<void> }>;
}

/** A PDF the zip's tests find again by `marker`. */
export const markedPdf = (marker: string): Buffer => Buffer.from(`%PDF-1.4\n% ${marker}\n%%EOF\n`);

/** One side for a whole test file on the database `create` makes: `const side = memoryExportsSuite(create);`. */
export function memoryExportsSuite(create: () => Promise<TestDatabase>): MemoryExportsSide {
  let db: TestDatabase;
  let runner: ProjectionRunner;
  let jobs: InProcessJobQueue;
  // Filled in before the file's tests run; the helpers below read it then.
  const side = { clock: new Date('2026-03-10T09:00:00Z') } as MemoryExportsSide;

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...identityMigrations, ...casesMigrations]);
    side.store = new PostgresEventStore(db.sql);
    side.prisma = createPrismaClient(db.sql);
    side.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-export-'));
    side.files = new EncryptedFileStore({ dir: side.dir, masterKey: Buffer.alloc(32, 9) });
    runner = new ProjectionRunner(side.store, side.prisma, [memoriesProjection]);
    await runner.start();
    jobs = new InProcessJobQueue();
    side.rt = { sql: db.sql, prisma: side.prisma, jobs, exports: new MemoryExportsStore(db.sql), files: () => side.files, now: () => side.clock };
  });
  afterAll(async () => {
    await runner.stop();
    await jobs.close();
    await side.store.close();
    await side.prisma.$disconnect();
    await db.dispose();
    fs.rmSync(side.dir, { recursive: true, force: true });
  });

  side.run = async (caseId, ...commands) => {
    await runCaseCommands(side.store, EXPORT_OWNER, caseId, ...commands);
    await untilProjected(side.store, runner, caseId);
  };
  const storePdf = async (marker: string) => {
    const stored = await side.files.put(Readable.from([markedPdf(marker)]), { maxBytes: 5_000_000, allowedTypes: [FILE_TYPES.pdf] });
    return { fileId: stored.fileId, fileName: `${marker}.pdf`, fileSize: stored.fileSize, fileType: stored.fileType };
  };
  side.memoryWithFile = async () => {
    const caseId = randomUUID();
    await side.run(caseId, { type: 'OpenCase', details: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09' }, ids: randomUUID });
    const opened = (await getMemoryDetail(side.prisma, EXPORT_OWNER, caseId))!;
    const file = await storePdf('will-marker');
    await side.run(
      caseId,
      { type: 'AttachDocumentFile', documentId: opened.documents[0]!.id, file },
      { type: 'CompleteTask', taskId: opened.tasks[0]!.id },
      { type: 'SettleTask', taskId: opened.tasks[1]!.id, kind: 'not_needed', reason: 'No pension' },
      { type: 'SettleDocument', documentId: opened.documents[1]!.id, kind: 'done_before' },
      { type: 'AddNote', noteId: randomUUID(), title: 'Funeral', content: 'She wanted lilies', category: 'general' },
    );
    return { caseId, fileId: file.fileId };
  };
  side.startExport = (caseId, userId = EXPORT_OWNER) => side.rt.exports.create({ id: randomUUID(), caseId, userId, fileName: 'afterwards-mum.zip', createdAt: side.clock });
  side.partialFiles = () => {
    const temp = path.join(side.dir, '.tmp');
    if (!fs.existsSync(temp)) return [];
    return (fs.readdirSync(temp, { recursive: true }) as string[]).filter((name) => name.endsWith('.part'));
  };
  side.stalledExport = async (caseId, userId = EXPORT_OWNER) => {
    const stuck: PassThrough[] = [];
    const stalling = new Proxy(side.files, {
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
    const before = side.partialFiles().length;
    const row = await side.startExport(caseId, userId);
    const preparing = prepareMemoryExport({ ...side.rt, files: () => stalling }, row.id);
    await expectEventually(() => expect(side.partialFiles().length).toBe(before + 1));
    return {
      exportId: row.id,
      release: async () => {
        for (const stream of stuck) stream.destroy(new Error('the worker was killed'));
        await preparing;
      },
    };
  };
  return side;
}
