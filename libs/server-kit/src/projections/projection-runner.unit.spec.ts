import { jest } from '@jest/globals';
import { START, type EventHandler, type EventStore, type RecordedEvent, type Subscription } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

/** A store whose one subscription is fed by the test, and a Prisma client that only runs transactions. */
function fakes() {
  let handler: EventHandler | undefined;
  const store = {
    subscribeToAll(h: EventHandler): Subscription {
      handler = h;
      return { done: new Promise<void>(() => undefined), stop: async () => undefined };
    },
  } as unknown as EventStore;
  const tx = { $executeRaw: async () => 0, $queryRaw: async () => [{ xid: '1', token: null }] };
  const prisma = {
    projectionCheckpoint: { findUnique: async () => null },
    $transaction: async (work: (t: typeof tx) => Promise<unknown>) => work(tx),
  } as unknown as PrismaClient;
  return { store, prisma, hand: (event: RecordedEvent) => handler!(event) };
}

const event = (n: number): RecordedEvent => ({
  streamId: `s-${n}`,
  revision: 0n,
  position: { commit: BigInt(n), prepare: BigInt(n) },
  type: 'Happened',
  data: {},
  metadata: { eventId: `e${n}`, occurredAt: '2026-11-25T00:00:00.000Z', actor: 'system', correlationId: 'c', causationId: 'c', schemaVersion: 1 },
  recordedAt: '2026-11-25T00:00:00.000Z',
});

/** A projection that records the streams of each batch it applied, batch by batch. */
function batchRecorder() {
  const batches: string[][] = [];
  let current: string[] = [];
  const projection: Projection = {
    name: 'test',
    streamPrefixes: ['s-'],
    apply: async (e) => (current.push(e.streamId), [e.streamId]),
    afterBatch: async () => void (batches.push(current), (current = [])),
    snapshot: async () => [],
  };
  return { projection, batches };
}

describe('ProjectionRunner batches', () => {
  it('starts a batch without waiting for a turn of the event loop, with the events handed together', async () => {
    const { projection, batches } = batchRecorder();
    const { store, prisma, hand } = fakes();
    const runner = new ProjectionRunner(store, prisma, [projection]);
    await runner.start();
    expect(runner.status()).toEqual({ test: START });

    // A subscription handing over a page, one event after the other.
    void (async () => {
      for (const n of [1, 2, 3]) await hand(event(n));
    })();
    // Only microtasks from here: where the database runs in this thread (PGlite), busy writers can keep the
    // event loop from its next turn for a long time, and the batch must not wait for that turn.
    for (let i = 0; i < 200 && batches.length === 0; i++) await Promise.resolve();
    expect(batches).toEqual([['s-1', 's-2', 's-3']]);
    for (let i = 0; i < 200 && runner.status().test!.commit !== 3n; i++) await Promise.resolve();
    expect(runner.status()).toEqual({ test: { commit: 3n, prepare: 3n } });
    await runner.stop();
  });
});

describe('ProjectionRunner pacing', () => {
  afterEach(() => jest.useRealTimers());

  it('starts a batch no sooner than the interval after the previous one: the events that came meanwhile join it', async () => {
    jest.useFakeTimers();
    const { projection, batches } = batchRecorder();
    const { store, prisma, hand } = fakes();
    const runner = new ProjectionRunner(store, prisma, [projection], undefined, undefined, { batchIntervalMs: 50 });
    await runner.start();
    const settle = async () => {
      for (let i = 0; i < 200; i++) await Promise.resolve();
    };

    await hand(event(1));
    await settle();
    expect(batches).toEqual([['s-1']]); // the first starts at once

    await hand(event(2));
    await settle();
    jest.advanceTimersByTime(20);
    await hand(event(3));
    await settle();
    expect(batches).toHaveLength(1); // 2 waits for the interval, and 3 joins it
    jest.advanceTimersByTime(30);
    await settle();
    expect(batches).toEqual([['s-1'], ['s-2', 's-3']]);

    jest.advanceTimersByTime(200);
    await hand(event(4));
    await settle();
    expect(batches).toEqual([['s-1'], ['s-2', 's-3'], ['s-4']]); // after a quiet spell, at once again
    await runner.stop();
  });
});

describe('ProjectionRunner and the log horizon', () => {
  it("declares each batch's transaction eventless while it is open, so the next batch is read during its commit", async () => {
    const declared: bigint[] = [];
    const seenDuringApply: bigint[][] = [];
    const { store, hand } = fakes();
    (store as { readPast?: (xid: bigint) => () => void }).readPast = (xid) => {
      declared.push(xid);
      return () => void declared.splice(declared.indexOf(xid), 1);
    };
    const tx = { $executeRaw: async () => 0, $queryRaw: async () => [{ xid: '4242', token: null }] };
    const prisma = {
      projectionCheckpoint: { findUnique: async () => null },
      $transaction: async (work: (t: typeof tx) => Promise<unknown>) => work(tx),
    } as unknown as PrismaClient;
    const projection: Projection = {
      name: 'test',
      streamPrefixes: ['s-'],
      apply: async (e) => (seenDuringApply.push([...declared]), [e.streamId]),
      snapshot: async () => [],
    };
    const runner = new ProjectionRunner(store, prisma, [projection]);
    await runner.start();
    await hand(event(1));
    for (let i = 0; i < 200 && runner.status().test!.commit !== 1n; i++) await Promise.resolve();
    expect(seenDuringApply).toEqual([[4242n]]);
    expect(declared).toEqual([]); // released once the transaction ended
    await runner.stop();
  });
});
