// The CSV import pipeline on a fresh database, for the import tests of every kind (`@afterwards/directory-server/testing`):
// listings here, organisations in their own context. Tests only: no product code imports this entry.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DEFAULT_SETTINGS, type ImportKind } from '@afterwards/contracts';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';
import { EncryptedFileStore, FILE_TYPES } from '@afterwards/file-store';
import { InProcessJobQueue } from '@afterwards/jobs';
import { createPrismaClient, persistenceMigrations, runMigrations, type Migration, type PrismaClient } from '@afterwards/persistence';
import type { TestDatabase } from '@afterwards/persistence/testing';
import { CommandPipeline, ProjectionRunner, type CommandContext, type Projection } from '@afterwards/server-kit';
import { directoryMigrations } from './directory.migrations';
import { checkCsvUpload } from './imports/check-csv-upload';
import { importsProjection } from './imports-projection/imports.projection';
import type { ImportKinds } from './imports/import-kind';
import { csvImportCommands, runCsvImportCommand, type ImportRuntime } from './imports/import-runtime';

export interface CsvImportSuiteOptions {
  /** Migrations after the persistence, event store and directory ones. */
  readonly migrations?: readonly Migration[];
  /** The kinds the runtime imports, made over the test's event store. */
  readonly kinds: (store: PostgresEventStore) => ImportKinds;
  /** Projections beside the imports' own, for what the kinds add. */
  readonly projections: readonly Projection[];
  /** The kind and file name `checkFile` uploads as. */
  readonly kind: ImportKind;
  readonly fileName: string;
  readonly correlationId: string;
}

/** Upload, check and start as the routes do; its store, client and runtime are there once the suite started. */
export class CsvImportSuite {
  store!: PostgresEventStore;
  prisma!: PrismaClient;
  rt!: ImportRuntime;
  /** The staff member every command and import runs as. */
  readonly staff: CommandContext;

  constructor(private readonly options: CsvImportSuiteOptions) {
    this.staff = { actor: 'admin:00000000-0000-4000-8000-00000000000a', correlationId: options.correlationId };
  }

  /** Upload and check a file, as the upload route does. */
  async checkFile(content: Buffer) {
    const files = this.rt.files();
    const importId = randomUUID();
    const stored = await files.put(Readable.from([content]), { maxBytes: 1e7, allowedTypes: [FILE_TYPES.text] });
    const check = await checkCsvUpload(files, this.store, { importId, fileName: this.options.fileName, stored }, this.rt.kinds.get(this.options.kind));
    await runCsvImportCommand(this.rt, importId, { type: 'CheckCsvImport', check }, this.staff);
    return { importId, check };
  }

  /** Start a checked import leaving rows in error out, as the start route does (the job is the test's to run). */
  start(importId: string) {
    return runCsvImportCommand(this.rt, importId, { type: 'StartCsvImport', importId, skipRejected: true }, this.staff);
  }
}

/**
 * One import runtime for a test file (started before its tests, closed after):
 * `const suite = csvImportSuite(create, {...})`, then `suite.rt`, `suite.checkFile(...)` in tests.
 */
export function csvImportSuite(create: () => Promise<TestDatabase>, options: CsvImportSuiteOptions): CsvImportSuite {
  const suite = new CsvImportSuite(options);
  let db: TestDatabase | undefined;
  let runner: ProjectionRunner | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations, ...(options.migrations ?? [])]);
    const store = new PostgresEventStore(db.sql);
    const prisma = createPrismaClient(db.sql);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-import-'));
    const files = new EncryptedFileStore({ dir, masterKey: Buffer.alloc(32, 9) });
    const kinds = options.kinds(store);
    suite.store = store;
    suite.prisma = prisma;
    suite.rt = { store, prisma, kinds, imports: new CommandPipeline(store, csvImportCommands), jobs: new InProcessJobQueue(), files: () => files, settings: async () => DEFAULT_SETTINGS };
    runner = new ProjectionRunner(store, prisma, [...options.projections, importsProjection]);
    await runner.start();
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await suite.store?.close();
    await suite.rt?.jobs.close();
    await suite.prisma?.$disconnect();
    await db?.dispose();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return suite;
}
