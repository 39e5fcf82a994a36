import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { decideCase, evolveCase, initialCaseState, caseStreamId, type CaseCommand, type CaseEvent, type CaseState } from '@afterwards/cases-domain';
import { decideListing, foldListing, listingStreamId, type ListingCommand, type ListingEvent } from '@afterwards/directory-domain';
import { decidePromotion, foldPromotion, promotionStreamId, type PromotionEvent } from '@afterwards/promotions-domain';
import { PostgresEventStore, type NewEvent, type NewStreamAppend } from '@afterwards/event-store';
import { createPostgresTestDatabase, type TestDatabase } from '@afterwards/persistence/testing';
import { createPrismaClient, PostgresSqlClient, runMigrations } from '@afterwards/persistence';
import { rebuildProjections, REBUILD_SCHEMA, saveCheckpoint } from '@afterwards/server-kit';
import { prng, TOOLS_ENTRY } from '@afterwards/testing';
import { migrations, projections } from '@afterwards/api/app-module';
import { startBenchApi } from './bench-api';

export interface RebuildBenchOptions {
  /** Events in the log, about: listings 70 %, memories 25 %, promotions 5 %. */
  readonly events: number;
  readonly seed: number;
  /** Keep the database (its URL is printed) to run `rebuild` again with `--database`. */
  readonly keep: boolean;
  readonly database?: string;
}

export const REBUILD_TARGET_SECONDS = 600;

const PLACES = [
  { location: 'Leeds', latitude: 53.8, longitude: -1.55 },
  { location: 'Belfast', latitude: 54.5968, longitude: -5.9254 },
  { location: 'Cardiff', latitude: 51.4816, longitude: -3.1791 },
  { location: 'Glasgow', latitude: 55.8642, longitude: -4.2518 },
  { location: 'Cork', latitude: 51.8985, longitude: -8.4756 },
  { location: 'Norwich', latitude: 52.6309, longitude: 1.2974 },
];
const CATEGORIES = ['Funeral Directors', 'Legal Services', 'Register Offices', 'Crematoriums', 'Financial Advisors', 'Support Services'] as const;

/** One clock for the whole log, a second apart per stream, so times are as varied as a real log's. */
let clock = Date.parse('2026-01-01T00:00:00Z');
const meta = (actor: string) => ({
  eventId: randomUUID(),
  occurredAt: new Date((clock += 1000)).toISOString(),
  actor,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  schemaVersion: 1,
});

/** A listing's life as staff and imports make it: submitted, approved, edited, some promoted, suspended or deleted. */
function listingStream(random: () => number, n: number): NewStreamAppend {
  const id = randomUUID();
  const place = PLACES[n % PLACES.length]!;
  const commands: ListingCommand[] = [
    {
      type: 'SubmitListing',
      listingId: id,
      details: {
        name: `Bench ${CATEGORIES[n % CATEGORIES.length]} ${n}`,
        category: CATEGORIES[n % CATEGORIES.length]!,
        ...place,
        phone: '0113 496 0000',
        description: 'A family firm serving the area for many years.',
        pricing: 'From £1,950',
      },
    },
    { type: 'ApproveListing', listingId: id },
  ];
  const edits = Math.floor(random() * 4);
  for (let e = 0; e < edits; e++) commands.push({ type: 'EditListing', listingId: id, changes: { description: `Edited ${e} of listing ${n}.` } });
  const fate = random();
  if (fate < 0.08) commands.push({ type: 'PromoteListing', listingId: id, position: 1 + (n % 5) });
  else if (fate < 0.12) commands.push({ type: 'SuspendListing', listingId: id, reason: 'Complaint under review' });
  else if (fate < 0.14) commands.push({ type: 'DeleteListing', listingId: id });
  const history: ListingEvent[] = [];
  const events: NewEvent[] = [];
  for (const command of commands) {
    for (const e of decideListing(command, foldListing(history))) {
      history.push(e);
      events.push({ ...e, metadata: meta('admin:bench') });
    }
  }
  return { streamId: listingStreamId(id), events };
}

/** A memory as a family keeps it: opened (its checklist), tasks ticked and a few undone, documents collected, notes. */
function memoryStream(random: () => number, n: number): NewStreamAppend {
  const caseId = randomUUID();
  const actorId = `bench-user-${n % 5000}`;
  let state: CaseState = initialCaseState;
  const events: NewEvent[] = [];
  const run = (command: Omit<CaseCommand, 'caseId' | 'actorId' | 'at'>) => {
    const full = { ...command, caseId, actorId, at: new Date(clock).toISOString() } as CaseCommand;
    for (const e of decideCase(full, state) as CaseEvent[]) {
      state = evolveCase(state, e);
      events.push({ ...e, metadata: meta(actorId) });
    }
  };
  run({ type: 'OpenCase', details: { name: `Memory ${n}`, deceasedName: `Person ${n}`, jurisdiction: 'England', dateOfDeath: '2025-11-01' }, ids: randomUUID } as never);
  const ticks = 5 + Math.floor(random() * 25);
  for (let t = 0; t < ticks && t < state.tasks.length; t++) {
    const task = state.tasks[Math.floor(random() * state.tasks.length)]!;
    run({ type: task.status === 'complete' ? 'ReopenTask' : 'CompleteTask', taskId: task.id } as never);
  }
  for (const d of state.documents.slice(0, Math.floor(random() * 4))) run({ type: 'CollectDocument', documentId: d.id } as never);
  for (let k = 0; k < Math.floor(random() * 3); k++) run({ type: 'AddNote', noteId: randomUUID(), title: `Note ${k}`, content: 'Rang the bank; they need the death certificate.' } as never);
  return { streamId: caseStreamId(caseId), events };
}

/** A paid promotion of an Active listing: created and started; some changed or cancelled. */
function promotionStream(random: () => number, listingId: string): NewStreamAppend {
  const promotionId = randomUUID();
  const history: PromotionEvent[] = [];
  const events: NewEvent[] = [];
  const today = '2026-06-01';
  const run = (command: Parameters<typeof decidePromotion>[0]) => {
    for (const e of decidePromotion(command, foldPromotion(history))) {
      history.push(e);
      events.push({ ...e, metadata: meta('admin:bench') });
    }
  };
  run({
    type: 'CreatePromotion',
    promotionId,
    listingId,
    listingStatus: 'Active',
    plan: 'monthly',
    terms: { price: 99, durationDays: 30 },
    startDate: today,
    position: 1,
    autoRenew: random() < 0.5,
    today,
    autoStart: true,
    maxDurationDays: 365,
  });
  if (random() < 0.3) run({ type: 'ChangePromotion', changes: { position: 2 }, terms: { price: 99, durationDays: 30 }, today, maxDurationDays: 365 });
  return { streamId: promotionStreamId(promotionId), events };
}

/** Writes about `events` events in the product's mix through the event store's batch append, in chunks. */
async function writeLog(sql: PostgresSqlClient, events: number, seed: number, log: (line: string) => void): Promise<number> {
  const store = new PostgresEventStore(sql);
  const random = prng(seed);
  let written = 0;
  let n = 0;
  const active: string[] = [];
  const started = performance.now();
  try {
    while (written < events) {
      const chunk: NewStreamAppend[] = [];
      let inChunk = 0;
      while (inChunk < 5_000 && written + inChunk < events) {
        const roll = random();
        const stream =
          roll < 0.03 && active.length > 0
            ? promotionStream(random, active[Math.floor(random() * active.length)]!)
            : roll < 0.06
              ? memoryStream(random, n)
              : listingStream(random, n);
        if (stream.streamId.startsWith('listing-') && stream.events.at(-1)!.type !== 'ListingDeleted') active.push(stream.streamId.slice('listing-'.length));
        if (active.length > 10_000) active.splice(0, 5_000);
        n++;
        chunk.push(stream);
        inChunk += stream.events.length;
      }
      const results = await store.appendNewStreams(chunk);
      const failed = results.find((r) => r instanceof Error);
      if (failed) throw failed;
      written += inChunk;
      if (written % 100_000 < inChunk) log(`  ${written.toLocaleString('en-GB')} events written, ${Math.round(written / ((performance.now() - started) / 1000))}/s`);
    }
  } finally {
    await store.close();
  }
  return written;
}

/** Above this, the live models are seeded from a first rebuild rather than by the API catching up. */
const LIVE_CATCH_UP_EVENTS = 100_000;

/**
 * The live read models as a first rebuild makes them, with no API running: replayed into the shadow schema
 * (kept), copied into the live tables (their triggers keep the counts), and every checkpoint at the log's end.
 */
async function seedLiveModels(sql: PostgresSqlClient): Promise<void> {
  const store = new PostgresEventStore(sql);
  const prisma = createPrismaClient(sql);
  try {
    let lastTold = 0;
    await rebuildProjections(store, prisma, projections, {
      keep: true,
      liveWaitMs: 0,
      onProgress(p) {
        if (p.elapsedMs - lastTold < 10_000) return;
        lastTold = p.elapsedMs;
        process.stderr.write(`  seeding: ${p.events.toLocaleString('en-GB')} events, ${Math.round(p.eventsPerSecond)}/s\n`);
      },
    });
    const { rows } = await sql.query<{ commit: string; prepare: string }>(`SELECT tx_id::text AS commit, seq::text AS prepare FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1`);
    const head = rows[0]!;
    await sql.transaction(async (tx) => {
      // Row triggers off while the rows are replaced (the status counts, the foreign keys' checks: a per-row
      // trigger on every deleted listing took minutes), the counts derived once after.
      await tx.exec('SET LOCAL session_replication_role = replica');
      for (const projection of projections) {
        for (const table of projection.tables ?? []) {
          if (table.compare === false || table.derived) continue;
          const where = table.where ? `WHERE ${table.where}` : '';
          await tx.exec(`DELETE FROM public.${table.name} ${where}`);
          // Generated columns (the listings' search text) are computed again, not copied.
          const { rows: columns } = await tx.query<{ name: string }>(
            `SELECT quote_ident(column_name) AS name FROM information_schema.columns
             WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
            [table.name],
          );
          const list = columns.map((c) => c.name).join(', ');
          await tx.exec(`INSERT INTO public.${table.name} (${list}) SELECT ${list} FROM ${REBUILD_SCHEMA}.${table.name} ${where}`);
        }
      }
    });
    // The live tables' derived counts from their new rows, as the rebuild derived them for its copy, and every
    // checkpoint at the log's end with them.
    const end = { commit: BigInt(head.commit), prepare: BigInt(head.prepare) };
    await prisma.$transaction(async (tx) => {
      for (const projection of projections) {
        if (projection.derive) await projection.derive(tx);
        await saveCheckpoint(tx, projection.name, end);
      }
    }, { timeout: 600_000 });
    await sql.exec(`DROP SCHEMA ${REBUILD_SCHEMA} CASCADE`);
  } finally {
    await store.close();
    await prisma.$disconnect();
  }
}

/** Waits until every live projection's checkpoint has reached the last event of its streams. */
async function liveCaughtUp(sql: PostgresSqlClient): Promise<void> {
  for (;;) {
    let behind = 0;
    for (const projection of projections) {
      const { rows } = await sql.query<{ behind: boolean }>(
        `SELECT coalesce((SELECT (e.tx_id::text::numeric, e.seq) > (coalesce(c."commit", -1), coalesce(c.prepare, -1))
           FROM events e LEFT JOIN projection_checkpoints c ON c.projection = $1
           WHERE e.stream_id LIKE ANY ($2) ORDER BY e.tx_id DESC, e.seq DESC LIMIT 1), false) AS behind`,
        [projection.name, projection.streamPrefixes.map((p) => `${p}%`)],
      );
      if (rows[0]!.behind) behind++;
    }
    if (behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/**
 * `bench rebuild`: a log of about `events` events in the product's mix (listings, memories, promotions) on a
 * fresh PostgreSQL database, projected live by the built API, then `tools rebuild` run as an operator runs
 * it while that API keeps running: its time, events/s and every model equal.
 */
export async function benchRebuild(options: RebuildBenchOptions): Promise<{ report: string; ok: boolean }> {
  const lines = [`rebuild bench on PostgreSQL, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the start`];
  const log = (line: string) => {
    lines.push(line);
    process.stderr.write(`${line}\n`);
  };
  let db: TestDatabase;
  if (options.database) {
    const sql = PostgresSqlClient.open(options.database, { max: 30 });
    db = { name: 'postgres', sql, url: options.database, dispose: () => sql.close() };
  } else db = await createPostgresTestDatabase({ max: 30 });
  let api: Awaited<ReturnType<typeof startBenchApi>> | undefined;
  let ok = true;
  try {
    if (!options.database) {
      // The schema first: the log goes in before the API (which would migrate) starts.
      await runMigrations(db.sql, migrations);
      const t0 = performance.now();
      const written = await writeLog(db.sql as PostgresSqlClient, options.events, options.seed, log);
      log(`  ${written.toLocaleString('en-GB')} events written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      await db.sql.exec('VACUUM ANALYZE events');
    }
    if (options.events <= LIVE_CATCH_UP_EVENTS) {
      // The API projects the log live; the rebuild is timed once it has caught up (it keeps running throughout).
      api = await startBenchApi({}, db);
      const t0 = performance.now();
      await liveCaughtUp(db.sql as PostgresSqlClient);
      log(`  the API's projections caught up in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    } else {
      // The API's projections, one transaction per 500 events and a round trip or more per event, would take
      // hours to catch up on a million here: the live models are seeded from a first rebuild instead.
      const t0 = performance.now();
      await seedLiveModels(db.sql as PostgresSqlClient);
      log(`  live models seeded from a first rebuild in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      api = await startBenchApi({}, db);
      await liveCaughtUp(db.sql as PostgresSqlClient);
    }
    const t1 = performance.now();
    const rebuild = spawn(process.execPath, ['--enable-source-maps', TOOLS_ENTRY, 'rebuild'], { env: api.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    rebuild.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    rebuild.stderr!.on('data', (c: Buffer) => process.stderr.write(c));
    const code = await new Promise<number>((resolve) => rebuild.once('exit', (c) => resolve(c ?? 1)));
    const seconds = (performance.now() - t1) / 1000;
    const { rows } = await db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM events');
    const events = Number(rows[0]!.n);
    lines.push(out.trimEnd().replace(/^/gm, '    '));
    lines.push(`  tools rebuild over ${events.toLocaleString('en-GB')} events beside the running API: ${seconds.toFixed(0)} s, ${Math.round(events / seconds).toLocaleString('en-GB')} events/s (target < ${REBUILD_TARGET_SECONDS} s), exit ${code}`);
    lines.push(`  load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end`);
    ok = code === 0 && seconds < REBUILD_TARGET_SECONDS;
    if (options.keep) lines.push(`  kept: --database ${db.url}`);
  } finally {
    await api?.stop();
    if (options.keep) await db.sql.close();
    else await db.dispose();
  }
  lines.push(ok ? 'PASS' : 'FAIL');
  return { report: lines.join('\n'), ok };
}
