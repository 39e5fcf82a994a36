import { performance } from 'node:perf_hooks';
import { expectEventually } from '@afterwards/persistence/testing';
import { StreamConflictError, comparePositions, type ExpectedState, type RecordedEvent } from '../port';
import { expectStrictlyIncreasing, key, newEvent, type ContractContext, type EventStoreContractOptions } from './contract-context';

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Subscriptions: catching up then live, filtered by prefix, a failing handler, stopping, many writers at once. */
export function subscriptionContract(t: ContractContext, name: string, options: EventStoreContractOptions): void {
  const writers = options.writers ?? 20;
  const appendsPerWriter = options.appendsPerWriter ?? 50;

  it('catches up, then delivers later appends live, exactly once and in order', async () => {
    const stream = `${t.prefix}live`;
    const from = await t.marker();
    const before = await t.store.append(stream, [newEvent('E0'), newEvent('E1'), newEvent('E2')], 'no_stream');

    const received: RecordedEvent[] = [];
    t.subscribe(async (e) => void received.push(e), { after: from, streamPrefixes: [t.prefix] });
    const fromSecond: RecordedEvent[] = [];
    const firstPosition = (await t.store.readStream(stream, { maxCount: 1 }))[0]!.position;
    t.subscribe(async (e) => void fromSecond.push(e), { after: firstPosition, streamPrefixes: [t.prefix] });

    await expectEventually(() => expect(received.map((e) => e.type)).toEqual(['E0', 'E1', 'E2']));
    await t.store.append(stream, [newEvent('E3')], before.nextRevision);
    await t.store.append(stream, [newEvent('E4'), newEvent('E5')], before.nextRevision + 1n);

    // The last append acts as a sentinel: anything repeated before it would show up by now.
    await expectEventually(() => expect(received.at(-1)?.type).toBe('E5'));
    expect(received.map(key)).toEqual([0, 1, 2, 3, 4, 5].map((r) => `${stream}@${r}`));
    expectStrictlyIncreasing(received.map((e) => e.position));
    await expectEventually(() => expect(fromSecond.at(-1)?.type).toBe('E5'));
    expect(fromSecond.map((e) => e.type)).toEqual(['E1', 'E2', 'E3', 'E4', 'E5']);
  });

  it('delivers only streams matching streamPrefixes', async () => {
    const from = await t.marker();
    const kept: RecordedEvent[] = [];
    const either: RecordedEvent[] = [];
    t.subscribe(async (e) => void kept.push(e), { after: from, streamPrefixes: [`${t.prefix}keep-`] });
    t.subscribe(async (e) => void either.push(e), { after: from, streamPrefixes: [`${t.prefix}keep-1`, `${t.prefix}drop-2`] });

    await t.store.append(`${t.prefix}keep-1`, [newEvent('K1')], 'no_stream');
    await t.store.append(`${t.prefix}drop-1`, [newEvent('D1')], 'no_stream');
    await t.store.append(`${t.prefix}keep-2`, [newEvent('K2')], 'no_stream');
    await t.store.append(`${t.prefix}drop-2`, [newEvent('D2')], 'no_stream');
    await t.store.append(`${t.prefix}keep-1`, [newEvent('Sentinel')], 0n);

    await expectEventually(() => expect(kept.at(-1)?.type).toBe('Sentinel'));
    expect(kept.map((e) => e.type)).toEqual(['K1', 'K2', 'Sentinel']);
    await expectEventually(() => expect(either.at(-1)?.type).toBe('Sentinel'));
    expect(either.map((e) => e.type)).toEqual(['K1', 'D2', 'Sentinel']);
  });

  it('rejects done and stops when the handler fails', async () => {
    const from = await t.marker();
    const failure = new Error('projection broke');
    let calls = 0;
    const subscription = t.subscribe(
      async () => {
        calls++;
        throw failure;
      },
      { after: from, streamPrefixes: [t.prefix] },
    );
    const rejected = expect(subscription.done).rejects.toBe(failure);
    await t.store.append(`${t.prefix}s`, [newEvent('A'), newEvent('B')], 'no_stream');
    await rejected;
    expect(calls).toBe(1);
    await expect(subscription.stop()).resolves.toBeUndefined();
  });

  it('stop() resolves only after the running handler has finished', async () => {
    const from = await t.marker();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    let finished = 0;
    const subscription = t.subscribe(
      async () => {
        entered++;
        await gate;
        finished++;
      },
      { after: from, streamPrefixes: [t.prefix] },
    );
    await t.store.append(`${t.prefix}s`, [newEvent('A'), newEvent('B')], 'no_stream');
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
    const from = await t.marker();
    const shared = `${t.prefix}shared`;
    const received: RecordedEvent[] = [];
    const receivedAt = new Map<string, number>();
    const appendedAt = new Map<string, number>();
    t.subscribe(
      async (e) => {
        received.push(e);
        receivedAt.set(key(e), performance.now());
      },
      { after: from, streamPrefixes: [t.prefix] },
    );

    let conflicts = 0;
    let sharedEvents = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const own = `${t.prefix}w${w}`;
        let ownExpected: ExpectedState = 'no_stream';
        let sharedExpected: ExpectedState = 'no_stream';
        for (let i = 0; i < appendsPerWriter; i++) {
          const result = await t.store.append(own, [newEvent('Written', { w, i })], ownExpected);
          appendedAt.set(`${own}@${result.nextRevision}`, performance.now());
          ownExpected = result.nextRevision;
          if (i % 10 !== 0) continue;
          // Shared stream: read-decide-write with retry on conflict, as a command handler does.
          for (;;) {
            try {
              const sharedResult = await t.store.append(shared, [newEvent('SharedWritten', { w, i })], sharedExpected);
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
    const sentinel = await t.store.append(`${t.prefix}sentinel`, [newEvent('SentinelSet')], 'no_stream');
    const total = writers * appendsPerWriter + sharedEvents + 1;

    await expectEventually(() => expect(received.at(-1)?.streamId).toBe(`${t.prefix}sentinel`), 60_000);
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

    const log = await t.readAllOfTest(from);
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
}
