import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SETTINGS } from '@afterwards/contracts';
import { directoryMigrations, ListingCommands, listingsProjection } from '@afterwards/directory-server';
import { listingStreamId } from '@afterwards/directory-domain';
import { eventStoreMigrations, PostgresEventStore, type EventMetadata, type NewEvent } from '@afterwards/event-store';
import { BullMqJobQueue } from '@afterwards/jobs/bullmq';
import { deleteKeysWithPrefix } from '@afterwards/jobs/testing';
import { createPrismaClient, persistenceMigrations, PostgresSqlClient, runMigrations } from '@afterwards/persistence';
import { createPostgresTestDatabase, TEST_POSTGRES_URL } from '@afterwards/persistence/testing';
import { addDays, startOfDate } from '@afterwards/checklist-domain';
import { promotionStreamId } from '@afterwards/promotions-domain';
import {
  createPromotionRuntime,
  promotionDueJob,
  promotionPlacementReactor,
  promotionsMigrations,
  promotionsProjection,
  runDueWork,
  sweepDueWork,
  todayIn,
  type PromotionRuntime,
} from '@afterwards/promotions-server';
import { ProjectionRunner, type Clock } from '@afterwards/server-kit';
import { TOOLS_ENTRY } from '@afterwards/testing';
import { summarise } from './stats';

export interface PromotionExpiryBenchOptions {
  readonly promotions: number;
  readonly workers: number;
  /** Jobs each worker runs at once. */
  readonly concurrency: number;
  readonly redisUrl: string;
}

/** The target of the issue: every promotion expired within this long of its time. */
export const PROMOTION_EXPIRY_TARGET_SECONDS = 60;
/** Time left, after scheduling, before the promotions fall due. */
const LEAD_MS = 20_000;
const HOUR_MS = 3_600_000;
const settings = DEFAULT_SETTINGS;

const metadata = (at: string): EventMetadata => ({ eventId: randomUUID(), occurredAt: at, actor: 'system:bench', correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 });

/** A clock `offsetMs` ahead of this machine's: both the bench and its workers read the same moved time. */
const movedClock = (offsetMs: number): Clock => ({ now: () => new Date(Date.now() + offsetMs) });

/** `bench promotion-expiry-worker`: one worker process running the promotion jobs, as apps/worker does. */
export async function runPromotionExpiryWorker(options: { database: string; redisUrl: string; prefix: string; offsetMs: number; concurrency: number }): Promise<void> {
  const sql = PostgresSqlClient.open(options.database, { max: options.concurrency + 2, applicationName: 'afterwards-bench-worker' });
  const store = new PostgresEventStore(sql);
  const prisma = createPrismaClient(sql);
  const rt: PromotionRuntime = createPromotionRuntime({ store, prisma, clock: movedClock(options.offsetMs), settings: async () => settings });
  const queue = new BullMqJobQueue({ connection: { url: options.redisUrl }, prefix: options.prefix });
  let ran = 0;
  let appended = 0;
  queue.process(
    promotionDueJob,
    async (job) => {
      const events = await runDueWork(rt, queue, job.payload);
      ran++;
      appended += events.length;
    },
    { concurrency: options.concurrency },
  );
  await queue.start();
  console.log('ready');
  await new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
  await queue.close();
  console.log(JSON.stringify({ ran, appended }));
  await store.close();
  await prisma.$disconnect();
  await sql.close();
}

/**
 * `bench promotion-expiry`: `promotions` Active promotions of `promotions` businesses, all ending in the same
 * minute, are expired by `workers` worker processes (BullMQ on Redis, PostgreSQL). The promotions are loaded
 * as their events (created, started, reminded and warned, as they would be by then); the clock of the bench
 * and its workers is moved so their end falls due 20 s after the expiry jobs are queued by the sweep. It
 * reports how late each expiry was against its time, whether each promotion has exactly one
 * PromotionExpired, and when the finder no longer shows any of those businesses first.
 */
export async function benchPromotionExpiry(options: PromotionExpiryBenchOptions): Promise<string> {
  const db = await createPostgresTestDatabase({ max: 24 });
  const prefix = `afterwards-bench-${randomBytes(5).toString('hex')}`;
  const workers: ChildProcess[] = [];
  const lines: string[] = [`promotion expiry bench: ${options.promotions} promotions, ${options.workers} workers x ${options.concurrency} jobs at once, PostgreSQL and Redis`];
  const store = new PostgresEventStore(db.sql);
  const prisma = createPrismaClient(db.sql);
  let runner: ProjectionRunner | undefined;
  try {
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations, ...promotionsMigrations]);
    const realToday = todayIn(settings, new Date());
    const startDate = realToday;
    const endDate = addDays(startDate, settings.promotionPricing['1-month'].durationDays);
    const dueAt = startOfDate(endDate, settings.platformConfig.timezone).getTime() + settings.promotionTiming.gracePeriodHours * HOUR_MS;

    // Load: one Active business and its running promotion per pair of streams, as events.
    let started = performance.now();
    const listingIds: string[] = [];
    const ids = Array.from({ length: options.promotions }, () => [randomUUID(), randomUUID()] as const);
    const at = new Date().toISOString();
    for (let i = 0; i < ids.length; i += 500) {
      await Promise.all(
        ids.slice(i, i + 500).map(async ([listingId, promotionId], j) => {
          listingIds.push(listingId);
          const n = i + j;
          const listing: NewEvent[] = [
            {
              type: 'ListingSubmitted',
              data: {
                listingId, name: `Bench Funeral Care ${n}`, category: 'Funeral Directors', location: 'Leeds, West Yorkshire', address: null, phone: null, email: null, website: null,
                description: null, pricing: null, serviceRadiusMiles: 10, servesSurroundingAreas: true, latitude: 53.8 + (n % 100) / 2000, longitude: -1.55 + Math.floor(n / 100) / 2000,
                status: 'Active', source: 'Bench', rating: null, totalReviews: 0,
              },
              metadata: metadata(at),
            },
          ];
          const ref = { promotionId, listingId };
          const promotion: NewEvent[] = [
            { type: 'PromotionCreated', data: { ...ref, plan: '1-month', startDate, endDate, durationDays: 30, amount: 99, position: 1 + (n % 3), autoRenew: false, paymentStatus: 'Paid' }, metadata: metadata(at) },
            { type: 'PromotionStarted', data: { ...ref, position: 1 + (n % 3), startDate, by: 'schedule' }, metadata: metadata(at) },
            { type: 'PromotionRenewalReminded', data: { ...ref, period: 1, endDate, daysLeft: 7 }, metadata: metadata(at) },
            { type: 'PromotionExpiryWarned', data: { ...ref, period: 1, endDate, daysLeft: 3 }, metadata: metadata(at) },
          ];
          await store.append(listingStreamId(listingId), listing, 'no_stream');
          await store.append(promotionStreamId(promotionId), promotion, 'no_stream');
        }),
      );
    }
    runner = new ProjectionRunner(store, prisma, [listingsProjection, promotionsProjection, promotionPlacementReactor(new ListingCommands(store))]);
    await runner.start();
    await waitFor(async () => (await prisma.listing.count({ where: { promoted: true } })) === options.promotions, 600_000, 'the businesses to be placed first');
    // The sweep reads the read model: it must hold every promotion as running and already warned.
    await waitFor(async () => (await prisma.promotion.count({ where: { status: 'Active', warnedPeriod: 1, remindedPeriod: 1 } })) === options.promotions, 600_000, 'the promotions read model');
    lines.push(`  loaded ${options.promotions} businesses and running promotions (events, read models, placements) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Workers and the sweep read a clock moved so the promotions fall due LEAD_MS from now.
    const offsetMs = dueAt - (Date.now() + LEAD_MS);
    const database = db.url ?? TEST_POSTGRES_URL;
    for (let w = 0; w < options.workers; w++) {
      const child = spawn(
        process.execPath,
        [TOOLS_ENTRY, 'bench', 'promotion-expiry-worker', '--database', database, '--redis', options.redisUrl, '--prefix', prefix, '--offset-ms', String(offsetMs), '--concurrency', String(options.concurrency)],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      workers.push(child);
      await new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
      });
    }
    const producer = new BullMqJobQueue({ connection: { url: options.redisUrl }, prefix });
    started = performance.now();
    const swept = await sweepDueWork({ prisma, clock: movedClock(offsetMs), settings: async () => settings }, producer, Number.POSITIVE_INFINITY);
    lines.push(`  the sweep queued ${swept.scheduled} expiry jobs for ${swept.open} open promotions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await producer.close();

    const dueReal = dueAt - offsetMs;
    const expiredEvents = async () => Number((await db.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM events WHERE type = 'PromotionExpired'`)).rows[0]!.n);
    await waitFor(async () => (await expiredEvents()) >= options.promotions, (PROMOTION_EXPIRY_TARGET_SECONDS + 120) * 1000 + LEAD_MS, 'every promotion to expire', async () => `${await expiredEvents()} expired`);
    const allExpiredAfter = Date.now() - dueReal;
    await waitFor(async () => (await prisma.promotion.count({ where: { status: 'Expired' } })) === options.promotions, 120_000, 'the read model to show them expired');
    await waitFor(async () => (await prisma.listing.count({ where: { promoted: true } })) === 0, 120_000, 'the finder to stop showing them first', async () => `${await prisma.listing.count({ where: { promoted: true } })} still first`);
    const finderAfter = Date.now() - dueReal;

    // Lateness of each expiry against its time, from the events the workers appended (their clock).
    const { rows } = await db.sql.query<{ stream_id: string; n: string; at: string }>(
      `SELECT stream_id, count(*)::text AS n, min(metadata->>'occurredAt') AS at FROM events WHERE type = 'PromotionExpired' GROUP BY stream_id`,
    );
    const late = rows.map((r) => (Date.parse(r.at) - dueAt) / 1000);
    const twice = rows.filter((r) => r.n !== '1').length;
    const early = late.filter((s) => s < 0).length;
    const s = summarise(late);
    const reports = await Promise.all(workers.map((child) => stopWorker(child)));
    workers.length = 0;
    const ok = rows.length === options.promotions && twice === 0 && early === 0 && s.max <= PROMOTION_EXPIRY_TARGET_SECONDS;
    lines.push(
      `  expired: ${rows.length} of ${options.promotions}; with more than one PromotionExpired: ${twice}; before their time: ${early}`,
      `  lateness after their time: p50 ${s.p50.toFixed(1)} s, p99 ${s.p99.toFixed(1)} s, max ${s.max.toFixed(1)} s (target: all within ${PROMOTION_EXPIRY_TARGET_SECONDS} s)`,
      `  all expired ${(allExpiredAfter / 1000).toFixed(1)} s after their time; the finder showed none of them first ${(finderAfter / 1000).toFixed(1)} s after`,
      `  jobs run / events appended per worker: ${reports.join(' ')}`,
      `  ${ok ? 'PASS' : 'FAIL'}`,
    );
    return lines.join('\n');
  } finally {
    for (const child of workers) child.kill('SIGKILL');
    await runner?.stop();
    await store.close();
    await prisma.$disconnect();
    await deleteKeysWithPrefix(options.redisUrl, prefix);
    await db.dispose();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string, progress?: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${timeoutMs / 1000} s${progress ? ` (${await progress()})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops a worker and returns the last line it printed (what it ran). */
function stopWorker(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', () => resolve(out.trim().split('\n').at(-1) ?? ''));
    child.kill('SIGTERM');
  });
}
