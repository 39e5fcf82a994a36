import { randomUUID } from 'node:crypto';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { eventStoreMigrations, PostgresEventStore, type NewEvent } from '@afterwards/event-store';
import { ProjectionRunner, rebuildProjections, type ProjectionChange } from '@afterwards/server-kit';
import { decideListing, foldListing, listingStreamId, type ListingCommand, type ListingEvent } from '@afterwards/directory-domain';
import { directoryMigrations } from '../directory.migrations';
import { staffActivityProjection } from '../staff-activity-projection/staff-activity.projection';
import { listingsProjection } from './listings.projection';

/** Submissions are collected and written once per batch (an import's speed): the order of a batch must still hold. */
describe.each(testDatabaseFactories)('listing projections in batches on %s', (_name, create) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations]);
    store = new PostgresEventStore(db.sql);
    prisma = createPrismaClient(db.sql);
  });
  afterAll(async () => {
    await store.close();
    await prisma.$disconnect();
    await db.dispose();
  });

  /** Runs commands through the decider and appends what it decides, as the command handler does. */
  async function run(listingId: string, ...commands: ListingCommand[]): Promise<void> {
    for (const command of commands) {
      const history = await store.readStream(listingStreamId(listingId));
      const state = foldListing(history.map((e) => ({ type: e.type, data: e.data }) as ListingEvent));
      const events: NewEvent[] = decideListing(command, state).map((e) => ({
        ...e,
        metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'test', correlationId: 'c', causationId: 'c', schemaVersion: 1 },
      }));
      await store.append(listingStreamId(listingId), events, history.length === 0 ? 'no_stream' : history.at(-1)!.revision);
    }
  }

  const details = { name: 'Hope & Sons Funeral Directors', category: 'Funeral Directors' as const, location: 'Leeds', latitude: 53.8, longitude: -1.55 };

  it('writes a batch of submissions at once, yet a later change in the same batch sees its row (listings and staff activity)', async () => {
    // Appended before the runner starts, so they reach it as one batch: submit, approve and rename, per listing.
    const ids: string[] = Array.from({ length: 40 }, () => randomUUID());
    for (const [i, id] of ids.entries()) {
      await run(
        id,
        { type: 'SubmitListing', listingId: id, details: { ...details, name: `Batch ${i}` } },
        { type: 'ApproveListing', listingId: id },
        { type: 'EditListing', listingId: id, changes: { name: `Batch ${i} renamed` } },
      );
    }
    const changes: ProjectionChange[] = [];
    const runner = new ProjectionRunner(store, prisma, [listingsProjection, staffActivityProjection], (c) => changes.push(c));
    await runner.start();
    const last = (await store.readAll()).at(-1)!.position;
    await expectEventually(() => expect(runner.status()).toEqual({ [listingsProjection.name]: last, [staffActivityProjection.name]: last }), 20_000);
    await runner.stop();

    const rows = await prisma.listing.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, status: true, version: true } });
    expect(rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))).toEqual(ids.map((id, i) => ({ id, name: `Batch ${i} renamed`, status: 'Active', version: 2n })));
    const activity = await prisma.staffActivity.findMany({ where: { listingId: ids[7] }, orderBy: { type: 'asc' } });
    expect(activity.map((a) => [a.type, a.description])).toEqual([
      ['business_approved', 'Batch 7 is now live in the directory'],
      ['business_created', 'Batch 7 (Funeral Directors, Leeds)'],
    ]);
    expect(await prisma.staffActivityListing.findUnique({ where: { listingId: ids[7] } })).toEqual({ listingId: ids[7], name: 'Batch 7 renamed' });
    // Every event still tells its projection's screens which rows it changed.
    expect(changes.filter((c) => c.projection === listingsProjection.name && ids.includes(c.ids[0]!)).length).toBe(ids.length * 3);

    const reports = await rebuildProjections(store, prisma, [listingsProjection, staffActivityProjection]);
    expect(reports.map((r) => r.equal)).toEqual([true, true]);
  });
});
