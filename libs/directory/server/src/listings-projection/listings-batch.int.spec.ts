import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories } from '@afterwards/persistence/testing';
import { PostgresEventStore } from '@afterwards/event-store';
import { ProjectionRunner, rebuildProjections, type ProjectionChange } from '@afterwards/server-kit';
import { useProjectionDatabase } from '@afterwards/server-kit/testing';
import { type ListingCommand } from '@afterwards/directory-domain';
import { directoryMigrations } from '../directory.migrations';
import { staffActivityProjection } from '../staff-activity-projection/staff-activity.projection';
import { LEEDS_FUNERAL_DIRECTOR, runListingCommands } from './listing-commands.testing';
import { listingsProjection } from './listings.projection';

/** Submissions are collected and written once per batch (an import's speed): the order of a batch must still hold. */
describe.each(testDatabaseFactories)('listing projections in batches on %s', (_name, create) => {
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  useProjectionDatabase(create, [...directoryMigrations], (opened) => ({ store, prisma } = opened));

  const run = (listingId: string, ...commands: ListingCommand[]) => runListingCommands(store, listingId, ...commands);
  const details = LEEDS_FUNERAL_DIRECTOR;

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

  it('writes a run of edits at once, each field from the latest edit, and a replay changes nothing', async () => {
    const ids: string[] = Array.from({ length: 10 }, () => randomUUID());
    for (const [i, id] of ids.entries()) {
      await run(
        id,
        { type: 'SubmitListing', listingId: id, details: { ...details, name: `Edited ${i}` } },
        { type: 'EditListing', listingId: id, changes: { name: `Edited ${i} once`, pricing: 'From £900' } },
        { type: 'EditListing', listingId: id, changes: { pricing: 'From £1,000', phone: '0113 496 0000', serviceRadiusMiles: 12 } },
        // Moving the listing places it again (its region): written on its own, between the batched edits.
        { type: 'EditListing', listingId: id, changes: { latitude: 51.5, longitude: -0.12 } },
        { type: 'EditListing', listingId: id, changes: { name: `Edited ${i} twice`, servesSurroundingAreas: true } },
        { type: 'RejectListing', listingId: id, reason: 'Checking' },
        { type: 'EditListing', listingId: id, changes: { description: 'Family firm', phone: null } },
      );
    }
    const runner = new ProjectionRunner(store, prisma, [listingsProjection]);
    await runner.start();
    const last = (await store.readAll()).at(-1)!.position;
    await expectEventually(() => expect(runner.status()).toEqual({ [listingsProjection.name]: last }), 20_000);
    await runner.stop();

    const select = { id: true, name: true, pricing: true, phone: true, description: true, serviceRadiusMiles: true, servesSurroundingAreas: true, latitude: true, region: true, status: true, version: true } as const;
    const read = async () => (await prisma.listing.findMany({ where: { id: { in: ids } }, select })).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    const rows = await read();
    expect(rows).toEqual(
      ids.map((id, i) => ({
        id,
        name: `Edited ${i} twice`,
        pricing: 'From £1,000',
        phone: null,
        description: 'Family firm',
        serviceRadiusMiles: 12,
        servesSurroundingAreas: true,
        latitude: 51.5,
        region: 'London',
        status: 'Inactive',
        version: 6n,
      })),
    );

    // The whole log again over the same rows (a batch replayed after a crash): every edit is older than its row.
    await prisma.projectionCheckpoint.deleteMany({ where: { projection: listingsProjection.name } });
    const replay = new ProjectionRunner(store, prisma, [listingsProjection]);
    await replay.start();
    await expectEventually(() => expect(replay.status()).toEqual({ [listingsProjection.name]: last }), 20_000);
    await replay.stop();
    expect(await read()).toEqual(rows);

    const reports = await rebuildProjections(store, prisma, [listingsProjection]);
    expect(reports.map((r) => r.equal)).toEqual([true]);
  });
});
