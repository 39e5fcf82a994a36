import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { expectEventually } from '@afterwards/persistence/testing';
import {
  START,
  StreamConflictError,
  comparePositions,
  type EventHandler,
  type EventStore,
  type ExpectedState,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port';

export interface EventStoreFixture {
  readonly store: EventStore;
  dispose(): Promise<void>;
}

export interface EventStoreContractOptions {
  /** Deleted events also leave readAll at once (KurrentDB only drops them at scavenge). Default true. */
  readonly deleteRemovesFromAll?: boolean;
  /** Concurrency test size. Defaults: 20 writers x 50 appends. */
  readonly writers?: number;
  readonly appendsPerWriter?: number;
}

const key = (e: Pick<RecordedEvent, 'streamId' | 'revision'>) => `${e.streamId}@${e.revision}`;

function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  const eventId = randomUUID();
  return {
    type,
    data,
    metadata: {
      eventId,
      occurredAt: new Date().toISOString(),
      actor: 'system',
      correlationId: eventId,
      causationId: eventId,
      schemaVersion: 1,
    },
  };
}

function expectStrictlyIncreasing(positions: readonly Position[]): void {
  for (let i = 1; i < positions.length; i++) {
    if (comparePositions(positions[i - 1]!, positions[i]!) >= 0) {
      throw new Error(`position ${i} does not increase: ${String(positions[i - 1]!.commit)}/${String(positions[i - 1]!.prepare)} then ${String(positions[i]!.commit)}/${String(positions[i]!.prepare)}`);
    }
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The behaviour every EventStore adapter must show. Tests share one store per adapter and isolate
 * themselves by stream-name prefix and by starting reads after a marker position, so the suite also
 * runs against a long-lived server that holds other data.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<EventStoreFixture>,
  options: EventStoreContractOptions = {},
): void {
  const writers = options.writers ?? 20;
  const appendsPerWriter = options.appendsPerWriter ?? 50;

  describe(`EventStore contract: ${name}`, () => {
    let fixture: EventStoreFixture | undefined;
    let store: EventStore;
    let prefix: string;
    const subscriptions: Subscription[] = [];

    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
    }, 30_000);

    afterAll(async () => {
      await fixture?.dispose();
    });

    beforeEach(() => {
      prefix = `t${randomUUID().replaceAll('-', '').slice(0, 10)}-`;
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
    });

    function subscribe(handler: EventHandler, subscribeOptions: SubscribeOptions): Subscription {
      const subscription = store.subscribeToAll(handler, subscribeOptions);
      subscriptions.push(subscription);
      return subscription;
    }

    /** A position before everything this test writes. */
    async function marker(): Promise<Position> {
      return (await store.append(`${prefix}marker`, [newEvent('MarkerSet')], 'no_stream')).position;
    }

    /** Events of this test after `after`, read back from the global log. */
    async function readAllOfTest(after: Position): Promise<RecordedEvent[]> {
      return (await store.readAll({ after })).filter((e) => e.streamId.startsWith(prefix));
    }

    it('appends to a new stream with no_stream and reads it back', async () => {
      const stream = `${prefix}case-1`;
      const events = [newEvent('CaseOpened', { deceased: 'Ada', count: 1 }), newEvent('TaskAdded', { tasks: ['a', 'b'] })];
      const result = await store.append(stream, events, 'no_stream');
      expect(result.nextRevision).toBe(1n);

      const read = await store.readStream(stream);
      expect(read.map((e) => [e.streamId, e.revision, e.type])).toEqual([
        [stream, 0n, 'CaseOpened'],
        [stream, 1n, 'TaskAdded'],
      ]);
      expect(read.map((e) => e.data)).toEqual(events.map((e) => e.data));
      expect(read.map((e) => e.metadata)).toEqual(events.map((e) => e.metadata));
      expect(comparePositions(read[1]!.position, result.position)).toBe(0);
      expect(comparePositions(read[0]!.position, read[1]!.position)).toBe(-1);
      expect(typeof read[0]!.position.commit).toBe('bigint');
      expect(new Date(read[0]!.recordedAt).toISOString()).toBe(read[0]!.recordedAt);
    });

    it('appends with the expected revision, stream_exists and any', async () => {
      const stream = `${prefix}case-2`;
      expect((await store.append(stream, [newEvent('A')], 'no_stream')).nextRevision).toBe(0n);
      expect((await store.append(stream, [newEvent('B'), newEvent('C')], 0n)).nextRevision).toBe(2n);
      expect((await store.append(stream, [newEvent('D')], 2n)).nextRevision).toBe(3n);
      expect((await store.append(stream, [newEvent('E')], 'stream_exists')).nextRevision).toBe(4n);
      expect((await store.append(stream, [newEvent('F')], 'any')).nextRevision).toBe(5n);
      expect((await store.append(`${prefix}fresh`, [newEvent('G')], 'any')).nextRevision).toBe(0n);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    });

    it('throws a typed StreamConflictError on a stale or wrong expected state and writes nothing', async () => {
      const stream = `${prefix}case-3`;
      await store.append(stream, [newEvent('A'), newEvent('B')], 'no_stream');

      const stale = await store.append(stream, [newEvent('X')], 0n).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(StreamConflictError);
      expect(stale).toMatchObject({ code: 'STREAM_CONFLICT', streamId: stream, expected: 0n, actual: 1n });

      const exists = await store.append(stream, [newEvent('X')], 'no_stream').catch((e: unknown) => e);
      expect(exists).toBeInstanceOf(StreamConflictError);
      expect(exists).toMatchObject({ expected: 'no_stream', actual: 1n });

      const missing = await store.append(`${prefix}missing`, [newEvent('X')], 'stream_exists').catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(StreamConflictError);
      expect(missing).toMatchObject({ streamId: `${prefix}missing`, expected: 'stream_exists', actual: 'no_stream' });

      const revisionOfMissing = await store.append(`${prefix}missing`, [newEvent('X')], 3n).catch((e: unknown) => e);
      expect(revisionOfMissing).toBeInstanceOf(StreamConflictError);
      expect(revisionOfMissing).toMatchObject({ actual: 'no_stream' });

      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
      expect(await store.readStream(`${prefix}missing`)).toEqual([]);
    });

    it('creates many new streams at once; one that exists, or is named twice, is refused and the rest are written', async () => {
      const from = await marker();
      const taken = `${prefix}taken`;
      await store.append(taken, [newEvent('Taken0'), newEvent('Taken1')], 'no_stream');
      const results = await store.appendNewStreams([
        { streamId: `${prefix}n1`, events: [newEvent('N1')] },
        { streamId: taken, events: [newEvent('Again')] },
        { streamId: `${prefix}n2`, events: [newEvent('N2a'), newEvent('N2b')] },
        { streamId: `${prefix}n1`, events: [newEvent('N1twice')] },
        { streamId: `${prefix}n3`, events: [newEvent('N3')] },
      ]);
      expect(results.map((r) => (r instanceof StreamConflictError ? ['conflict', r.expected, r.actual] : ['ok', r.nextRevision]))).toEqual([
        ['ok', 0n],
        ['conflict', 'no_stream', 1n],
        ['ok', 1n],
        ['conflict', 'no_stream', 0n],
        ['ok', 0n],
      ]);
      expect((await store.readStream(`${prefix}n2`)).map((e) => [e.type, e.revision])).toEqual([['N2a', 0n], ['N2b', 1n]]);
      expect((await store.readStream(taken)).map((e) => e.type)).toEqual(['Taken0', 'Taken1']);
      // In the global log in list order, each result at its stream's last event; then appended to as usual.
      const all = await expectEventually(async () => {
        const events = (await readAllOfTest(from)).filter((e) => e.streamId !== taken);
        expect(events.map((e) => e.type)).toEqual(['N1', 'N2a', 'N2b', 'N3']);
        return events;
      });
      expectStrictlyIncreasing(all.map((e) => e.position));
      const ok = results.filter((r): r is Exclude<typeof r, StreamConflictError> => !(r instanceof StreamConflictError));
      expect(ok.map((r) => comparePositions(r.position, all.find((e) => comparePositions(e.position, r.position) === 0)!.position))).toEqual([0, 0, 0]);
      expect(comparePositions(ok[1]!.position, all[2]!.position)).toBe(0);
      expect((await store.append(`${prefix}n2`, [newEvent('N2c')], 1n)).nextRevision).toBe(2n);
      expect(await store.appendNewStreams([])).toEqual([]);
    });

    it('creates streams from overlapping bulk lists and single appends at once: each stream once, no deadlock', async () => {
      const ids = Array.from({ length: 60 }, (_, i) => `${prefix}bulk-${i}`);
      const bulk = (order: string[]) => store.appendNewStreams(order.map((streamId) => ({ streamId, events: [newEvent('Created', { streamId })] })));
      const [forward, backward, ...singles] = await Promise.all([
        bulk(ids),
        bulk([...ids].reverse()),
        ...ids.filter((_, i) => i % 7 === 0).map((id) => store.append(id, [newEvent('Created', { id })], 'no_stream').catch((e: unknown) => e)),
      ]);
      const created = [...forward!, ...backward!, ...singles].filter((r) => !(r instanceof StreamConflictError));
      expect(created).toHaveLength(ids.length);
      for (const id of ids) expect(await store.readStream(id)).toHaveLength(1);
    });

    it('tells which of many streams exist: those a no_stream append would refuse', async () => {
      await store.append(`${prefix}e1`, [newEvent('E1')], 'no_stream');
      await store.appendNewStreams([{ streamId: `${prefix}e2`, events: [newEvent('E2a'), newEvent('E2b')] }]);
      const asked = [`${prefix}e1`, `${prefix}none`, `${prefix}e2`, `${prefix}e1`];
      expect([...(await store.existingStreams(asked))].sort()).toEqual([`${prefix}e1`, `${prefix}e2`]);
      expect(await store.existingStreams([])).toEqual(new Set());
      const refused = await store.appendNewStreams(asked.slice(0, 3).map((streamId) => ({ streamId, events: [newEvent('Again')] })));
      expect(refused.map((r) => r instanceof StreamConflictError)).toEqual([true, false, true]);
      await store.deleteStream(`${prefix}e1`);
      // 'none' exists now (the append above made it); e1 is gone.
      expect([...(await store.existingStreams(asked))].sort()).toEqual([`${prefix}e2`, `${prefix}none`]);
    });

    it('reads a stream in revision order with fromRevision and maxCount', async () => {
      const stream = `${prefix}case-4`;
      await store.append(stream, [0, 1, 2, 3, 4].map((i) => newEvent('Numbered', { i })), 'no_stream');
      const revisions = (events: RecordedEvent[]) => events.map((e) => e.revision);
      expect(revisions(await store.readStream(stream))).toEqual([0n, 1n, 2n, 3n, 4n]);
      expect(revisions(await store.readStream(stream, { fromRevision: 2n }))).toEqual([2n, 3n, 4n]);
      expect(revisions(await store.readStream(stream, { maxCount: 2 }))).toEqual([0n, 1n]);
      expect(revisions(await store.readStream(stream, { fromRevision: 1n, maxCount: 2 }))).toEqual([1n, 2n]);
      expect((await store.readStream(stream, { fromRevision: 3n })).map((e) => e.data)).toEqual([{ i: 3 }, { i: 4 }]);
      expect(await store.readStream(stream, { fromRevision: 5n })).toEqual([]);
      expect(await store.readStream(`${prefix}nothing-here`)).toEqual([]);
    });

    it('reads all streams in commit order, strictly after a position', async () => {
      const a = `${prefix}a`;
      const b = `${prefix}b`;
      const first = await store.append(a, [newEvent('A0'), newEvent('A1')], 'no_stream');
      const second = await store.append(b, [newEvent('B0')], 'no_stream');
      const third = await store.append(a, [newEvent('A2')], 1n);
      expect(comparePositions(first.position, second.position)).toBe(-1);
      expect(comparePositions(second.position, third.position)).toBe(-1);

      // Eventually: on a shared server an unrelated open transaction may briefly hold the log back.
      const all = await expectEventually(async () => {
        const events = await readAllOfTest(START);
        expect(events.map((e) => e.type)).toEqual(['A0', 'A1', 'B0', 'A2']);
        return events;
      });
      expectStrictlyIncreasing(all.map((e) => e.position));
      expect(comparePositions(all[3]!.position, third.position)).toBe(0);

      expect((await readAllOfTest(first.position)).map((e) => e.type)).toEqual(['B0', 'A2']);
      expect((await readAllOfTest(all[0]!.position)).map((e) => e.type)).toEqual(['A1', 'B0', 'A2']);
      expect((await readAllOfTest(third.position)).map((e) => e.type)).toEqual([]);
      expect((await store.readAll({ after: first.position, maxCount: 1 })).map(key)).toEqual([`${b}@0`]);
    });

    it('catches up, then delivers later appends live, exactly once and in order', async () => {
      const stream = `${prefix}live`;
      const from = await marker();
      const before = await store.append(stream, [newEvent('E0'), newEvent('E1'), newEvent('E2')], 'no_stream');

      const received: RecordedEvent[] = [];
      subscribe(async (e) => void received.push(e), { after: from, streamPrefixes: [prefix] });
      const fromSecond: RecordedEvent[] = [];
      const firstPosition = (await store.readStream(stream, { maxCount: 1 }))[0]!.position;
      subscribe(async (e) => void fromSecond.push(e), { after: firstPosition, streamPrefixes: [prefix] });

      await expectEventually(() => expect(received.map((e) => e.type)).toEqual(['E0', 'E1', 'E2']));
      await store.append(stream, [newEvent('E3')], before.nextRevision);
      await store.append(stream, [newEvent('E4'), newEvent('E5')], before.nextRevision + 1n);

      // The last append acts as a sentinel: anything repeated before it would show up by now.
      await expectEventually(() => expect(received.at(-1)?.type).toBe('E5'));
      expect(received.map(key)).toEqual([0, 1, 2, 3, 4, 5].map((r) => `${stream}@${r}`));
      expectStrictlyIncreasing(received.map((e) => e.position));
      await expectEventually(() => expect(fromSecond.at(-1)?.type).toBe('E5'));
      expect(fromSecond.map((e) => e.type)).toEqual(['E1', 'E2', 'E3', 'E4', 'E5']);
    });

    it('delivers only streams matching streamPrefixes', async () => {
      const from = await marker();
      const kept: RecordedEvent[] = [];
      const either: RecordedEvent[] = [];
      subscribe(async (e) => void kept.push(e), { after: from, streamPrefixes: [`${prefix}keep-`] });
      subscribe(async (e) => void either.push(e), { after: from, streamPrefixes: [`${prefix}keep-1`, `${prefix}drop-2`] });

      await store.append(`${prefix}keep-1`, [newEvent('K1')], 'no_stream');
      await store.append(`${prefix}drop-1`, [newEvent('D1')], 'no_stream');
      await store.append(`${prefix}keep-2`, [newEvent('K2')], 'no_stream');
      await store.append(`${prefix}drop-2`, [newEvent('D2')], 'no_stream');
      await store.append(`${prefix}keep-1`, [newEvent('Sentinel')], 0n);

      await expectEventually(() => expect(kept.at(-1)?.type).toBe('Sentinel'));
      expect(kept.map((e) => e.type)).toEqual(['K1', 'K2', 'Sentinel']);
      await expectEventually(() => expect(either.at(-1)?.type).toBe('Sentinel'));
      expect(either.map((e) => e.type)).toEqual(['K1', 'D2', 'Sentinel']);
    });

    it('reads a long stream in revision order (10 after 9, not after 1)', async () => {
      const stream = `${prefix}long`;
      await store.append(stream, Array.from({ length: 12 }, (_, i) => newEvent(`L${i}`)), 'no_stream');
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual(Array.from({ length: 12 }, (_, i) => BigInt(i)));
      expect((await store.readStream(stream, { fromRevision: 9n, maxCount: 2 })).map((e) => e.type)).toEqual(['L9', 'L10']);
    });

    it('appends a tombstone that erases the earlier events of its stream, only when the append holds', async () => {
      const stream = `${prefix}erased`;
      await store.append(stream, [newEvent('E0'), newEvent('E1')], 'no_stream');
      await expect(store.append(stream, [newEvent('Stale')], 0n, { eraseEarlier: true })).rejects.toBeInstanceOf(StreamConflictError);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['E0', 'E1']);
      await store.append(stream, [newEvent('Tombstone')], 1n, { eraseEarlier: true });
      expect((await store.readStream(stream)).map((e) => [e.type, e.revision])).toEqual([['Tombstone', 2n]]);
    });

    it('deletes a stream and its events', async () => {
      const from = await marker();
      const victim = `${prefix}victim`;
      const survivor = `${prefix}survivor`;
      await store.append(victim, [newEvent('V0'), newEvent('V1')], 'no_stream');
      await store.append(survivor, [newEvent('S0')], 'no_stream');
      await store.append(victim, [newEvent('V2')], 1n);

      await store.deleteStream(victim);
      expect(await store.readStream(victim)).toEqual([]);
      expect((await store.readStream(survivor)).map((e) => e.type)).toEqual(['S0']);
      await expect(store.deleteStream(`${prefix}never-existed`)).resolves.toBeUndefined();
      if (options.deleteRemovesFromAll ?? true) {
        await expectEventually(async () =>
          expect((await readAllOfTest(from)).map(key)).toEqual([`${survivor}@0`]),
        );
      }
    });

    it('rejects done and stops when the handler fails', async () => {
      const from = await marker();
      const failure = new Error('projection broke');
      let calls = 0;
      const subscription = subscribe(
        async () => {
          calls++;
          throw failure;
        },
        { after: from, streamPrefixes: [prefix] },
      );
      const rejected = expect(subscription.done).rejects.toBe(failure);
      await store.append(`${prefix}s`, [newEvent('A'), newEvent('B')], 'no_stream');
      await rejected;
      expect(calls).toBe(1);
      await expect(subscription.stop()).resolves.toBeUndefined();
    });

    it('stop() resolves only after the running handler has finished', async () => {
      const from = await marker();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered = 0;
      let finished = 0;
      const subscription = subscribe(
        async () => {
          entered++;
          await gate;
          finished++;
        },
        { after: from, streamPrefixes: [prefix] },
      );
      await store.append(`${prefix}s`, [newEvent('A'), newEvent('B')], 'no_stream');
      await expectEventually(() => expect(entered).toBe(1));

      let stopped = false;
      const stopping = subscription.stop().then(() => (stopped = true));
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(finished).toBe(1);
      expect(entered).toBe(1);
      await expect(subscription.done).resolves.toBeUndefined();
    });

    it(`delivers every event exactly once and in order while ${writers} writers append concurrently`, async () => {
      const from = await marker();
      const shared = `${prefix}shared`;
      const received: RecordedEvent[] = [];
      const receivedAt = new Map<string, number>();
      const appendedAt = new Map<string, number>();
      subscribe(
        async (e) => {
          received.push(e);
          receivedAt.set(key(e), performance.now());
        },
        { after: from, streamPrefixes: [prefix] },
      );

      let conflicts = 0;
      let sharedEvents = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const own = `${prefix}w${w}`;
          let ownExpected: ExpectedState = 'no_stream';
          let sharedExpected: ExpectedState = 'no_stream';
          for (let i = 0; i < appendsPerWriter; i++) {
            const result = await store.append(own, [newEvent('Written', { w, i })], ownExpected);
            appendedAt.set(`${own}@${result.nextRevision}`, performance.now());
            ownExpected = result.nextRevision;
            if (i % 10 !== 0) continue;
            // Shared stream: read-decide-write with retry on conflict, as a command handler does.
            for (;;) {
              try {
                const sharedResult = await store.append(shared, [newEvent('SharedWritten', { w, i })], sharedExpected);
                appendedAt.set(`${shared}@${sharedResult.nextRevision}`, performance.now());
                sharedExpected = sharedResult.nextRevision;
                sharedEvents++;
                break;
              } catch (error) {
                if (!(error instanceof StreamConflictError)) throw error;
                conflicts++;
                sharedExpected = error.actual;
              }
            }
          }
        }),
      );
      const written = performance.now() - started;
      const sentinel = await store.append(`${prefix}sentinel`, [newEvent('SentinelSet')], 'no_stream');
      const total = writers * appendsPerWriter + sharedEvents + 1;

      await expectEventually(() => expect(received.at(-1)?.streamId).toBe(`${prefix}sentinel`), 60_000);
      const deliveredIn = performance.now() - started;

      expect(received).toHaveLength(total);
      expect(new Set(received.map(key)).size).toBe(total);
      expectStrictlyIncreasing(received.map((e) => e.position));
      expect(comparePositions(received.at(-1)!.position, sentinel.position)).toBe(0);
      const byStream = new Map<string, bigint[]>();
      for (const e of received) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
      for (const [stream, revisions] of byStream) {
        expect({ stream, revisions }).toEqual({ stream, revisions: revisions.map((_, i) => BigInt(i)) });
      }
      expect(byStream.get(shared)).toHaveLength(sharedEvents);

      const log = await readAllOfTest(from);
      expect(log.map((e) => `${key(e)}#${String(e.position.commit)}/${String(e.position.prepare)}`)).toEqual(
        received.map((e) => `${key(e)}#${String(e.position.commit)}/${String(e.position.prepare)}`),
      );

      const lags = [...appendedAt].map(([k, at]) => Math.max(0, receivedAt.get(k)! - at)).sort((x, y) => x - y);
      console.info(
        `[event-store ${name}] ${total} events from ${writers} writers: written in ${written.toFixed(0)} ms ` +
          `(${((total / written) * 1000).toFixed(0)} events/s), all delivered in ${deliveredIn.toFixed(0)} ms; ` +
          `subscription lag p50 ${percentile(lags, 50).toFixed(1)} ms, p99 ${percentile(lags, 99).toFixed(1)} ms, ` +
          `max ${percentile(lags, 100).toFixed(1)} ms; ${conflicts} shared-stream conflicts retried`,
      );
    }, 120_000);
  });
}
