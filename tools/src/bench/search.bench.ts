import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LISTING_CATEGORIES, type ListingCategory, type ListingStatus } from '@afterwards/contracts';
import { createPrismaClient, persistenceMigrations, PostgresSqlClient, runMigrations, type PrismaClient, type SqlClient } from '@afterwards/persistence';
import { createPostgresTestDatabase, type TestDatabase } from '@afterwards/persistence/testing';
import { eventStoreMigrations, PostgresEventStore, type NewEvent, type RecordedEvent } from '@afterwards/event-store';
import { saveCheckpoint, type Projection } from '@afterwards/server-kit';
import { directoryMigrations, listingsProjection, SearchListings, SearchListingsHandler, staffActivityProjection } from '@afterwards/directory-server';
import { decideListing, evolveListing, initialListingState, listingStreamId, type ListingCommand, type ListingEvent } from '@afterwards/directory-domain';
import { loadGazetteer, type Town } from '@afterwards/places';
import type { HttpSession } from '@afterwards/testing';
import { prng } from '../seed/seed-listings';
import { benchStaffSession, startBenchApi, type BenchApi } from './bench-api';
import { benchMetadata } from './bench-events';
import { ms, summarise } from './stats';

export interface SearchBenchOptions {
  readonly listings: number;
  /** Searches per variant (with and without a category). */
  readonly searches: number;
  readonly seed: number;
  /** Concurrent appenders while loading. */
  readonly writers: number;
  /** Keep the database afterwards and print its URL, to run again with `database`. */
  readonly keep?: boolean;
  /** A database a kept run loaded: migrations are applied (new indexes), the load is skipped. */
  readonly database?: string;
}

/**
 * Listings spread over every town in proportion to its population (about one per 700 people, as in
 * life: London alone gets thousands), each placed within three miles of its town centre.
 */
export function* benchListingStreams(count: number, seed: number): Generator<{ streamId: string; events: NewEvent[] }> {
  const random = prng(seed);
  const towns = loadGazetteer().towns.filter((t) => t.population > 0);
  const cumulative: number[] = [];
  let total = 0;
  for (const t of towns) cumulative.push((total += t.population));
  const pickTown = (): Town => {
    const r = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return towns[lo]!;
  };
  const promotedByTown = new Map<Town, number>();
  for (let i = 0; i < count; i++) {
    const town = pickTown();
    const category: ListingCategory = LISTING_CATEGORIES[Math.floor(random() * LISTING_CATEGORIES.length)]!;
    const roll = random();
    const status: ListingStatus = roll < 0.85 ? 'Active' : roll < 0.93 ? 'Pending Review' : roll < 0.97 ? 'Suspended' : 'Inactive';
    const listingId = randomUUID();
    const commands: ListingCommand[] = [
      {
        type: 'SubmitListing',
        listingId,
        status: status === 'Pending Review' ? 'Pending Review' : 'Active',
        source: 'Bench',
        rating: random() < 0.8 ? Math.round((3.5 + random() * 1.5) * 10) / 10 : null,
        totalReviews: Math.floor(random() * 200),
        details: {
          name: `${town.name} ${category} ${i}`,
          category,
          location: town.name,
          address: `${1 + (i % 180)} High Street, ${town.name}`,
          phone: '01632 960000',
          email: `hello${i}@bench.example`,
          website: `https://bench${i}.example`,
          description: 'Benchmark listing.',
          pricing: null,
          serviceRadiusMiles: 5 + Math.floor(random() * 35),
          servesSurroundingAreas: random() < 0.6,
          latitude: Number((town.latitude + (random() - 0.5) * 0.08).toFixed(5)),
          longitude: Number((town.longitude + (random() - 0.5) * 0.13).toFixed(5)),
        },
      },
    ];
    if (status === 'Suspended') commands.push({ type: 'SuspendListing', listingId, reason: 'Bench' });
    if (status === 'Inactive') commands.push({ type: 'ChangeListingStatus', listingId, status: 'Inactive' } as ListingCommand);
    const promotedHere = promotedByTown.get(town) ?? 0;
    if (status === 'Active' && promotedHere < 3 && random() < 0.05) {
      promotedByTown.set(town, promotedHere + 1);
      commands.push({ type: 'PromoteListing', listingId, position: random() < 0.2 ? (undefined as unknown as number) : promotedHere + 1 });
    }
    let state = initialListingState;
    const events: NewEvent[] = [];
    for (const command of commands) {
      let decided: ListingEvent[];
      try {
        decided = decideListing(command, state);
      } catch {
        continue; // a transition this listing cannot make: leave it as it is
      }
      for (const e of decided) {
        state = evolveListing(state, e);
        events.push({ ...e, metadata: benchMetadata() });
      }
    }
    yield { streamId: listingStreamId(listingId), events };
  }
}

function hashOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0;
  return h;
}

/**
 * Appends every listing's events (one append per stream, `writers` at once), then projects them through
 * `projections` (the listings projection unless told otherwise). Projections in `skip` only get their
 * checkpoint at the log's end, so the API does not replay the load into read models a bench never reads.
 */
/** Prisma's P2034 (deadlock or write conflict) or PostgreSQL's 40P01/40001 underneath it. */
const isWriteConflict = (error: unknown): boolean => {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === 'P2034' || /40P01|40001|deadlock|write conflict/i.test(e?.message ?? '');
};

export async function loadBenchListings(
  sql: SqlClient,
  prisma: PrismaClient,
  options: { listings: number; seed: number; writers: number; projections?: readonly Projection[]; skip?: readonly Projection[] },
) {
  const projections = options.projections ?? [listingsProjection];
  const store = new PostgresEventStore(sql);
  const streams = benchListingStreams(options.listings, options.seed);
  let events = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: options.writers }, async () => {
      for (let next = streams.next(); !next.done; next = streams.next()) {
        await store.append(next.value.streamId, next.value.events, 'no_stream');
        events += next.value.events.length;
      }
    }),
  );
  const appendSeconds = (performance.now() - t0) / 1000;
  // Bulk catch-up through the real projection code: every listing's events, in order, applied by each
  // projection's `apply` in transactions of 1,000 events, 16 partitions (by stream) at once,
  // then the checkpoint at the log's end, so the live runner would resume after them.
  const t1 = performance.now();
  const log = await store.readAll();
  const partitions: RecordedEvent[][] = Array.from({ length: 16 }, () => []);
  for (const event of log) partitions[hashOf(event.streamId) % partitions.length]!.push(event);
  await Promise.all(
    partitions.map(async (events) => {
      for (let i = 0; i < events.length; i += 1_000) {
        const chunk = events.slice(i, i + 1_000);
        // Partitions run at once, and the status counts kept beside the listings are rows they all update:
        // two chunks can deadlock. Projections are idempotent, so a chunk the database chose as the victim
        // is applied again.
        for (let attempt = 1; ; attempt++) {
          try {
            await prisma.$transaction(async (tx) => {
              for (const event of chunk) for (const projection of projections) await projection.apply(event, tx);
              // What a projection collects while applying (the listings' submissions) is written here.
              for (const projection of projections) if (projection.afterBatch) await projection.afterBatch(tx);
            }, { timeout: 120_000 });
            break;
          } catch (error) {
            if (attempt >= 50 || !isWriteConflict(error)) throw error;
            await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 90 * attempt));
          }
        }
      }
    }),
  );
  const end = log.at(-1)!.position;
  await prisma.$transaction(async (tx) => {
    for (const projection of [...projections, ...(options.skip ?? [])]) await saveCheckpoint(tx, projection.name, end);
  });
  await store.close();
  const last = log.length;
  const projectSeconds = (performance.now() - t1) / 1000;
  await sql.exec('VACUUM ANALYZE listings');
  return { events, eventsInLog: Number(last), appendSeconds, projectSeconds };
}

/**
 * Loads `listings` listings into a fresh database on the real PostgreSQL through listing events and
 * the listings projection, then times the finder's search (the product's query handler) for a
 * 25-mile radius around many different towns, with and without a category.
 */
export async function benchSearch(options: SearchBenchOptions): Promise<string> {
  const db = options.database
    ? { sql: PostgresSqlClient.open(options.database, { max: 30 }) as SqlClient, url: options.database, dispose: async () => {} }
    : await createPostgresTestDatabase({ max: 30 });
  try {
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations]);
    const prisma = createPrismaClient(db.sql);
    const load = options.database
      ? (await db.sql.exec('VACUUM ANALYZE listings'), null)
      : await loadBenchListings(db.sql, prisma, options);
    const { rows: counts } = await db.sql.query<{ total: string; active: string }>(
      `SELECT count(*)::text AS total, count(*) FILTER (WHERE status = 'Active')::text AS active FROM listings`,
    );
    const handler = new SearchListingsHandler(prisma);
    const random = prng(options.seed + 1);
    // Many different towns, big ones more often (people search where people live).
    const towns = loadGazetteer().towns.filter((t) => t.population >= 5_000);
    const pickTown = () => towns[Math.floor(random() ** 2 * towns.length)]!;
    const run = async (withCategory: boolean) => {
      const samples: number[] = [];
      let found = 0;
      for (let i = 0; i < options.searches; i++) {
        const town = pickTown();
        const category = withCategory ? LISTING_CATEGORIES[i % LISTING_CATEGORIES.length] : undefined;
        const t0 = performance.now();
        const result = await handler.execute(new SearchListings({ location: town.name, radiusMiles: 25, category }));
        samples.push(performance.now() - t0);
        found += result.total;
      }
      return { ...summarise(samples), meanTotal: Math.round(found / options.searches) };
    };
    await run(false); // warm-up: plans and caches
    const all = await run(false);
    const byCategory = await run(true);
    const london = await handler.execute(new SearchListings({ location: 'London', radiusMiles: 25 }));
    const timeLondon = async () => {
      const samples: number[] = [];
      for (let i = 0; i < 50; i++) {
        const t0 = performance.now();
        await handler.execute(new SearchListings({ location: 'London', radiusMiles: 25 }));
        samples.push(performance.now() - t0);
      }
      return summarise(samples);
    };
    const londonTimes = await timeLondon();
    // The index the bounding box uses around London (25.1 miles), and whether it needs the table.
    const plan = await db.sql.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ANALYZE SELECT id, promoted, position FROM listings WHERE status = 'Active' AND latitude BETWEEN 51.144 AND 51.871 AND longitude BETWEEN -0.706 AND 0.454`,
    );
    await prisma.$disconnect();
    if (options.keep) console.log(`kept the database: --database ${db.url}`);
    return [
      `search on PostgreSQL (server), ${counts[0]!.total} listings (${counts[0]!.active} Active), 25-mile radius`,
      load
        ? `  load: ${load.events} events appended by ${options.writers} writers in ${load.appendSeconds.toFixed(1)} s, projected in ${load.projectSeconds.toFixed(1)} s`
        : `  load: reused ${db.url}`,
      `  without a category: ${all.count} searches around different towns: p50 ${ms(all.p50)}, p99 ${ms(all.p99)}, max ${ms(all.max)} (mean ${all.meanTotal} listings found)`,
      `  with a category:    ${byCategory.count} searches: p50 ${ms(byCategory.p50)}, p99 ${ms(byCategory.p99)}, max ${ms(byCategory.max)} (mean ${byCategory.meanTotal} found)`,
      `  densest (London, ${london.total} found): p50 ${ms(londonTimes.p50)}, p99 ${ms(londonTimes.p99)}`,
      `  bounding-box plan (London): ${plan.rows.map((r) => r['QUERY PLAN']).filter((l) => /Scan|Execution/.test(l)).map((l) => l.trim()).join(' | ')}`,
    ].join('\n');
  } finally {
    if (options.keep) await db.sql.close();
    else await db.dispose();
  }
}

/**
 * The staff benches' directory: `database` reused as it is, or a new database with the directory's tables
 * and `listings` listings loaded through their events and the listings projection (Recent Activity, which
 * those benches do not read, starts at the log's end instead of replaying it); analysed either way.
 */
export async function staffBenchDirectory(options: { listings: number; seed: number; writers: number; database?: string }) {
  const db: TestDatabase = options.database
    ? { name: 'postgres', sql: PostgresSqlClient.open(options.database, { max: 30 }), url: options.database, dispose: async () => {} }
    : await createPostgresTestDatabase({ max: 30 });
  await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations]);
  const prisma = createPrismaClient(db.sql);
  const load = options.database ? null : await loadBenchListings(db.sql, prisma, { ...options, projections: [listingsProjection], skip: [staffActivityProjection] });
  await prisma.$disconnect();
  await db.sql.exec('VACUUM ANALYZE listings');
  return { db, load };
}

/** What a staff bench measures with: the loaded directory, the built API on it and a staff member signed in there. */
export interface StaffBenchRun {
  readonly db: TestDatabase;
  readonly api: BenchApi;
  readonly staff: HttpSession;
  /** The report so far: the bench adds its own lines. */
  readonly lines: string[];
}

/** How a staff bench starts: the API's extra environment, the staff member's label, and its lines on what was loaded. */
export interface StaffBenchSetup {
  readonly apiEnv: Record<string, string | undefined>;
  readonly label: string;
  describe(db: TestDatabase, load: Awaited<ReturnType<typeof staffBenchDirectory>>['load']): Promise<string[]>;
}

/**
 * A staff bench over HTTP: the directory loaded (or the `--database` given), `describe`'s lines, the built API
 * on it with a staff member signed in, then `measure`, which adds its lines and answers whether its targets
 * were met. Stops the API; keeps the database with `--keep` (and leaves one given with `--database`).
 */
export async function runStaffBench(
  options: Parameters<typeof staffBenchDirectory>[0] & { readonly keep?: boolean },
  setup: StaffBenchSetup,
  measure: (run: StaffBenchRun) => Promise<boolean>,
): Promise<{ report: string; ok: boolean }> {
  const { db, load } = await staffBenchDirectory(options);
  const lines: string[] = [];
  let ok = true;
  try {
    lines.push(...(await setup.describe(db, load)));
    const api = await startBenchApi(setup.apiEnv, db);
    try {
      ok = await measure({ db, api, staff: await benchStaffSession(api, setup.label), lines });
    } finally {
      await api.stop();
    }
    if (options.keep) lines.push(`  kept the database: --database ${db.url}`);
  } finally {
    if (options.keep || options.database) await db.sql.close();
    else await db.dispose();
  }
  return { report: lines.join('\n'), ok };
}
