import { PgErrorCode, pgErrorCode, type SqlClient } from '@afterwards/persistence';
import {
  START,
  StreamConflictError,
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
import { EVENT_COLUMNS, EVENTS_CHANNEL, PAGE_READ, appendStatement, serializeEvents, toRecorded, type EventRow, type LogPage, type PageRow } from './postgres-event-sql';
import { OpenSubscriptions } from './open-subscriptions';
import { PostgresSubscription } from './postgres-subscription';

export { EVENTS_CHANNEL, type LogPage };

export interface PostgresEventStoreOptions {
  /** Events per catch-up query. */
  readonly batchSize?: number;
  /**
   * Fallback poll when no notification arrives: for events whose writer stopped between its commit and its
   * NOTIFY. Every subscription polls on its own, so a short one costs the database a query per projection
   * many times a second, busy or idle.
   */
  readonly pollIntervalMs?: number;
  /** Quick re-poll while committed events wait behind an older open transaction (which may never notify). */
  readonly blockedPollIntervalMs?: number;
  /**
   * Least time between two NOTIFYs this store sends (PostgreSQL): appends committed meanwhile are told by
   * the next one, so subscribers in other processes hear of them at most this much later.
   */
  readonly notifyIntervalMs?: number;
}

/**
 * Event store over PostgreSQL or PGlite. Global position is (transaction id, sequence); the log is read
 * only below the snapshot xmin, so a transaction that commits late never lands behind a reader.
 * The SqlClient belongs to the caller: `close` stops subscriptions but leaves the client open.
 */
export class PostgresEventStore implements EventStore {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly blockedPollIntervalMs: number;
  private readonly subscriptions = new OpenSubscriptions<PostgresSubscription>();
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
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
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
        // A failed NOTIFY loses nothing: PostgreSQL was out of reach, so listeners that lost it read the log
        // when they listen again, and the slow poll covers the rest.
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
    return this.subscriptions.track(subscription);
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
    await this.subscriptions.stopAll();
    // A NOTIFY still waiting for its interval goes now.
    if (this.notifyTimer !== undefined) {
      clearTimeout(this.notifyTimer);
      this.sendNotify();
    }
    await this.notifyInFlight;
  }
}
