import { CSV_MESSAGES, DEFAULT_SETTINGS } from '@afterwards/contracts';
import { checkOrganisationCsvRow, organisationStreamId } from '@afterwards/organisations-domain';
import { expectEventually, testDatabaseFactories } from '@afterwards/persistence/testing';
import { CommandPipeline } from '@afterwards/server-kit';
import { ImportKinds, ListingCommands, listingsImportKind, runCsvImport, runCsvImportCommand } from '@afterwards/directory-server';
import { csvImportSuite } from '@afterwards/directory-server/testing';
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
  const suite = csvImportSuite(create, {
    migrations: organisationsMigrations,
    kinds: (store) =>
      new ImportKinds()
        .register(listingsImportKind(new ListingCommands(store), async () => DEFAULT_SETTINGS))
        .register(organisationsImportKind(new CommandPipeline(store, organisationCommands()))),
    projections: [organisationsProjection],
    kind: 'organisations',
    fileName: 'organisations.csv',
    correlationId: 'org-import-test',
  });
  const { staff } = suite;

  it('says what it will do (2 new, 1 refused with its reason), adds the 2 as families find them, and a second upload has nothing new', async () => {
    const { importId, check } = await suite.checkFile(THREE);
    expect(check).toMatchObject({ kind: 'organisations', fileError: null, totalRows: 3, validRows: 2, alreadyImportedRows: 0, rejectedRows: 1 });
    expect(check.errors).toEqual(['Row 3: kind "shop" must be one of government, bank, building-society, pension, insurance, energy, water, telecoms, council, employer, subscription, other']);
    expect(check.preview[0]).toMatchObject({ row: 2, errors: [], values: { name: 'Calder Bank', kind: 'bank', jurisdictions: 'England;Wales' } });

    await suite.start(importId);
    expect(await runCsvImport(suite.rt, { importId, context: staff })).toEqual({ checked: 3, imported: 2, duplicates: 0, rejected: 1 });
    const directory = new OrganisationDirectory(suite.prisma);
    await expectEventually(async () => expect((await directory.search('calder', 'England', 20)).map((o) => o.id)).toEqual(['calder-bank']));
    expect(await directory.find('aire-building-society')).toMatchObject({ kind: 'building-society', address: ['Bereavement team', 'Aire Building Society', 'LS1 1AA'], usualReplyDays: 14, deathNotificationService: true });
    // Each entry's event names the staff member who started the import, and the import row that made it.
    const [added] = await suite.store.readStream(organisationStreamId('calder-bank'));
    expect(added!.metadata).toMatchObject({ actor: staff.actor });
    expect(added!.data).toMatchObject({ importRow: { importId, row: 2 } });

    const again = await suite.checkFile(THREE);
    expect(again.check).toMatchObject({ validRows: 2, alreadyImportedRows: 2, rejectedRows: 1 });
    await expect(suite.start(again.importId)).rejects.toMatchObject({ code: 'IMPORT_NOTHING_NEW', message: CSV_MESSAGES.nothingNew(2, 'organisations') });
  }, 60_000);

  it('takes a row’s key as its id, so an entry already there under that key is not added twice', async () => {
    const keyed = Buffer.from(`${HEADER},key\r\n${row('Nidd Mutual')},nidd\r\n${row('Nidd Mutual Society')},nidd\r\n`);
    const { importId, check } = await suite.checkFile(keyed);
    expect(check).toMatchObject({ validRows: 2, alreadyImportedRows: 1 });
    await suite.start(importId);
    expect(await runCsvImport(suite.rt, { importId, context: staff })).toEqual({ checked: 2, imported: 1, duplicates: 1, rejected: 0 });
    await expectEventually(async () => expect(await new OrganisationDirectory(suite.prisma).find('nidd')).toMatchObject({ name: 'Nidd Mutual' }));
  });

  it('resumed after a crash, counts a row it wrote before the crash as imported, not as a duplicate', async () => {
    const { importId } = await suite.checkFile(csv(row('Swale Credit Union'), row('Ure Pensions', { kind: 'pension' })));
    await suite.start(importId);
    // The first run marked the import running and wrote row 2, then the process died before recording it.
    await runCsvImportCommand(suite.rt, importId, { type: 'RecordCsvImportProgress', importId, progress: { checked: 0, imported: 0, duplicates: 0, rejected: 0 } }, staff);
    const swale = checkOrganisationCsvRow(Object.fromEntries(HEADER.split(',').map((h, i) => [h, row('Swale Credit Union').split(',')[i]!])), 2);
    if (!swale.ok) throw new Error(swale.errors.join('; '));
    const command = { type: 'AddOrganisation', organisationId: swale.organisationId, details: swale.details, importRow: { importId, row: 2 } } as const;
    await new CommandPipeline(suite.store, organisationCommands()).run(swale.organisationId, command, staff);
    expect(await runCsvImport(suite.rt, { importId, context: staff })).toEqual({ checked: 2, imported: 2, duplicates: 0, rejected: 0 });
  });
});
