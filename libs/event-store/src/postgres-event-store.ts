import { PgErrorCode, pgErrorCode, statementName, type SqlClient } from '@afterwards/persistence';
import {
  START,
  StreamConflictError,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type EventHandler,
  type EventStore,
  type ExpectedState,
  type NewEvent,
  type NewStreamAppend,
  type NewStreamResult,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port';

/** NOTIFY channel every append signals on commit; subscriptions LISTEN on it. */
export const EVENTS_CHANNEL = 'afterwards_events';

const MAX_BIGINT = 9_223_372_036_854_775_807n;
const BLOCKED_WAIT_CAP_MS = 20;

export interface PostgresEventStoreOptions {
  /** Events per catch-up query. */
  readonly batchSize?: number;
  /** Fallback poll when no notification arrives (missed NOTIFY, listener reconnecting). */
  readonly pollIntervalMs?: number;
  /** Quick re-poll while committed events wait behind an older open transaction (which may never notify). */
  readonly blockedPollIntervalMs?: number;
  /**
   * Least time between two NOTIFYs this store sends (PostgreSQL): appends committed meanwhile are told by
   * the next one, so subscribers in other processes hear of them at most this much later.
   */
  readonly notifyIntervalMs?: number;
}

interface EventRow {
  commit: string;
  prepare: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date | string;
}

interface PageRow extends Partial<EventRow> {
  horizon: string;
  blocked: boolean;
}

/** One page of the global log, plus the horizon it was read under. */
export interface LogPage {
  readonly events: RecordedEvent[];
  /** Every transaction below it that could have written events had finished when the page was read. */
  readonly horizon: bigint;
  /** Committed events exist at or above the horizon, held back by an older open transaction. */
  readonly blocked: boolean;
}

export function maxPosition(a: Position, b: Position): Position {
  return comparePositions(a, b) >= 0 ? a : b;
}

/**
 * The statement that claims revisions on the streams row, or returns no row when the stream is not
 * in the expected state. Row locks make concurrent writers of one stream queue up and re-check.
 */
export function claimRevisionsSql(expected: ExpectedState, expectedParam = 4): { sql: string; usesExpectedRevision: boolean } {
  switch (expected) {
    case 'any':
      return {
        sql: `INSERT INTO streams (stream_id, revision) VALUES ($1, $2::bigint - 1)
              ON CONFLICT (stream_id) DO UPDATE SET revision = streams.revision + $2::bigint RETURNING revision`,
        usesExpectedRevision: false,
      };
    case 'no_stream':
      return {
        sql: `INSERT INTO streams (stream_id, revision) VALUES ($1, $2::bigint - 1)
              ON CONFLICT (stream_id) DO NOTHING RETURNING revision`,
        usesExpectedRevision: false,
      };
    case 'stream_exists':
      return {
        sql: `UPDATE streams SET revision = revision + $2::bigint WHERE stream_id = $1 RETURNING revision`,
        usesExpectedRevision: false,
      };
    default:
      if (typeof expected !== 'bigint' || expected < 0n) throw new RangeError(`Invalid expected state ${String(expected)}`);
      return {
        sql: `UPDATE streams SET revision = revision + $2::bigint
              WHERE stream_id = $1 AND revision = $${expectedParam}::bigint RETURNING revision`,
        usesExpectedRevision: true,
      };
  }
}

function serializeEvents(streamId: string, events: readonly NewEvent[]): string {
  try {
    return JSON.stringify(events.map((e) => ({ type: e.type, data: e.data ?? null, metadata: e.metadata })));
  } catch (error) {
    // Typically a bigint: events must be plain JSON so every adapter stores them alike.
    throw new TypeError(`Events for ${streamId} are not JSON-serialisable: ${(error as Error).message}`);
  }
}

function serializeJson(streamId: string, value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`Events for ${streamId} are not JSON-serialisable: ${(error as Error).message}`);
  }
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: toIso(row.recorded_at),
  };
}

/** Texts of the append statement and their prepared names, by variant: 16, each prepared once per connection. */
const appendTexts = new Map<string, { text: string; name: string }>();

/**
 * The append as one statement: claim the revisions on the streams row (no row back when the stream is
 * not in the expected state: a conflict), insert the events numbered from the claimed revisions, and
 * with `eraseEarlier` delete the events before them. The row trigger chains each event's hash. A single
 * event (the usual append) travels as plain parameters; several as one JSON array.
 */
export function appendStatement(
  streamId: string,
  events: readonly NewEvent[],
  expected: ExpectedState,
  eraseEarlier: boolean,
): { text: string; name: string; params: unknown[] } {
  const single = events.length === 1;
  const claim = claimRevisionsSql(expected, single ? 6 : 4);
  const key = `${single ? 1 : 'n'}:${typeof expected === 'bigint' ? 'rev' : expected}:${eraseEarlier}`;
  let statement = appendTexts.get(key);
  if (statement === undefined) {
    const rows = single
      ? `SELECT $1, claim.revision, $3, $4::jsonb, $5::jsonb, ${eraseEarlier} FROM claim`
      : `SELECT $1, claim.revision - $2::bigint + e.ord, e.value->>'type', e.value->'data', e.value->'metadata',
               ${eraseEarlier ? 'e.ord = 1' : 'false'}
        FROM claim, jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(value, ord)
        ORDER BY e.ord`;
    const text = `WITH claim AS (${claim.sql}),
      ins AS (
        INSERT INTO events (stream_id, revision, type, data, metadata, erased_earlier)
        ${rows}
        RETURNING tx_id, seq, revision
      )${
        // A sibling statement does not see the rows ins adds: only the earlier events go, and only if the claim held.
        // The events table refuses DELETE except on this erasure path: the setting (for this transaction only)
        // is made by an uncorrelated subquery, run once before the first row is removed.
        eraseEarlier
          ? `, erased AS (DELETE FROM events WHERE stream_id = $1 AND revision <= (SELECT claim.revision - $2::bigint FROM claim)
               AND (SELECT set_config('afterwards.erasure', 'on', true)) = 'on')`
          : ''
      }
      SELECT ins.tx_id::text AS commit, ins.seq::text AS prepare, ins.revision::text AS revision FROM ins`;
    statement = { text, name: statementName('es_append', text) };
    appendTexts.set(key, statement);
  }
  let params: unknown[];
  if (single) {
    const event = events[0]!;
    params = [streamId, '1', event.type, serializeJson(streamId, event.data ?? null), serializeJson(streamId, event.metadata)];
  } else {
    params = [streamId, String(events.length), serializeEvents(streamId, events)];
  }
  if (claim.usesExpectedRevision) params.push(String(expected));
  return { ...statement, params };
}

/**
 * The horizon of a read of the log, as CTEs ending in `horizon(xmin, blocked)`: transaction ids below
 * `xmin` can no longer write events this read would miss; `blocked`, committed events wait at or above
 * it. That is `pg_snapshot_xmin` of the read's snapshot, unless
 * events wait at or above it; then it is raised past the transactions the snapshot saw running that
 * belong to another database of the server (`pg_stat_activity`: a transaction writes in one database
 * only), which would otherwise hold this log back while, say, another product's long transaction runs.
 * It is raised past the transactions this process declared eventless (`eventless`, an SQL text[] of ids,
 * e.g. `$5::text[]`: a projection batch's, which writes read-model rows, never events) the same way;
 * `NULL::text[]` declares none.
 * A transaction that cannot be placed (no longer listed, a prepared one, no database) still holds it.
 * Transaction ids are matched on their low 32 bits (`backend_xid` is an `xid`): running ones are
 * never 2^31 apart.
 */
export const horizonCtes = (eventless: string): string => `snap AS MATERIALIZED (
         -- max() walks the (tx_id, seq) index backwards to one row; EXISTS (… tx_id >= xmin) scanned the whole table.
         SELECT pg_current_snapshot() AS s, (SELECT max(tx_id) FROM events) AS last_tx
       ),
       other_databases AS MATERIALIZED (
         SELECT a.backend_xid::text::bigint AS xid32 FROM pg_stat_activity a
         WHERE a.backend_xid IS NOT NULL AND a.datid IS NOT NULL AND a.datname <> current_database()
       ),
       horizon AS MATERIALIZED (
         SELECT h.xmin, coalesce(snap.last_tx >= h.xmin, false) AS blocked
         FROM snap, LATERAL (SELECT CASE
           WHEN snap.last_tx IS NULL OR snap.last_tx < pg_snapshot_xmin(snap.s) THEN pg_snapshot_xmin(snap.s)
           ELSE coalesce(
             (SELECT min(r.xid) FROM pg_snapshot_xip(snap.s) AS r(xid)
              WHERE NOT EXISTS (SELECT 1 FROM other_databases o WHERE o.xid32 = r.xid::text::bigint % 4294967296)
                AND NOT (r.xid = ANY (coalesce(${eventless}, '{}')::xid8[]))),
             pg_snapshot_xmax(snap.s))
         END AS xmin) h
       )`;

/** The horizon of a projection's page read: `$5` names the batch's eventless transactions. */
const HORIZON_CTES = horizonCtes('$5::text[]');

const EVENT_COLUMNS = `tx_id::text AS commit, seq::text AS prepare, stream_id, revision::text AS revision,
  type, data, metadata, recorded_at`;

/** The page read of the log, the hottest statement of a projection: prepared once per connection. */
const PAGE_READ = (() => {
  const text = `WITH ${HORIZON_CTES},
       h AS (SELECT xmin, blocked FROM horizon)
       SELECT h.xmin::text AS horizon, h.blocked, e.*
       FROM h LEFT JOIN LATERAL (
         SELECT ${EVENT_COLUMNS}, tx_id AS sort_tx, seq AS sort_seq
         FROM events
         WHERE tx_id < h.xmin AND (tx_id, seq) > ($1::xid8, $2::bigint)
           AND ($4::text[] IS NULL OR EXISTS (
             SELECT 1 FROM unnest($4::text[]) AS p(prefix) WHERE starts_with(events.stream_id, p.prefix)))
         ORDER BY tx_id, seq
         LIMIT $3::bigint
       ) e ON true
       ORDER BY e.sort_tx, e.sort_seq`;
  return { text, name: statementName('es_read_page', text) };
})();

/**
 * Event store over PostgreSQL or PGlite. Global position is (transaction id, sequence); the log is read
 * only below the snapshot xmin, so a transaction that commits late never lands behind a reader.
 * The SqlClient belongs to the caller: `close` stops subscriptions but leaves the client open.
 */
export class PostgresEventStore implements EventStore {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly blockedPollIntervalMs: number;
  private readonly subscriptions = new Set<PostgresSubscription>();
  private readonly notifyIntervalMs: number;
  /** A NOTIFY is scheduled or waiting for the one in flight, and has not been sent yet. */
  private notifyPending = false;
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  private lastNotifyAt = -Infinity;
  private closing = false;
  /** The NOTIFY in flight, awaited by close() so a short-lived writer (a tools command) still wakes others. */
  private notifyInFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly sql: SqlClient,
    options: PostgresEventStoreOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.blockedPollIntervalMs = options.blockedPollIntervalMs ?? 5;
    this.notifyIntervalMs = options.notifyIntervalMs ?? 5;
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedState, options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`append to ${streamId} needs at least one event`);
    const { text, name, params } = appendStatement(streamId, events, expected, options.eraseEarlier === true);
    let rows: Array<{ commit: string; prepare: string; revision: string }>;
    try {
      // One statement, so one short transaction and one round trip, prepared once per connection.
      ({ rows } = await this.sql.query<{ commit: string; prepare: string; revision: string }>(text, params, { name }));
    } catch (error) {
      if (pgErrorCode(error) === PgErrorCode.uniqueViolation) {
        throw new StreamConflictError(streamId, expected, await this.currentRevision(streamId));
      }
      throw error;
    }
    if (rows.length === 0) throw new StreamConflictError(streamId, expected, await this.currentRevision(streamId));
    this.signalAppended();
    let last = rows[0]!;
    for (const row of rows) if (BigInt(row.prepare) > BigInt(last.prepare)) last = row;
    return {
      nextRevision: BigInt(last.revision),
      position: { commit: BigInt(last.commit), prepare: BigInt(last.prepare) },
    };
  }

  /**
   * Many new streams in one statement, so one short transaction: the same claim as a `no_stream` append
   * (insert the streams row unless it exists, which also waits on a concurrent creator) for every stream
   * at once, then the claimed streams' events. Claims go in stream id order, so two bulk writers whose
   * lists overlap wait for each other instead of deadlocking. Each stream's events still form its own
   * hash chain (the row trigger), and the global order is the statement's insert order.
   */
  async appendNewStreams(streams: readonly NewStreamAppend[]): Promise<NewStreamResult[]> {
    const firstIndex = new Map<string, number>();
    const unique: NewStreamAppend[] = [];
    for (const [i, stream] of streams.entries()) {
      if (stream.events.length === 0) throw new RangeError(`append to ${stream.streamId} needs at least one event`);
      if (firstIndex.has(stream.streamId)) continue;
      firstIndex.set(stream.streamId, i);
      unique.push(stream);
    }
    if (unique.length === 0) return [];
    const payload = `[${unique.map((s) => `{"id":${JSON.stringify(s.streamId)},"events":${serializeEvents(s.streamId, s.events)}}`).join(',')}]`;
    const { rows } = await this.sql.query<{ stream_id: string; commit: string; prepare: string; revision: string }>(
      `WITH input AS (
         SELECT s.value->>'id' AS stream_id, s.value->'events' AS events, s.ord
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS s(value, ord)
       ),
       claim AS (
         INSERT INTO streams (stream_id, revision)
         SELECT stream_id, jsonb_array_length(events) - 1 FROM input ORDER BY stream_id
         ON CONFLICT (stream_id) DO NOTHING
         RETURNING stream_id
       ),
       ins AS (
         INSERT INTO events (stream_id, revision, type, data, metadata, erased_earlier)
         SELECT i.stream_id, e.ord - 1, e.value->>'type', e.value->'data', e.value->'metadata', false
         FROM input i JOIN claim c ON c.stream_id = i.stream_id
           CROSS JOIN LATERAL jsonb_array_elements(i.events) WITH ORDINALITY AS e(value, ord)
         ORDER BY i.ord, e.ord
         RETURNING tx_id, seq, stream_id, revision
       )
       SELECT stream_id, tx_id::text AS commit, seq::text AS prepare, revision::text AS revision FROM ins`,
      [payload],
    );
    const appended = new Map<string, AppendResult>();
    for (const row of rows) {
      const seen = appended.get(row.stream_id);
      if (seen && seen.position.prepare > BigInt(row.prepare)) continue;
      appended.set(row.stream_id, { nextRevision: BigInt(row.revision), position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } });
    }
    if (appended.size > 0) this.signalAppended();
    // Streams that already existed: what they hold now, read once for all of them.
    const existing = unique.filter((s) => !appended.has(s.streamId)).map((s) => s.streamId);
    const actual = new Map<string, bigint>();
    if (existing.length > 0) {
      const found = await this.sql.query<{ stream_id: string; revision: string }>(
        'SELECT stream_id, revision::text AS revision FROM streams WHERE stream_id = ANY($1::text[])',
        [existing],
      );
      for (const row of found.rows) actual.set(row.stream_id, BigInt(row.revision));
    }
    return streams.map((stream, i) => {
      const result = appended.get(stream.streamId);
      // A stream named again later in the list exists by then: refused, as a second no_stream append would be.
      if (result && firstIndex.get(stream.streamId) === i) return result;
      return new StreamConflictError(stream.streamId, 'no_stream', result?.nextRevision ?? actual.get(stream.streamId) ?? 'no_stream');
    });
  }

  /**
   * Wakes subscribers after a commit. Subscriptions in this process are woken directly; others through
   * NOTIFY, sent outside the append transaction: a NOTIFY inside the append would take PostgreSQL's
   * global notify lock at every commit and serialise all writers. One NOTIFY tells of every append
   * committed before it, so they are coalesced: at most one in flight, and at most one per
   * `notifyIntervalMs`. An append always has a NOTIFY sent after its commit (the one pending when it
   * signals, or one it schedules).
   */
  private signalAppended(): void {
    for (const subscription of this.subscriptions) subscription.nudge();
    if (this.sql.dialect === 'pglite') return; // one process per PGlite: nobody else to tell
    if (this.notifyPending) return;
    this.notifyPending = true;
    const wait = this.lastNotifyAt + this.notifyIntervalMs - performance.now();
    if (wait > 0 && !this.closing) {
      this.notifyTimer = setTimeout(() => this.sendNotify(), wait);
    } else {
      this.sendNotify();
    }
  }

  private sendNotify(): void {
    this.notifyTimer = undefined;
    // Appends that signal until this NOTIFY starts are told by it; later ones schedule the next.
    const previous = this.notifyInFlight;
    this.notifyInFlight = (async () => {
      // One in flight: the previous NOTIFY first (a NOTIFY sent later tells of everything before it).
      await previous;
      this.notifyPending = false;
      this.lastNotifyAt = performance.now();
      try {
        await this.sql.query(`SELECT pg_notify($1, '')`, [EVENTS_CHANNEL], { name: 'es_notify' });
      } catch {
        // Subscribers fall back to polling; a failed NOTIFY loses nothing.
      }
    })();
  }

  private async currentRevision(streamId: string): Promise<bigint | 'no_stream'> {
    const { rows } = await this.sql.query<{ revision: string }>(
      'SELECT revision::text AS revision FROM streams WHERE stream_id = $1',
      [streamId],
    );
    return rows[0] ? BigInt(rows[0].revision) : 'no_stream';
  }

  async existingStreams(streamIds: readonly string[]): Promise<Set<string>> {
    if (streamIds.length === 0) return new Set();
    // The streams row is what a no_stream append claims: it exists exactly when that append is refused.
    const { rows } = await this.sql.query<{ stream_id: string }>('SELECT stream_id FROM streams WHERE stream_id = ANY($1::text[])', [[...new Set(streamIds)]]);
    return new Set(rows.map((r) => r.stream_id));
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.sql.query<EventRow>(
      // events.revision, not the text column of the same name in the select list: 10 sorts before 2 as text.
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2::bigint ORDER BY events.revision LIMIT $3::bigint`,
      [streamId, String(options.fromRevision ?? 0n), options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  /** Open transactions of this process that write no events, with how many declared each. */
  private readonly eventless = new Map<bigint, number>();

  readPast(transactionId: bigint): () => void {
    this.eventless.set(transactionId, (this.eventless.get(transactionId) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.eventless.get(transactionId) ?? 1) - 1;
      if (left > 0) this.eventless.set(transactionId, left);
      else this.eventless.delete(transactionId);
    };
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return (await this.readPage(options.after ?? START, options.maxCount)).events;
  }

  /** Events after `after` (exclusive) in global order, only from transactions that can no longer change. */
  async readPage(after: Position, limit?: number, streamPrefixes?: readonly string[]): Promise<LogPage> {
    const { rows } = await this.sql.query<PageRow>(
      PAGE_READ.text,
      [
        String(after.commit),
        String(after.prepare),
        limit ?? null,
        streamPrefixes ? [...streamPrefixes] : null,
        this.eventless.size > 0 ? [...this.eventless.keys()].map(String) : null,
      ],
      { name: PAGE_READ.name },
    );
    const first = rows[0];
    if (!first) throw new Error('Event log horizon query returned no row');
    return {
      horizon: BigInt(first.horizon),
      blocked: first.blocked,
      events: rows.filter((r): r is PageRow & EventRow => r.commit != null).map(toRecorded),
    };
  }

  subscribeToAll(handler: EventHandler, options: SubscribeOptions = {}): Subscription {
    const subscription = new PostgresSubscription(this.sql, this, handler, options, {
      batchSize: this.batchSize,
      pollIntervalMs: this.pollIntervalMs,
      blockedPollIntervalMs: this.blockedPollIntervalMs,
    });
    this.subscriptions.add(subscription);
    void subscription.done.then(
      () => this.subscriptions.delete(subscription),
      () => this.subscriptions.delete(subscription),
    );
    return subscription;
  }

  async deleteStream(streamId: string): Promise<void> {
    await this.sql.transaction(async (tx) => {
      // Streams row first: its lock makes a concurrent append wait, then fail its expected-state check.
      await tx.query('DELETE FROM streams WHERE stream_id = $1', [streamId]);
      // An erasure: the events table refuses DELETE unless this transaction says so.
      await tx.query(`SELECT set_config('afterwards.erasure', 'on', true)`);
      await tx.query('DELETE FROM events WHERE stream_id = $1', [streamId]);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    // A NOTIFY still waiting for its interval goes now.
    if (this.notifyTimer !== undefined) {
      clearTimeout(this.notifyTimer);
      this.sendNotify();
    }
    await this.notifyInFlight;
  }
}

class PostgresSubscription implements Subscription {
  readonly done: Promise<void>;
  private stopped = false;
  private notified = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly sql: SqlClient,
    private readonly store: PostgresEventStore,
    private readonly handler: EventHandler,
    private readonly options: SubscribeOptions,
    private readonly tuning: { batchSize: number; pollIntervalMs: number; blockedPollIntervalMs: number },
  ) {
    this.done = this.run();
  }

  /** New events were committed in this process. */
  nudge(): void {
    this.notified = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.done.catch(() => undefined);
  }

  private async run(): Promise<void> {
    // Let the constructor return before any handler runs.
    await Promise.resolve();
    let unlisten: (() => Promise<void>) | undefined;
    try {
      // Listen before the first read, so a commit between the read and the wait still wakes us.
      unlisten = await this.sql.listen(EVENTS_CHANNEL, () => {
        this.notified = true;
        this.wake?.();
      });
      const { batchSize, pollIntervalMs } = this.tuning;
      let cursor = this.options.after ?? START;
      let blockedWait = this.tuning.blockedPollIntervalMs;
      while (!this.stopped) {
        this.notified = false;
        const page = await this.store.readPage(cursor, batchSize, this.options.streamPrefixes);
        for (const event of page.events) {
          if (this.stopped) return;
          await this.handler(event);
          cursor = event.position;
        }
        if (page.events.length === batchSize) continue;
        // Everything below the horizon has been read; don't rescan filtered-out rows next time.
        cursor = maxPosition(cursor, { commit: page.horizon - 1n, prepare: MAX_BIGINT });
        if (!page.blocked || page.events.length > 0) blockedWait = this.tuning.blockedPollIntervalMs;
        if (this.notified || this.stopped) continue;
        if (page.blocked) {
          // Back off a little, so a long transaction holding the horizon is not a busy loop; but stay
          // quick, because the short transactions that usually hold it (other appends, a projection's
          // own commit) end within milliseconds and do not notify.
          await this.sleep(Math.min(blockedWait, BLOCKED_WAIT_CAP_MS, pollIntervalMs));
          blockedWait *= 2;
        } else {
          await this.sleep(pollIntervalMs);
        }
      }
    } finally {
      this.stopped = true;
      await unlisten?.().catch(() => undefined);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
