import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CSV_MESSAGES, DEFAULT_SETTINGS } from '@afterwards/contracts';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';
import { EncryptedFileStore, FILE_TYPES } from '@afterwards/file-store';
import { InProcessJobQueue } from '@afterwards/jobs';
import { checkOrganisationCsvRow, organisationStreamId } from '@afterwards/organisations-domain';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { CommandPipeline, ProjectionRunner } from '@afterwards/server-kit';
import {
  checkCsvUpload,
  csvImportCommands,
  directoryMigrations,
  ImportKinds,
  importsProjection,
  ListingCommands,
  listingsImportKind,
  runCsvImport,
  runCsvImportCommand,
  type ImportRuntime,
} from '@afterwards/directory-server';
import { organisationCommands } from '../organisation-commands';
import { OrganisationDirectory } from '../organisation-directory/organisation-directory';
import { organisationsMigrations } from '../organisations.migrations';
import { organisationsProjection } from '../organisations-projection/organisations.projection';
import { organisationsImportKind } from './organisations-import-kind';

const HEADER = 'name,kind,jurisdictions,address,phone,email,website,needs,usual_reply_days,death_notification_service,tell_us_once,sources,reviewed_on';
const row = (name: string, over: { kind?: string; key?: string } = {}) =>
  [name, over.kind ?? 'bank', 'England;Wales', `Bereavement team|${name}|LS1 1AA`, '0113 496 0000', '', '', 'A copy of the death certificate', '14', 'yes', 'no', `${name}: bereavement|https://example.org/${name.length}`, '2026-11-01'].join(',');
const csv = (...rows: string[]) => Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`);
const THREE = csv(row('Calder Bank'), row('Wharfe Savings', { kind: 'shop' }), row('Aire Building Society', { kind: 'building-society' }));

describe.each(testDatabaseFactories)('CSV import of organisations on %s', (_name, create) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  let runner: ProjectionRunner;
  let rt: ImportRuntime;
  let dir: string;
  const staff = { actor: 'admin:00000000-0000-4000-8000-00000000000a', correlationId: 'org-import-test' };

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations, ...organisationsMigrations]);
    store = new PostgresEventStore(db.sql);
    prisma = createPrismaClient(db.sql);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'org-import-'));
    const files = new EncryptedFileStore({ dir, masterKey: Buffer.alloc(32, 5) });
    const kinds = new ImportKinds()
      .register(listingsImportKind(new ListingCommands(store), async () => DEFAULT_SETTINGS))
      .register(organisationsImportKind(new CommandPipeline(store, organisationCommands())));
    rt = { store, prisma, kinds, imports: new CommandPipeline(store, csvImportCommands), jobs: new InProcessJobQueue(), files: () => files, settings: async () => DEFAULT_SETTINGS };
    runner = new ProjectionRunner(store, prisma, [importsProjection, organisationsProjection]);
    await runner.start();
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await rt?.jobs.close();
    await prisma?.$disconnect();
    await db?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Upload and check, as the upload route does with `?kind=organisations`. */
  async function checkFile(content: Buffer) {
    const files = rt.files();
    const importId = randomUUID();
    const stored = await files.put(Readable.from([content]), { maxBytes: 1e7, allowedTypes: [FILE_TYPES.text] });
    const check = await checkCsvUpload(files, store, { importId, fileName: 'organisations.csv', stored }, rt.kinds.get('organisations'));
    await runCsvImportCommand(rt, importId, { type: 'CheckCsvImport', check }, staff);
    return { importId, check };
  }
  const start = (importId: string) => runCsvImportCommand(rt, importId, { type: 'StartCsvImport', importId, skipRejected: true }, staff);

  it('says what it will do (2 new, 1 refused with its reason), adds the 2 as families find them, and a second upload has nothing new', async () => {
    const { importId, check } = await checkFile(THREE);
    expect(check).toMatchObject({ kind: 'organisations', fileError: null, totalRows: 3, validRows: 2, alreadyImportedRows: 0, rejectedRows: 1 });
    expect(check.errors).toEqual(['Row 3: kind "shop" must be one of government, bank, building-society, pension, insurance, energy, water, telecoms, council, employer, subscription, other']);
    expect(check.preview[0]).toMatchObject({ row: 2, errors: [], values: { name: 'Calder Bank', kind: 'bank', jurisdictions: 'England;Wales' } });

    await start(importId);
    expect(await runCsvImport(rt, { importId, context: staff })).toEqual({ checked: 3, imported: 2, duplicates: 0, rejected: 1 });
    const directory = new OrganisationDirectory(prisma);
    await expectEventually(async () => expect((await directory.search('calder', 'England', 20)).map((o) => o.id)).toEqual(['calder-bank']));
    expect(await directory.find('aire-building-society')).toMatchObject({ kind: 'building-society', address: ['Bereavement team', 'Aire Building Society', 'LS1 1AA'], usualReplyDays: 14, deathNotificationService: true });
    // Each entry's event names the staff member who started the import, and the import row that made it.
    const [added] = await store.readStream(organisationStreamId('calder-bank'));
    expect(added!.metadata).toMatchObject({ actor: staff.actor });
    expect(added!.data).toMatchObject({ importRow: { importId, row: 2 } });

    const again = await checkFile(THREE);
    expect(again.check).toMatchObject({ validRows: 2, alreadyImportedRows: 2, rejectedRows: 1 });
    await expect(start(again.importId)).rejects.toMatchObject({ code: 'IMPORT_NOTHING_NEW', message: CSV_MESSAGES.nothingNew(2, 'organisations') });
  }, 60_000);

  it('takes a row’s key as its id, so an entry already there under that key is not added twice', async () => {
    const keyed = Buffer.from(`${HEADER},key\r\n${row('Nidd Mutual')},nidd\r\n${row('Nidd Mutual Society')},nidd\r\n`);
    const { importId, check } = await checkFile(keyed);
    expect(check).toMatchObject({ validRows: 2, alreadyImportedRows: 1 });
    await start(importId);
    expect(await runCsvImport(rt, { importId, context: staff })).toEqual({ checked: 2, imported: 1, duplicates: 1, rejected: 0 });
    await expectEventually(async () => expect(await new OrganisationDirectory(prisma).find('nidd')).toMatchObject({ name: 'Nidd Mutual' }));
  });

  it('resumed after a crash, counts a row it wrote before the crash as imported, not as a duplicate', async () => {
    const { importId } = await checkFile(csv(row('Swale Credit Union'), row('Ure Pensions', { kind: 'pension' })));
    await start(importId);
    // The first run marked the import running and wrote row 2, then the process died before recording it.
    await runCsvImportCommand(rt, importId, { type: 'RecordCsvImportProgress', importId, progress: { checked: 0, imported: 0, duplicates: 0, rejected: 0 } }, staff);
    const swale = checkOrganisationCsvRow(Object.fromEntries(HEADER.split(',').map((h, i) => [h, row('Swale Credit Union').split(',')[i]!])), 2);
    if (!swale.ok) throw new Error(swale.errors.join('; '));
    const command = { type: 'AddOrganisation', organisationId: swale.organisationId, details: swale.details, importRow: { importId, row: 2 } } as const;
    await new CommandPipeline(store, organisationCommands()).run(swale.organisationId, command, staff);
    expect(await runCsvImport(rt, { importId, context: staff })).toEqual({ checked: 2, imported: 2, duplicates: 0, rejected: 0 });
  });
});
