import { randomUUID } from 'node:crypto';
import type { OrganisationRequest } from '@afterwards/contracts';
import { eventStoreMigrations, PostgresEventStore, START } from '@afterwards/event-store';
import { organisationStreamId, type OrganisationCommand } from '@afterwards/organisations-domain';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { ProjectionRunner, rebuildProjections, saveCheckpoint } from '@afterwards/server-kit';
import { organisationsMigrations } from '../organisations.migrations';
import { CommandPipeline } from '@afterwards/server-kit';
import { organisationCommands } from '../organisation-commands';
import { organisationsProjection } from '../organisations-projection/organisations.projection';
import { OrganisationDirectory } from '../organisation-directory/organisation-directory';
import { seedStartingDirectory, type StartingEntry } from '../seed-starting-directory/seed-starting-directory';
import { ListOrganisationsHandler } from '../list-organisations/list-organisations.handler';
import { ListOrganisations } from '../list-organisations/list-organisations.query';

const UK = ['England', 'Wales', 'Scotland', 'Northern Ireland'] as const;
const entry = (key: string, name: string, over: Partial<OrganisationRequest> = {}): StartingEntry => ({
  key,
  name,
  kind: 'bank',
  jurisdictions: [...UK],
  address: ['Bereavement team', name, 'PO Box 1', 'London', 'EC1A 1AA'],
  phone: null,
  email: null,
  website: null,
  needs: ['A certified copy of the death certificate'],
  usualReplyDays: 21,
  deathNotificationService: false,
  tellUsOnce: false,
  sources: [{ title: `${name}: bereavement`, url: 'https://example.org/bereavement' }],
  reviewedOn: '2026-11-01',
  ...over,
});
const STARTING: StartingEntry[] = [
  entry('dvla', 'DVLA', { kind: 'government', tellUsOnce: true, jurisdictions: ['England', 'Wales', 'Scotland'] }),
  entry('nationwide', 'Nationwide Building Society', { kind: 'building-society', deathNotificationService: true }),
  entry('octopus-energy', 'Octopus Energy', { kind: 'energy' }),
  entry('hmrc', 'H.M. Revenue & Customs', { kind: 'government', tellUsOnce: true }),
  entry('bank-of-ireland', 'Bank of Ireland', { jurisdictions: ['Ireland', 'Northern Ireland'] }),
  entry('first-direct', 'First Direct'),
];

describe.each(testDatabaseFactories)('the organisation directory read model on %s', (_name, create) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  let runner: ProjectionRunner;
  let directory: OrganisationDirectory;

  /** Waits until the projection has applied the last event of each stream. */
  const caught = async (...ids: string[]) => {
    for (const id of ids) {
      const last = (await store.readStream(organisationStreamId(id))).at(-1)!.position;
      await expectEventually(() => {
        const at = runner.status()[organisationsProjection.name];
        expect(at && (at.commit > last.commit || (at.commit === last.commit && at.prepare >= last.prepare))).toBe(true);
      });
    }
  };
  const run = (id: string, command: OrganisationCommand) => new CommandPipeline(store, organisationCommands()).run(id, command, { actor: 'admin:test' });
  const names = async (q: string, jurisdiction?: Parameters<OrganisationDirectory['search']>[1]) => (await directory.search(q, jurisdiction, 20)).map((o) => o.name);

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...organisationsMigrations]);
    store = new PostgresEventStore(db.sql);
    prisma = createPrismaClient(db.sql);
    directory = new OrganisationDirectory(prisma);
    runner = new ProjectionRunner(store, prisma, [organisationsProjection]);
    await runner.start();
    expect(await seedStartingDirectory(store, prisma, STARTING)).toEqual(STARTING.map((e) => e.key));
    await caught(...STARTING.map((e) => e.key));
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await prisma?.$disconnect();
    await db?.dispose();
  });

  it('seeds each starting entry once, under its key, and leaves entries staff changed alone', async () => {
    await run('dvla', { type: 'ChangeOrganisation', details: { ...STARTING[0], usualReplyDays: 10 } });
    await caught('dvla');
    // Seeding again adds nothing: the streams exist, even where the read model would not know yet.
    expect(await seedStartingDirectory(store, prisma, STARTING)).toEqual([]);
    await prisma.organisation.delete({ where: { id: 'first-direct' } });
    expect(await seedStartingDirectory(store, prisma, STARTING)).toEqual([]);
    await expect(run('dvla', { type: 'AddOrganisation', organisationId: 'dvla', details: STARTING[0] })).rejects.toMatchObject({ code: 'ORGANISATION_ALREADY_EXISTS' });
    expect(await directory.find('dvla')).toMatchObject({ id: 'dvla', name: 'DVLA', usualReplyDays: 10, kind: 'government', tellUsOnce: true });
    expect(await directory.find('nothing-here')).toBeNull();
  });

  it("finds entries as a family types: 'Nationwide', 'DVLA', 'Octopus Energy', by any word's start, punctuation aside", async () => {
    expect(await names('Nationwide')).toEqual(['Nationwide Building Society']);
    expect(await names('nation')).toEqual(['Nationwide Building Society']);
    expect(await names('DVLA')).toEqual(['DVLA']);
    expect(await names('dv')).toEqual(['DVLA']);
    expect(await names('Octopus Energy')).toEqual(['Octopus Energy']);
    expect(await names('energy')).toEqual(['Octopus Energy']);
    expect(await names('building soc')).toEqual(['Nationwide Building Society']);
    expect(await names('HM Revenue')).toEqual(['H.M. Revenue & Customs']);
    expect(await names('h.m. revenue and')).toEqual([]);
    expect(await names('revenue & customs')).toEqual(['H.M. Revenue & Customs']);
    expect(await names('100%')).toEqual([]);
    expect(await names('wide')).toEqual([]);
  });

  it('keeps to the jurisdiction, puts the exact name and names that start with the words first, and limits the answer', async () => {
    expect(await names('bank')).toEqual(['Bank of Ireland']);
    expect(await names('bank', 'England')).toEqual([]);
    expect(await names('dvla', 'Northern Ireland')).toEqual([]);
    expect(await names('', 'Ireland')).toEqual(['Bank of Ireland']);
    const id = randomUUID();
    await run(id, { type: 'AddOrganisation', organisationId: id, details: entry('', 'The DVLA Pension Scheme', { kind: 'pension' }) });
    await caught(id);
    expect(await names('dvla')).toEqual(['DVLA', 'The DVLA Pension Scheme']);
    expect(await directory.search('', undefined, 2)).toHaveLength(2);
  });

  it('hides retired entries from families, not from staff or find, and shows them again when restored', async () => {
    const seen = (await prisma.organisation.findUniqueOrThrow({ where: { id: 'nationwide' } })).version;
    await run('nationwide', { type: 'RetireOrganisation' });
    await caught('nationwide');
    expect(await names('nationwide')).toEqual([]);
    expect(await directory.find('nationwide')).toMatchObject({ name: 'Nationwide Building Society' });
    // A family cannot add it any more, not even by its id.
    expect(await directory.offered('nationwide')).toBeNull();
    const staff = await new ListOrganisationsHandler(prisma).execute(new ListOrganisations({ q: 'nationwide' }));
    expect(staff.organisations.map((o) => [o.name, o.status, o.version])).toEqual([['Nationwide Building Society', 'Retired', Number(seen) + 1]]);
    expect((await new ListOrganisationsHandler(prisma).execute(new ListOrganisations({ status: 'Retired' }))).counts.retired).toBe(1);
    await run('nationwide', { type: 'RestoreOrganisation' });
    await caught('nationwide');
    expect(await names('nationwide')).toEqual(['Nationwide Building Society']);
    expect(await directory.offered('nationwide')).toMatchObject({ id: 'nationwide' });
    expect((await new ListOrganisationsHandler(prisma).execute(new ListOrganisations({ kind: 'energy' }))).organisations.map((o) => o.id)).toEqual(['octopus-energy']);
  });

  it('replays to the same rows, and a rebuild equals the live model', async () => {
    await runner.stop();
    // The row deleted by hand in the first test comes back from its events.
    const before = await organisationsProjection.snapshot(prisma);
    await prisma.$transaction((tx) => saveCheckpoint(tx, organisationsProjection.name, START));
    runner = new ProjectionRunner(store, prisma, [organisationsProjection]);
    await runner.start();
    await caught(...STARTING.map((e) => e.key));
    const after = (await organisationsProjection.snapshot(prisma)) as { id: string }[];
    expect(after.map((r) => r.id)).toContain('first-direct');
    expect(after.filter((r) => r.id !== 'first-direct')).toEqual(before);
    const [report] = await rebuildProjections(store, prisma, [organisationsProjection]);
    expect(report).toMatchObject({ equal: true });
  });
});
