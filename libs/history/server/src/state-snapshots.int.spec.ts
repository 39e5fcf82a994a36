import { randomUUID } from 'node:crypto';
import { persistenceMigrations, runMigrations } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { eventStoreMigrations, PostgresEventStore, type NewEvent } from '@afterwards/event-store';
import { HistoryService } from './history.service';
import { StateSnapshots } from './state-snapshots';

/**
 * Opening a long stream at a version starts from a kept state when there is one: every answer must equal a
 * replay from the first event, in any order of asking, and a stream erased and written anew must not be
 * answered from the states kept for its earlier events.
 */
describe.each(testDatabaseFactories)('state at a version with kept states on %s', (_name, create) => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations]);
    store = new PostgresEventStore(db.sql);
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  const metadata = () => ({
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    actor: 'system',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    schemaVersion: 1,
  });
  const listingEvents = (id: string, count: number, label: string): NewEvent[] => [
    {
      type: 'ListingSubmitted',
      data: { listingId: id, status: 'Active', source: 'Admin', name: `${label} 1`, category: 'Funeral Directors', location: 'Leeds', description: 'First.' },
      metadata: metadata(),
    },
    ...Array.from({ length: count - 1 }, (_, i) => ({
      type: i % 50 === 49 ? 'ListingSuspended' : i % 50 === 0 ? 'ListingApproved' : 'ListingEdited',
      data: i % 50 === 49 ? { reason: `Check ${i}` } : i % 50 === 0 ? {} : { changes: { name: `${label} ${i + 2}`, description: `Edit ${i + 2}.` } },
      metadata: metadata(),
    })),
  ];
  const append = async (streamId: string, events: NewEvent[]) => {
    for (let i = 0; i < events.length; i += 100) await store.append(streamId, events.slice(i, i + 100), i === 0 ? 'no_stream' : 'stream_exists');
  };

  it('answers every version as a full replay does, in any order, and forgets a stream written anew', async () => {
    const id = randomUUID();
    const streamId = `listing-${id}`;
    await append(streamId, listingEvents(id, 250, 'First Run'));
    const kept = new HistoryService(store, db.sql);
    // A service per question keeps nothing between them: each answer is a replay from the first event.
    const fresh = (version: number) => new HistoryService(store, db.sql).stateAt(streamId, version);

    for (const version of [250, 150, 101, 100, 99, 201, 200, 1, 2, 250, 199, 137]) {
      expect(await kept.stateAt(streamId, version)).toEqual(await fresh(version));
    }
    expect((await kept.stateAt(streamId, 150)).state).toMatchObject({ details: { name: 'First Run 150' } });
    await expect(kept.stateAt(streamId, 251)).rejects.toMatchObject({ code: 'VERSION_NOT_FOUND' });

    // Erased and written anew (same id, other events): the kept states' last events are gone.
    await store.deleteStream(streamId);
    await append(streamId, listingEvents(id, 180, 'Second Run'));
    for (const version of [150, 103, 180]) {
      const answer = await kept.stateAt(streamId, version);
      expect(answer).toEqual(await fresh(version));
      expect(answer.state).toMatchObject({ details: { name: `Second Run ${version}` } });
    }
  });
});

describe('StateSnapshots', () => {
  const at = (commit: number) => ({ commit: BigInt(commit), prepare: 0n });

  it('finds the latest kept state at or below a version, and keeps only every n-th', () => {
    const snapshots = new StateSnapshots({ every: 10, streams: 2, perStream: 3 });
    expect(snapshots.wants(0)).toBe(false);
    expect(snapshots.wants(9)).toBe(false);
    expect(snapshots.wants(20)).toBe(true);
    for (const v of [10, 20, 30, 40]) snapshots.remember('a', { version: v, state: v, position: at(v) });
    expect(snapshots.nearest('a', 9)).toBeUndefined();
    expect(snapshots.nearest('a', 10)?.version).toBe(10);
    expect(snapshots.nearest('a', 29)?.version).toBe(20);
    // Three per stream: 40 was not kept.
    expect(snapshots.nearest('a', 45)?.version).toBe(30);
    expect(StateSnapshots.matches(snapshots.nearest('a', 45)!, at(30))).toBe(true);
    expect(StateSnapshots.matches(snapshots.nearest('a', 45)!, at(31))).toBe(false);
  });

  it('forgets the least recently opened stream first', () => {
    const snapshots = new StateSnapshots({ every: 10, streams: 2, perStream: 3 });
    snapshots.remember('a', { version: 10, state: 'a', position: at(1) });
    snapshots.remember('b', { version: 10, state: 'b', position: at(2) });
    snapshots.nearest('a', 10);
    snapshots.remember('c', { version: 10, state: 'c', position: at(3) });
    expect(snapshots.nearest('a', 10)?.state).toBe('a');
    expect(snapshots.nearest('b', 10)).toBeUndefined();
    expect(snapshots.nearest('c', 10)?.state).toBe('c');
  });
});
