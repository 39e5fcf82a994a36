import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories } from '@afterwards/persistence/testing';
import { PostgresEventStore, START } from '@afterwards/event-store';
import { ProjectionRunner, rebuildProjections, saveCheckpoint, type ProjectionChange } from '@afterwards/server-kit';
import { useProjectionDatabase } from '@afterwards/server-kit/testing';
import { listingStreamId, type ListingCommand } from '@afterwards/directory-domain';
import { directoryMigrations } from '../directory.migrations';
import { LEEDS_FUNERAL_DIRECTOR, runListingCommands } from './listing-commands.testing';
import { listingsProjection } from './listings.projection';

describe.each(testDatabaseFactories)('listings projection on %s', (_name, create) => {
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  useProjectionDatabase(create, [...directoryMigrations], (opened) => ({ store, prisma } = opened));

  const run = (listingId: string, ...commands: ListingCommand[]) => runListingCommands(store, listingId, ...commands);
  const details = LEEDS_FUNERAL_DIRECTOR;

  it('projects listings live, resumes from its checkpoint, and rebuilds to the same rows', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const changes: ProjectionChange[] = [];
    const runner = new ProjectionRunner(store, prisma, [listingsProjection], (c) => changes.push(c));
    await runner.start();

    await run(a, { type: 'SubmitListing', listingId: a, details }, { type: 'ApproveListing', listingId: a });
    await run(b, { type: 'SubmitListing', listingId: b, details: { ...details, name: 'Leeds Register Office', category: 'Register Offices' } });
    await expectEventually(async () => {
      expect(await prisma.listing.findUnique({ where: { id: a } })).toMatchObject({ status: 'Active', version: 1n });
      expect(await prisma.listing.findUnique({ where: { id: b } })).toMatchObject({ status: 'Pending Review' });
    });
    expect(changes.every((c) => c.topic === 'directory.listings')).toBe(true);

    // Stopped, then changed: a new runner picks up only what it has not applied.
    await runner.stop();
    await run(a, { type: 'EditListing', listingId: a, changes: { pricing: 'From £1,950' } }, { type: 'PromoteListing', listingId: a, position: 1 });
    const seen: ProjectionChange[] = [];
    const resumed = new ProjectionRunner(store, prisma, [listingsProjection], (c) => seen.push(c));
    await resumed.start();
    await expectEventually(async () => {
      expect(await prisma.listing.findUnique({ where: { id: a } })).toMatchObject({ pricing: 'From £1,950', promoted: true, position: 1, version: 3n });
    });
    expect(seen.map((c) => c.event.type)).toEqual(['ListingEdited', 'ListingPromoted']);
    await resumed.stop();

    // Replaying everything from the start changes nothing (idempotent).
    const before = await listingsProjection.snapshot(prisma);
    await prisma.$transaction((tx) => saveCheckpoint(tx, listingsProjection.name, START));
    const replay = new ProjectionRunner(store, prisma, [listingsProjection]);
    await replay.start();
    const last = (await store.readAll()).at(-1)!.position;
    await expectEventually(() => expect(replay.status()[listingsProjection.name]).toEqual(last));
    await replay.stop();
    expect(await listingsProjection.snapshot(prisma)).toEqual(before);

    // A rebuild from the log equals the live model.
    const [report] = await rebuildProjections(store, prisma, [listingsProjection]);
    expect(report).toMatchObject({ equal: true, rowsBefore: before.length, rowsAfter: before.length });
  });

  it('removes a deleted listing from the read model', async () => {
    const id = randomUUID();
    const runner = new ProjectionRunner(store, prisma, [listingsProjection]);
    await runner.start();
    await run(id, { type: 'SubmitListing', listingId: id, details }, { type: 'DeleteListing', listingId: id });
    const last = (await store.readStream(listingStreamId(id))).at(-1)!.position;
    await expectEventually(() => expect(runner.status()[listingsProjection.name]).toEqual(last));
    expect(await prisma.listing.findUnique({ where: { id } })).toBeNull();
    await runner.stop();
  });
  it('places each listing in its coverage region from its coordinates, and again when it moves', async () => {
    const belfast = randomUUID();
    const unplaced = randomUUID();
    const runner = new ProjectionRunner(store, prisma, [listingsProjection]);
    await runner.start();
    await run(belfast, { type: 'SubmitListing', listingId: belfast, details: { ...details, location: 'Belfast', latitude: 54.5968, longitude: -5.9254 } }, { type: 'ApproveListing', listingId: belfast });
    // No coordinates and a location the gazetteer does not know: 'Other', for staff to place.
    await run(unplaced, { type: 'SubmitListing', listingId: unplaced, details: { ...details, location: 'Somewhere unknown', latitude: null, longitude: null } });
    await expectEventually(async () => {
      expect(await prisma.listing.findUnique({ where: { id: belfast }, select: { region: true, status: true } })).toEqual({ region: 'Northern Ireland', status: 'Active' });
      expect(await prisma.listing.findUnique({ where: { id: unplaced }, select: { region: true } })).toEqual({ region: 'Other' });
    });
    // Moved to Cork: Ireland.
    await run(belfast, { type: 'EditListing', listingId: belfast, changes: { location: 'Cork', latitude: 51.898, longitude: -8.4706 } });
    await expectEventually(async () => expect(await prisma.listing.findUnique({ where: { id: belfast }, select: { region: true } })).toEqual({ region: 'Ireland' }));
    // An edit that does not move it keeps its region.
    await run(belfast, { type: 'EditListing', listingId: belfast, changes: { pricing: 'From £2,100' } });
    await expectEventually(async () => expect(await prisma.listing.findUnique({ where: { id: belfast }, select: { region: true, pricing: true } })).toEqual({ region: 'Ireland', pricing: 'From £2,100' }));
    await runner.stop();

    // A rebuild from the log gives the same regions.
    const [report] = await rebuildProjections(store, prisma, [listingsProjection]);
    expect(report).toMatchObject({ equal: true });
  });
});
