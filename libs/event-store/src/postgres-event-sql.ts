// The SQL of the PostgreSQL event store: the append statement and its revision claim, the horizon of a read
// of the log and the page read, and the rows they return as recorded events.
import { statementName } from '@afterwards/persistence';
import { comparePositions, type ExpectedState, type NewEvent, type Position, type RecordedEvent } from './port';

/** NOTIFY channel every append signals on commit; subscriptions LISTEN on it. */
export const EVENTS_CHANNEL = 'afterwards_events';

/** The largest bigint: as a sequence, it puts a cursor past every event of its transaction. */
export const MAX_BIGINT = 9_223_372_036_854_775_807n;

export interface EventRow {
  commit: string;
  prepare: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date | string;
}

export interface PageRow extends Partial<EventRow> {
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

export function serializeEvents(streamId: string, events: readonly NewEvent[]): string {
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

export function toRecorded(row: EventRow): RecordedEvent {
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

export const EVENT_COLUMNS = `tx_id::text AS commit, seq::text AS prepare, stream_id, revision::text AS revision,
  type, data, metadata, recorded_at`;

/** The page read of the log, the hottest statement of a projection: prepared once per connection. */
export const PAGE_READ = (() => {
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

