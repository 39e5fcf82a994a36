import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createPrismaClient, persistenceMigrations, runMigrations, type SqlClient } from '@afterwards/persistence';
import { createPostgresTestDatabase } from '@afterwards/persistence/testing';
import { PgliteSqlClient } from '@afterwards/persistence';
import {
  comparePositions,
  eventStoreMigrations,
  PostgresEventStore,
  START,
  type EventHandler,
  type EventStore,
  type NewEvent,
  type SubscribeOptions,
  type Position,
} from '@afterwards/event-store';
import { ProjectionRunner } from '@afterwards/server-kit';
import { directoryMigrations, listingsProjection } from '@afterwards/directory-server';
import { listingStreamId } from '@afterwards/directory-domain';
import { listingSubmitted } from '@afterwards/directory-domain/testing';
import { benchMetadata, v8FlagsInUse } from './bench-events';
import { median, ms, summarise } from './stats';

export interface EventStoreBenchOptions {
  readonly target: 'pglite' | 'postgres';
  readonly writers: number;
  readonly seconds: number;
  /** Total events per second offered while measuring projection lag. */
  readonly lagRate: number;
  /** Interleaved rounds of the append and its limit, and lag windows (default 3). */
  readonly rounds?: number;
}

async function openTarget(target: EventStoreBenchOptions['target']): Promise<{ sql: SqlClient; dispose(): Promise<void> }> {
  if (target === 'postgres') {
    const db = await createPostgresTestDatabase({ max: 30 });
    return { sql: db.sql, dispose: () => db.dispose() };
  }
  // On disk, as the embedded profile runs.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-bench-'));
  const sql = await PgliteSqlClient.open(dir);
  return { sql, dispose: async () => (await sql.close(), fs.rmSync(dir, { recursive: true, force: true })) };
}

function submitted(listingId: string): NewEvent {
  return {
    ...listingSubmitted({ listingId, name: `Bench Funeral Directors ${listingId.slice(0, 6)}`, address: null, latitude: 53.8, longitude: -1.55, source: 'Bench' }),
    metadata: benchMetadata(),
  };
}

const edited = (listingId: string, n: number): NewEvent => ({
  type: 'ListingEdited',
  data: { listingId, changes: { pricing: `From £${1000 + n}` } },
  metadata: benchMetadata(),
});

/** The raw INSERT the append is measured against: a table shaped like `events` (columns, defaults, indexes). */
const LIMIT_TABLE = 'bench_raw_events';

/** Target of projection lag p99, per engine (the performance issue's goals). */
const LAG_GOAL_MS = { postgres: 20, pglite: 100 } as const;

/**
 * `writers` concurrent loops calling `appendOne(writer, n)` until `seconds` pass: events per second.
 */
async function appendRate(writers: number, seconds: number, appendOne: (writer: number, n: number) => Promise<unknown>): Promise<{ events: number; rate: number }> {
  let events = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let n = 0; performance.now() < deadline; n++) {
        await appendOne(w, n);
        events++;
      }
    }),
  );
  return { events, rate: events / ((performance.now() - started) / 1000) };
}

/**
 * Phase 1, three interleaved rounds (product, limit, product, limit, …): `writers` concurrent writers
 * append single events to their own streams with an expected revision, as fast as they can for
 * `seconds`; then the same writers on the same pool insert the same row, one plain `INSERT … VALUES`
 * per statement, into a table shaped like `events` (its columns, defaults and indexes, no hash chain,
 * no streams row): the limit. Medians of each, and their ratio. Phase 2: the listings projection runs
 * live while writers offer `lagRate` events per second in total, three windows: time from the start of
 * each append to its read-model row being committed.
 */
export async function benchEventStore(options: EventStoreBenchOptions): Promise<string> {
  const { sql, dispose } = await openTarget(options.target);
  const rounds = options.rounds ?? 3;
  try {
    await runMigrations(sql, [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations]);
    await sql.exec(`CREATE TABLE ${LIMIT_TABLE} (LIKE events INCLUDING ALL)`);
    const store = new PostgresEventStore(sql);
    const prisma = createPrismaClient(sql);

    // Phase 1: throughput, the product and its limit interleaved.
    let appended = 0;
    let backlogEnd: Position = START;
    const track = (p: Position) => {
      if (comparePositions(p, backlogEnd) > 0) backlogEnd = p;
    };
    const productRates: number[] = [];
    const limitRates: number[] = [];
    const lines: string[] = [];
    const streams = Array.from({ length: options.writers }, () => ({ listingId: randomUUID(), revision: -1n }));
    for (const stream of streams) {
      track((await store.append(listingStreamId(stream.listingId), [submitted(stream.listingId)], 'no_stream')).position);
      stream.revision = 0n;
      appended++;
    }
    for (let round = 1; round <= rounds; round++) {
      const product = await appendRate(options.writers, options.seconds, async (w) => {
        const stream = streams[w]!;
        const result = await store.append(listingStreamId(stream.listingId), [edited(stream.listingId, Number(stream.revision) + w)], stream.revision);
        stream.revision = result.nextRevision;
        track(result.position);
      });
      appended += product.events;
      const limit = await appendRate(options.writers, options.seconds, async (w, n) => {
        const stream = streams[w]!;
        const event = edited(stream.listingId, n + w);
        await sql.query(`INSERT INTO ${LIMIT_TABLE} (stream_id, revision, type, data, metadata) VALUES ($1, $2, $3, $4, $5)`, [
          listingStreamId(stream.listingId),
          String(round * 1_000_000_000 + n),
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
        ]);
      });
      productRates.push(product.rate);
      limitRates.push(limit.rate);
      lines.push(
        `    round ${round}: append ${Math.round(product.rate)} events/s, raw INSERT ${Math.round(limit.rate)} rows/s, ratio ${(product.rate / limit.rate).toFixed(2)}`,
      );
    }
    const productRate = median(productRates);
    const limitRate = median(limitRates);
    const appendLines = [
      `event store on ${options.target === 'postgres' ? 'PostgreSQL (server)' : 'PGlite (on disk)'}; writers and projection in one process with V8 flags ${v8FlagsInUse()}`,
      `  append: ${options.writers} concurrent writers, one event per append, expected revision; limit: the same row by a plain INSERT, one per statement, same pool (${rounds} interleaved rounds of ${options.seconds} s)`,
      ...lines,
      `    median: append ${Math.round(productRate)} events/s, limit ${Math.round(limitRate)} rows/s, ratio ${(productRate / limitRate).toFixed(2)} (goal ≥ 0.5); median of the rounds' ratios ${median(productRates.map((rate, i) => rate / limitRates[i]!)).toFixed(2)}`,
    ];
    if (options.lagRate <= 0) {
      await prisma.$disconnect();
      await store.close();
      return appendLines.join('\n');
    }

    // Phase 2: projection lag at a steady offered rate.
    // Where the lag goes: the append itself, then until the runner is handed the event, then until its batch commits.
    const startedAt = new Map<string, number>();
    const appendedAt = new Map<string, number>();
    const handedAt = new Map<string, number>();
    let lags: number[] = [];
    let parts: { append: number[]; handed: number[]; applied: number[] } = { append: [], handed: [], applied: [] };
    const watched: EventStore = Object.assign(Object.create(store) as EventStore, {
      subscribeToAll: (handler: EventHandler, subscribeOptions?: SubscribeOptions) =>
        store.subscribeToAll((event) => {
          if (startedAt.has(event.metadata.eventId)) handedAt.set(event.metadata.eventId, performance.now());
          return handler(event);
        }, subscribeOptions),
    });
    const runner = new ProjectionRunner(watched, prisma, [listingsProjection], (change) => {
      const id = change.event.metadata.eventId;
      const t0 = startedAt.get(id);
      if (t0 === undefined) return;
      const now = performance.now();
      lags.push(now - t0);
      const appended = appendedAt.get(id);
      const handed = handedAt.get(id);
      if (appended === undefined || handed === undefined) return;
      parts.append.push(appended - t0);
      parts.handed.push(handed - appended);
      parts.applied.push(now - handed);
    });
    // Catch up on phase 1's events first so lag measures live delivery, not the backlog.
    const catchUpStarted = performance.now();
    await runner.start();
    while (comparePositions(runner.status()[listingsProjection.name]!, backlogEnd) < 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const catchUpRate = appended / ((performance.now() - catchUpStarted) / 1000);
    const perWriterInterval = (options.writers / options.lagRate) * 1000;
    type Summary = ReturnType<typeof summarise>;
    const windows: Array<{ offered: number; loopDelayP99: number; lag: Summary; parts: { append: Summary; handed: Summary; applied: Summary } }> = [];
    for (let round = 1; round <= rounds; round++) {
      lags = [];
      parts = { append: [], handed: [], applied: [] };
      startedAt.clear();
      appendedAt.clear();
      handedAt.clear();
      const loopDelay = monitorEventLoopDelay({ resolution: 5 });
      loopDelay.enable();
      const lagDeadline = performance.now() + options.seconds * 1000;
      let offered = 0;
      await Promise.all(
        streams.map(async (stream, w) => {
          while (performance.now() < lagDeadline) {
            const next = performance.now() + perWriterInterval;
            const event = edited(stream.listingId, Number(stream.revision) + w);
            startedAt.set(event.metadata.eventId, performance.now());
            stream.revision = (await store.append(listingStreamId(stream.listingId), [event], stream.revision)).nextRevision;
            appendedAt.set(event.metadata.eventId, performance.now());
            offered++;
            const wait = next - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          }
        }),
      );
      const waitUntil = performance.now() + 10_000;
      while (lags.length < offered && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
      loopDelay.disable();
      windows.push({ offered, loopDelayP99: loopDelay.percentile(99) / 1e6, lag: summarise(lags), parts: { append: summarise(parts.append), handed: summarise(parts.handed), applied: summarise(parts.applied) } });
    }
    await runner.stop();
    await prisma.$disconnect();
    await store.close();
    const goal = LAG_GOAL_MS[options.target];
    const p99 = median(windows.map((w) => w.lag.p99));
    return [
      ...appendLines,
      `  projection catch-up: ${appended} events at ${Math.round(catchUpRate)} events/s`,
      `  projection lag (append start to read-model row committed) at ${options.lagRate} events/s offered, ${rounds} windows of ${options.seconds} s:`,
      ...windows.map(
        (w, i) =>
          `    window ${i + 1}: ${Math.round(w.offered / options.seconds)} events/s offered: p50 ${ms(w.lag.p50)}, p99 ${ms(w.lag.p99)}, max ${ms(w.lag.max)} (${w.lag.count}/${w.offered} rows seen)\n` +
          `      of which p50/p99: the append ${ms(w.parts.append.p50)}/${ms(w.parts.append.p99)}, until the runner has it ${ms(w.parts.handed.p50)}/${ms(w.parts.handed.p99)}, until its batch commits ${ms(w.parts.applied.p50)}/${ms(w.parts.applied.p99)}; event loop delay p99 ${ms(w.loopDelayP99)}`,
      ),
      `    median: p50 ${ms(median(windows.map((w) => w.lag.p50)))}, p99 ${ms(p99)}; limit ${goal} ms, ratio ${(p99 / goal).toFixed(2)} (goal < 1)`,
    ].join('\n');
  } finally {
    await dispose();
  }
}
