import { createHash } from 'node:crypto';
import type { SqlClient } from '@afterwards/persistence';
import { horizonCtes } from './postgres-event-sql';

/** Where the Postgres event log stops being what was appended. */
export interface EventLogBreak {
  readonly streamId: string;
  readonly revision: string | null;
  readonly seq: string | null;
  readonly kind:
    | 'changed'
    | 'chain_broken'
    | 'missing_events'
    | 'position_out_of_order'
    | 'stream_head_mismatch'
    /** A signed checkpoint's hash for this revision is not the stored one: the chain was rewritten. */
    | 'checkpoint_mismatch'
    /** The stream ends before a revision a signed checkpoint recorded: events were removed from its end. */
    | 'truncated'
    /** A stream a signed checkpoint recorded has no event left, not even an erasure's tombstone. */
    | 'stream_removed';
  readonly detail: string;
}

/**
 * A stream head recorded by a signed checkpoint (decision 0038): the event at `revision` had `hash`. The
 * signature was checked by the caller; here the log must still pass through it.
 */
export interface EventLogAnchor {
  readonly streamId: string;
  readonly revision: bigint;
  readonly hash: string;
  /** How the report names the checkpoint, e.g. "checkpoint 12 of 2026-11-27T19:00:00.000Z". */
  readonly checkpoint: string;
}

/** The heads of the streams that moved after `after` (a global position), for the next checkpoint. */
export interface EventLogHeads {
  /** The global position the checkpoint reached: the newest of `heads`, or `after` when none moved. */
  readonly position: { tx: string; seq: string };
  readonly heads: { streamId: string; revision: string; hash: string }[];
}

/**
 * Each stream's last event after `after`, up to the same horizon the subscriptions read to (no transaction
 * below it can still write an event), so an event that commits late is never behind a position a
 * checkpoint already passed: it is in the next one.
 */
export async function eventLogHeadsSince(sql: SqlClient, after: { tx: string; seq: string }): Promise<EventLogHeads> {
  const { rows } = await sql.query<{ stream_id: string; revision: string; hash: string; tx_id: string; seq: string }>(
    `WITH ${horizonCtes('NULL::text[]')}
     SELECT DISTINCT ON (e.stream_id) e.stream_id, e.revision::text AS revision, e.hash, e.tx_id::text AS tx_id, e.seq::text AS seq
     FROM horizon h JOIN events e ON e.tx_id < h.xmin
     WHERE (e.tx_id, e.seq) > ($1::xid8, $2::bigint)
     ORDER BY e.stream_id, e.revision DESC`,
    [after.tx, after.seq],
  );
  let position = after;
  for (const r of rows) {
    const p = { tx: BigInt(r.tx_id), seq: BigInt(r.seq) };
    if (after_(p, { tx: BigInt(position.tx), seq: BigInt(position.seq) })) position = { tx: r.tx_id, seq: r.seq };
  }
  return { position, heads: rows.map((r) => ({ streamId: r.stream_id, revision: r.revision, hash: r.hash })) };
}

export interface EventLogVerification {
  readonly ok: boolean;
  readonly events: number;
  readonly streams: number;
  /** Streams whose earlier events were erased on purpose (Delete Forever), each left with its tombstone. */
  readonly erasures: number;
  /**
   * Streams erased after the last checkpoint that recorded them: checkpoints recorded events now behind a
   * tombstone that no checkpoint has recorded yet. A Delete Forever since then, or a forged erasure; the
   * next checkpoint anchors the tombstone. Not a break (at most `maxBreaks` named).
   */
  readonly unanchoredErasures: string[];
  /** The first breaks found, in stream order (at most `maxBreaks`). */
  readonly breaks: EventLogBreak[];
}

interface Row {
  seq: string;
  tx_id: string;
  stream_id: string;
  revision: string;
  erased_earlier: boolean;
  prev_hash: string | null;
  hash: string | null;
  content: string;
}

const sha256 = (prev: string | null, content: string): string =>
  createHash('sha256').update((prev ?? '') + content, 'utf8').digest('hex');

const after_ = (a: { tx: bigint; seq: bigint }, b: { tx: bigint; seq: bigint }): boolean => a.tx > b.tx || (a.tx === b.tx && a.seq > b.seq);

/**
 * Checks the whole log (Postgres event store only): each stream's revisions are contiguous from 0 (or
 * from an erasure's tombstone), its global positions strictly increase with its revisions, each event's
 * hash matches its content and the hash before it, and each stream's head row names its last event.
 * The hashing is done here, in Node, from the stored content; Postgres only supplies the canonical text.
 * With `anchors` (stream heads from signed checkpoints), each stream must also still pass through each of
 * its anchors: a chain recomputed with the database's own functions, events removed from a stream's end
 * or a whole stream removed after a checkpoint are reported, which the chain alone cannot show.
 */
export async function verifyEventLog(
  sql: SqlClient,
  options: { batchSize?: number; maxBreaks?: number; anchors?: readonly EventLogAnchor[] } = {},
): Promise<EventLogVerification> {
  const batchSize = options.batchSize ?? 5_000;
  const maxBreaks = options.maxBreaks ?? 20;
  const breaks: EventLogBreak[] = [];
  const report = (b: EventLogBreak) => {
    if (breaks.length < maxBreaks) breaks.push(b);
  };
  let events = 0;
  let streams = 0;
  let erasures = 0;
  const unanchoredErasures: string[] = [];
  // The current stream's first event (a tombstone when erased) and whether an anchor matched at or after it.
  let first: { revision: bigint; erased: boolean } = { revision: 0n, erased: false };
  let anchoredSinceFirst = false;
  let cursor: { stream: string; revision: string } | null = null;
  let current: { stream: string; revision: bigint; hash: string | null; tx: bigint; seq: bigint } | null = null;
  // Anchors by stream; each stream's are consumed as its rows go by, so what is left at the end names
  // streams that are gone. Memory grows with the number of anchors, not of events.
  const anchors = new Map<string, Map<bigint, EventLogAnchor>>();
  for (const a of options.anchors ?? []) {
    let byRevision = anchors.get(a.streamId);
    if (!byRevision) anchors.set(a.streamId, (byRevision = new Map()));
    byRevision.set(a.revision, a);
  }
  /** At a stream's end: an anchor beyond its last event shows events cut off its end. */
  const closeStream = (stream: string, lastRevision: bigint) => {
    const left = anchors.get(stream);
    if (!left) return;
    anchors.delete(stream);
    const beyond = [...left.values()].filter((a) => a.revision > lastRevision).sort((a, b) => (a.revision < b.revision ? 1 : -1))[0];
    if (beyond) {
      report({
        streamId: stream,
        revision: String(lastRevision),
        seq: null,
        kind: 'truncated',
        detail: `the stream ends at revision ${lastRevision}, but ${beyond.checkpoint} recorded revision ${beyond.revision}: events were removed from its end`,
      });
    }
    // Anchors left below the last event were erased behind a tombstone (expected), or their events are
    // missing, which the revision check already reports.
    if (first.erased && !anchoredSinceFirst && [...left.values()].some((a) => a.revision < first.revision) && unanchoredErasures.length < maxBreaks) {
      unanchoredErasures.push(stream);
    }
  };
  for (;;) {
    const result: { rows: Row[] } = await sql.query<Row>(
      `SELECT e.seq::text AS seq, e.tx_id::text AS tx_id, e.stream_id, e.revision::text AS revision, e.erased_earlier,
              e.prev_hash, e.hash, event_content(e) AS content
       FROM events e
       ${cursor ? 'WHERE (e.stream_id, e.revision) > ($2::text, $3::bigint)' : ''}
       ORDER BY e.stream_id, e.revision
       LIMIT $1::bigint`,
      cursor ? [batchSize, cursor.stream, cursor.revision] : [batchSize],
    );
    const rows = result.rows;
    for (const row of rows) {
      events++;
      const revision = BigInt(row.revision);
      const position = { tx: BigInt(row.tx_id), seq: BigInt(row.seq) };
      const where = { streamId: row.stream_id, revision: row.revision, seq: row.seq };
      if (current === null || current.stream !== row.stream_id) {
        if (current) closeStream(current.stream, current.revision);
        first = { revision, erased: row.erased_earlier };
        anchoredSinceFirst = false;
        streams++;
        if (row.erased_earlier) erasures++;
        else if (revision !== 0n) {
          report({ ...where, kind: 'missing_events', detail: `the stream starts at revision ${revision} with no erasure tombstone` });
        }
      } else {
        if (revision !== current.revision + 1n) {
          report({ ...where, kind: 'missing_events', detail: `revisions ${current.revision + 1n} to ${revision - 1n} are missing` });
        } else if (row.prev_hash !== current.hash) {
          report({ ...where, kind: 'chain_broken', detail: `its previous hash is not the hash of revision ${current.revision}` });
        }
        if (!after_(position, current)) {
          report({ ...where, kind: 'position_out_of_order', detail: `its global position ${row.tx_id}/${row.seq} is not after revision ${current.revision}'s ${current.tx}/${current.seq}` });
        }
      }
      if (row.hash !== sha256(row.prev_hash, row.content)) {
        report({ ...where, kind: 'changed', detail: 'its content does not match its hash' });
      }
      const anchor: EventLogAnchor | undefined = anchors.get(row.stream_id)?.get(revision);
      if (anchor) {
        anchors.get(row.stream_id)!.delete(revision);
        anchoredSinceFirst = true;
        if (anchor.hash !== row.hash) {
          report({
            ...where,
            kind: 'checkpoint_mismatch',
            detail: `its hash is not the one ${anchor.checkpoint} signed: the stream's chain was rewritten after that checkpoint`,
          });
        }
      }
      current = { stream: row.stream_id, revision, hash: row.hash, ...position };
    }
    if (rows.length < batchSize) {
      if (current) closeStream(current.stream, current.revision);
      break;
    }
    const last: Row = rows[rows.length - 1]!;
    cursor = { stream: last.stream_id, revision: last.revision };
  }
  // A stream's head row holds its last revision: events removed from a stream's end show here.
  const { rows: heads } = await sql.query<{ stream_id: string; revision: string; last: string | null }>(
    `SELECT s.stream_id, s.revision::text AS revision, l.last::text AS last
     FROM streams s LEFT JOIN LATERAL (SELECT max(e.revision) AS last FROM events e WHERE e.stream_id = s.stream_id) l ON true
     WHERE l.last IS DISTINCT FROM s.revision
     ORDER BY s.stream_id LIMIT $1::bigint`,
    [maxBreaks],
  );
  // Streams a checkpoint recorded that have no event left: an erasure always leaves its tombstone.
  for (const [stream, left] of [...anchors].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const latest = [...left.values()].sort((a, b) => (a.revision < b.revision ? 1 : -1))[0]!;
    report({
      streamId: stream,
      revision: null,
      seq: null,
      kind: 'stream_removed',
      detail: `${latest.checkpoint} recorded it at revision ${latest.revision}, but no event of it is left (not even an erasure's tombstone): the stream was removed`,
    });
  }
  for (const h of heads) {
    report({
      streamId: h.stream_id,
      revision: h.last,
      seq: null,
      kind: 'stream_head_mismatch',
      detail: `the stream's head says revision ${h.revision} but its last event is ${h.last ?? 'missing'}`,
    });
  }
  return { ok: breaks.length === 0, events, streams, erasures, unanchoredErasures, breaks };
}
