import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { HISTORY_API, StreamStateSchema, type AdminListing, type GlobalLogResponse } from '@afterwards/contracts';
import { createPostgresTestDatabase } from '@afterwards/persistence/testing';
import { takeCheckpoints } from '@afterwards/server-kit';
import { prng, TOOLS_ENTRY } from '@afterwards/testing';
import { benchStaffSession, startBenchApi, timedJsonGet } from './bench-api';
import { ms, summarise } from './stats';

export interface HistoryBenchOptions {
  /** Events of the one listing stream opened at random versions. */
  readonly streamEvents: number;
  /** Events in the log the global log is filtered over (the stream's and the filler's). */
  readonly logEvents: number;
  /** Rows in the staff audit trail that `tools audit verify` walks. */
  readonly auditRows: number;
  readonly rounds: number;
  readonly seed: number;
}

/** The targets of the issue. */
export const STREAM_STATE_P99_TARGET_MS = 50;
export const GLOBAL_LOG_P99_TARGET_MS = 100;
export const AUDIT_VERIFY_TARGET_SECONDS = 30;

/** Rows per INSERT … SELECT: each chunk its own short transaction (a long one holds back every reader of the log). */
const CHUNK = 50_000;
const FILLER_TYPES = Array.from({ length: 12 }, (_, i) => `ReviewBenchEvent${String(i + 1).padStart(2, '0')}`);
const FILLER_STAFF = Array.from({ length: 6 }, (_, i) => `admin:00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);

/**
 * `bench history`, on a fresh PostgreSQL database through the built API (services profile):
 * 1. one listing of `streamEvents` events (created, then edited through the staff route), whose state is
 *    opened at random versions (`GET …/history/streams/:id/state?version=`), replayed on the server;
 * 2. the log filled to `logEvents` events (filler events in 10-event streams over a year, 6 staff actors
 *    and the system, 12 types; the projections skip their types), then the global log filtered by type,
 *    actor and a 7-day range, and a second page by cursor;
 * 3. the audit trail filled to `auditRows` rows (inserted with triggers off, then chained in id order by
 *    the chain's own SQL functions, as its migration did for existing rows), then `tools audit verify`
 *    timed end to end.
 */
export async function benchHistory(options: HistoryBenchOptions): Promise<{ report: string; ok: boolean }> {
  const db = await createPostgresTestDatabase({ max: 8 });
  // Signed checkpoints (decision 0038) with a key of this run; the API's own job takes one at start, the
  // bench takes another once the log is full, and both verify commands check the chains through them.
  const key = generateKeyPairSync('ed25519').privateKey;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-history-bench-'));
  const checkpointFile = path.join(scratch, 'checkpoints.jsonl');
  const api = await startBenchApi(
    { CHECKPOINT_SIGNING_KEY: key.export({ format: 'pem', type: 'pkcs8' }).toString(), CHECKPOINT_FILE: checkpointFile, CHECKPOINT_EVERY_MS: '86400000' },
    db,
  );
  const lines = [`history bench on PostgreSQL through the built API`];
  const random = prng(options.seed);
  let ok = true;
  try {
    const staff = await benchStaffSession(api, 'history');

    // 1. One listing with a long history, through the staff routes (each edit a ListingEdited event).
    let t0 = performance.now();
    const form = {
      name: 'Long History Funeral Care',
      category: 'Funeral Directors',
      location: 'Leeds',
      address: '1 Park Row, Leeds',
      phone: '0113 496 0000',
      email: 'care@long-history.example',
      website: 'https://long-history.example',
      description: 'A family firm with a long history.',
      pricing: 'From £1,950',
      serviceRadiusMiles: 20,
      servesSurroundingAreas: true,
    };
    const created = await staff.json<AdminListing>('/api/admin/listings', { method: 'POST', json: { ...form, status: 'Active' } });
    if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
    let listing = created.body;
    const streamId = `listing-${listing.id}`;
    while (listing.version + 1 < options.streamEvents) {
      const edited = await staff.json<AdminListing>(`/api/admin/listings/${listing.id}`, {
        method: 'PUT',
        json: { ...form, description: `${form.description} Edit ${listing.version + 1}.`, expectedVersion: listing.version },
      });
      if (edited.status !== 200) throw new Error(`edit failed: ${edited.status} ${JSON.stringify(edited.body)}`);
      listing = edited.body;
    }
    const streamLength = listing.version + 1;
    lines.push(`  one listing of ${streamLength} events written through the staff routes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // 2. Filler events up to logEvents, in chunks, chained by the log's own trigger.
    t0 = performance.now();
    const count = async (table: string) => Number((await db.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]!.n);
    let have = await count('events');
    const fillerStart = have;
    while (have < options.logEvents) {
      const n = Math.min(CHUNK, options.logEvents - have);
      await db.sql.query(
        `INSERT INTO events (stream_id, revision, type, data, metadata, recorded_at)
         SELECT 'bench-' || ((i + $1) / 10), (i + $1) % 10,
                ($2::text[])[1 + (i * 7 + $1) % array_length($2::text[], 1)],
                jsonb_build_object('n', i + $1),
                jsonb_build_object('actor', CASE WHEN (i + $1) % 7 = 0 THEN 'system:jobs' ELSE ($3::text[])[1 + (i + $1) % array_length($3::text[], 1)] END,
                                   'correlationId', md5((((i + $1) / 10))::text)),
                now() - interval '365 days' + ((i + $1)::float8 / $4) * interval '365 days'
         FROM generate_series(0, $5 - 1) AS i`,
        [have - fillerStart, FILLER_TYPES, FILLER_STAFF, options.logEvents, n],
      );
      have += n;
    }
    await db.sql.exec('VACUUM ANALYZE events');
    lines.push(`  log filled to ${have.toLocaleString('en-GB')} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // 3. Audit rows up to auditRows. The trigger chains one row per statement's row and updates the chain's
    // head each time, ~2,000 rows/s here: fine for a product writing one row a request, ten minutes for a
    // million. So, as the migration that introduced the chain did for existing rows, the rows go in with
    // triggers off and then join the chain in id order, by the same SQL functions.
    t0 = performance.now();
    let audit = await count('admin_audit_log');
    while (audit < options.auditRows) {
      const n = Math.min(CHUNK, options.auditRows - audit);
      await db.sql.transaction(async (tx) => {
        await tx.exec('SET LOCAL session_replication_role = replica');
        await tx.query(
          `INSERT INTO admin_audit_log (id, action, table_name, record_id, new_values, ip_address, user_agent)
           SELECT nextval(pg_get_serial_sequence('admin_audit_log', 'id')), 'listing_updated', 'listings', md5(i::text),
                  jsonb_build_object('description', 'Edit ' || i), '203.0.113.' || (i % 250), 'bench'
           FROM generate_series(1, $1::int) AS i`,
          [n],
        );
      });
      audit += n;
    }
    await db.sql.exec(`DO $$
      DECLARE
        r record;
        v_last_id bigint;
        v_last_hash text;
        h text;
        n int := 0;
      BEGIN
        PERFORM set_config('session_replication_role', 'replica', false);
        SELECT c.last_id, c.last_hash INTO v_last_id, v_last_hash FROM admin_audit_chain_head c;
        FOR r IN SELECT l.id, admin_audit_content(l) AS content FROM admin_audit_log l WHERE l.row_hash IS NULL ORDER BY l.id LOOP
          h := admin_audit_hash(v_last_hash, r.content);
          UPDATE admin_audit_log SET prev_hash = v_last_hash, row_hash = h WHERE id = r.id;
          v_last_hash := h;
          v_last_id := r.id;
          n := n + 1;
          IF n % ${CHUNK} = 0 THEN
            UPDATE admin_audit_chain_head SET last_id = v_last_id, last_hash = v_last_hash;
            COMMIT;
          END IF;
        END LOOP;
        UPDATE admin_audit_chain_head SET last_id = v_last_id, last_hash = v_last_hash;
        PERFORM set_config('session_replication_role', 'origin', false);
      END
    $$`);
    lines.push(`  audit trail filled to ${audit.toLocaleString('en-GB')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    await db.sql.exec('VACUUM ANALYZE admin_audit_log');

    const failures: string[] = [];
    const timed = timedJsonGet(staff, failures);

    // Warm up each kind once (first queries plan and fill caches).
    await timed(`${HISTORY_API}/streams/${streamId}/state?version=1`);
    await timed(`${HISTORY_API}/events?type=${FILLER_TYPES[0]}`);

    const state: number[] = [];
    for (let i = 0; i < options.rounds; i++) {
      const version = 1 + Math.floor(random() * streamLength);
      const r = await timed(`${HISTORY_API}/streams/${streamId}/state?version=${version}`);
      state.push(r.ms);
      if (r.body && StreamStateSchema.parse(r.body).version !== version) failures.push(`state at ${version} answered another version`);
    }

    const day = 86_400_000;
    const log: number[] = [];
    const byKind: number[][] = [[], [], [], []];
    const pages: number[] = [];
    let found = 0;
    for (let i = 0; i < options.rounds; i++) {
      const params = new URLSearchParams();
      const kind = i % 4;
      if (kind === 0 || kind === 3) params.set('type', FILLER_TYPES[Math.floor(random() * FILLER_TYPES.length)]!);
      if (kind === 1 || kind === 3) params.set('actor', FILLER_STAFF[Math.floor(random() * FILLER_STAFF.length)]!);
      if (kind === 2 || kind === 3) {
        const from = Date.now() - Math.floor(random() * 358 + 7) * day;
        params.set('from', new Date(from).toISOString());
        params.set('to', new Date(from + 7 * day).toISOString());
      }
      const first = await timed(`${HISTORY_API}/events?${params}`);
      log.push(first.ms);
      byKind[kind]!.push(first.ms);
      const body = first.body as GlobalLogResponse | null;
      found += body?.events.length ?? 0;
      if (body?.next) {
        params.set('before', body.next);
        pages.push((await timed(`${HISTORY_API}/events?${params}`)).ms);
      }
    }

    // A signed checkpoint of both full logs (every stream's head): both verify commands then check the
    // chains through it, the event log's in batches.
    t0 = performance.now();
    const taken = await takeCheckpoints(db.sql, { key, file: checkpointFile, events: true });
    const checkpointSeconds = (performance.now() - t0) / 1000;
    const heads = taken.reduce((sum, c) => sum + (c.log === 'events' ? c.heads.length : 0), 0);
    // tools audit verify, as an operator runs it, over every row.
    t0 = performance.now();
    const verify = spawnSync(process.execPath, [TOOLS_ENTRY, 'audit', 'verify'], { env: api.env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 300_000 });
    const verifySeconds = (performance.now() - t0) / 1000;
    const verifyLine = (verify.stdout || verify.stderr).trim().split('\n').at(-1) ?? '';
    if (verify.status !== 0) failures.push(`tools audit verify exited ${verify.status}: ${verifyLine}`);

    t0 = performance.now();
    const eventsVerify = spawnSync(process.execPath, [TOOLS_ENTRY, 'events', 'verify'], { env: api.env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 1_800_000 });
    const eventsVerifySeconds = (performance.now() - t0) / 1000;
    const eventsVerifyText = (eventsVerify.stdout || eventsVerify.stderr).trim();
    if (eventsVerify.status !== 0) failures.push(`tools events verify exited ${eventsVerify.status}: ${eventsVerifyText.slice(0, 400)}`);

    const s = { state: summarise(state), log: summarise(log), pages: summarise(pages) };
    const stateOk = s.state.p99 < STREAM_STATE_P99_TARGET_MS;
    const logOk = Math.max(s.log.p99, s.pages.p99 || 0) < GLOBAL_LOG_P99_TARGET_MS;
    const verifyOk = verify.status === 0 && verifySeconds < AUDIT_VERIFY_TARGET_SECONDS;
    ok = stateOk && logOk && verifyOk && failures.length === 0;
    lines.push(
      `  ${options.rounds} requests of each kind, one at a time:`,
      `    state at a random version of the ${streamLength}-event stream   p50 ${ms(s.state.p50).padStart(8)}, p99 ${ms(s.state.p99).padStart(8)}, max ${ms(s.state.max)} (target p99 < ${STREAM_STATE_P99_TARGET_MS} ms)`,
      `    global log, first page (type / actor / 7 days / all three) p50 ${ms(s.log.p50).padStart(8)}, p99 ${ms(s.log.p99).padStart(8)}, max ${ms(s.log.max)} (target p99 < ${GLOBAL_LOG_P99_TARGET_MS} ms); ${found.toLocaleString('en-GB')} events shown`,
      `      by filter: ${['type', 'actor', '7 days', 'all three'].map((k, i) => `${k} p99 ${ms(summarise(byKind[i]!).p99)}`).join(', ')}`,
      `    global log, next page by cursor (${s.pages.count})              p50 ${ms(s.pages.p50).padStart(8)}, p99 ${ms(s.pages.p99).padStart(8)}`,
      `  tools audit verify over ${audit.toLocaleString('en-GB')} rows: ${verifySeconds.toFixed(1)} s (target < ${AUDIT_VERIFY_TARGET_SECONDS} s): ${verifyLine}`,
      `  signed checkpoint of both logs (${heads.toLocaleString('en-GB')} stream heads): ${checkpointSeconds.toFixed(1)} s`,
      `  tools events verify over ${have.toLocaleString('en-GB')} events, through the checkpoints: ${eventsVerifySeconds.toFixed(1)} s, exit ${eventsVerify.status}:`,
      ...eventsVerifyText.split('\n').map((l) => `    ${l}`),
      `  failures: ${failures.length ? failures.slice(0, 5).join('; ') : 'none'}`,
      `  ${ok ? 'PASS' : 'FAIL'}`,
    );
    return { report: lines.join('\n'), ok };
  } finally {
    await api.stop();
    await db.dispose();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
