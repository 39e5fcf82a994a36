import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPrismaClient, persistenceMigrations, runMigrations, type SqlClient } from '@afterwards/persistence';
import { createPostgresTestDatabase } from '@afterwards/persistence/testing';
import { PgliteSqlClient } from '@afterwards/persistence';
import {
  comparePositions,
  eventStoreMigrations,
  PostgresEventStore,
  START,
  type EventMetadata,
  type NewEvent,
  type Position,
} from '@afterwards/event-store';
import { ProjectionRunner } from '@afterwards/server-kit';
import { directoryMigrations, listingsProjection } from '@afterwards/directory-server';
import { listingStreamId } from '@afterwards/directory-domain';
import { ms, summarise } from './stats';

export interface EventStoreBenchOptions {
  readonly target: 'pglite' | 'postgres';
  readonly writers: number;
  readonly seconds: number;
  /** Total events per second offered while measuring projection lag. */
  readonly lagRate: number;
}

const metadata = (): EventMetadata => ({
  eventId: randomUUID(),
  occurredAt: new Date().toISOString(),
  actor: 'system:bench',
  correlationId: randomUUID(),
  causationId: randomUUID(),
  schemaVersion: 1,
});

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
    type: 'ListingSubmitted',
    data: {
      listingId,
      name: `Bench Funeral Directors ${listingId.slice(0, 6)}`,
      category: 'Funeral Directors',
      location: 'Leeds',
      address: null,
      phone: null,
      email: null,
      website: null,
      description: null,
      pricing: null,
      serviceRadiusMiles: 5,
      servesSurroundingAreas: false,
      latitude: 53.8,
      longitude: -1.55,
      status: 'Active',
      source: 'Bench',
      rating: null,
      totalReviews: 0,
    },
    metadata: metadata(),
  };
}

const edited = (listingId: string, n: number): NewEvent => ({
  type: 'ListingEdited',
  data: { listingId, changes: { pricing: `From £${1000 + n}` } },
  metadata: metadata(),
});

/**
 * Phase 1: `writers` concurrent writers append single events to their own streams as fast as they
 * can for `seconds`: events per second. Phase 2: the listings projection runs live while writers
 * offer `lagRate` events per second in total: time from the start of each append to its read-model
 * row being committed.
 */
export async function benchEventStore(options: EventStoreBenchOptions): Promise<string> {
  const { sql, dispose } = await openTarget(options.target);
  try {
    await runMigrations(sql, [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations]);
    const store = new PostgresEventStore(sql);
    const prisma = createPrismaClient(sql);

    // Phase 1: throughput.
    let appended = 0;
    let backlogEnd: Position = START;
    const track = (p: Position) => {
      if (comparePositions(p, backlogEnd) > 0) backlogEnd = p;
    };
    const deadline = performance.now() + options.seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.writers }, async (_, w) => {
        const listingId = randomUUID();
        track((await store.append(listingStreamId(listingId), [submitted(listingId)], 'no_stream')).position);
        appended++;
        for (let revision = 0n; performance.now() < deadline; revision++) {
          track((await store.append(listingStreamId(listingId), [edited(listingId, Number(revision) + w)], revision)).position);
          appended++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const throughput = appended / elapsed;

    // Phase 2: projection lag at a steady offered rate.
    const runner = new ProjectionRunner(store, prisma, [listingsProjection], (change) => {
      const t0 = startedAt.get(change.event.metadata.eventId);
      if (t0 !== undefined) lags.push(performance.now() - t0);
    });
    const startedAt = new Map<string, number>();
    const lags: number[] = [];
    // Catch up on phase 1's events first so lag measures live delivery, not the backlog.
    const catchUpStarted = performance.now();
    await runner.start();
    while (comparePositions(runner.status()[listingsProjection.name]!, backlogEnd) < 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const catchUpRate = appended / ((performance.now() - catchUpStarted) / 1000);
    const perWriterInterval = (options.writers / options.lagRate) * 1000;
    const lagDeadline = performance.now() + options.seconds * 1000;
    let offered = 0;
    await Promise.all(
      Array.from({ length: options.writers }, async (_, w) => {
        const listingId = randomUUID();
        await store.append(listingStreamId(listingId), [submitted(listingId)], 'no_stream');
        for (let revision = 0n; performance.now() < lagDeadline; revision++) {
          const next = performance.now() + perWriterInterval;
          const event = edited(listingId, Number(revision) + w);
          startedAt.set(event.metadata.eventId, performance.now());
          await store.append(listingStreamId(listingId), [event], revision);
          offered++;
          const wait = next - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }),
    );
    const waitUntil = performance.now() + 10_000;
    while (lags.length < offered && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    await prisma.$disconnect();
    await store.close();
    const lag = summarise(lags);
    return [
      `event store on ${options.target === 'postgres' ? 'PostgreSQL (server)' : 'PGlite (on disk)'}`,
      `  append: ${options.writers} concurrent writers, one event per append, ${elapsed.toFixed(1)} s: ${appended} events, ${Math.round(throughput)} events/s`,
      `  projection catch-up: ${appended} events at ${Math.round(catchUpRate)} events/s`,
      `  projection lag at ${Math.round(offered / options.seconds)} events/s offered: p50 ${ms(lag.p50)}, p99 ${ms(lag.p99)}, max ${ms(lag.max)} (${lag.count}/${offered} rows seen)`,
    ].join('\n');
  } finally {
    await dispose();
  }
}
