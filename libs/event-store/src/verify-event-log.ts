import { createHash } from 'node:crypto';
import type { SqlClient } from '@afterwards/persistence';

/** Where the Postgres event log stops being what was appended. */
export interface EventLogBreak {
  readonly streamId: string;
  readonly revision: string | null;
  readonly seq: string | null;
  readonly kind: 'changed' | 'chain_broken' | 'missing_events' | 'position_out_of_order' | 'stream_head_mismatch';
  readonly detail: string;
}

export interface EventLogVerification {
  readonly ok: boolean;
  readonly events: number;
  readonly streams: number;
  /** Streams whose earlier events were erased on purpose (Delete Forever), each left with its tombstone. */
  readonly erasures: number;
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

const after = (a: { tx: bigint; seq: bigint }, b: { tx: bigint; seq: bigint }): boolean => a.tx > b.tx || (a.tx === b.tx && a.seq > b.seq);

/**
 * Checks the whole log (Postgres event store only): each stream's revisions are contiguous from 0 (or
 * from an erasure's tombstone), its global positions strictly increase with its revisions, each event's
 * hash matches its content and the hash before it, and each stream's head row names its last event.
 * The hashing is done here, in Node, from the stored content; Postgres only supplies the canonical text.
 */
export async function verifyEventLog(sql: SqlClient, options: { batchSize?: number; maxBreaks?: number } = {}): Promise<EventLogVerification> {
  const batchSize = options.batchSize ?? 5_000;
  const maxBreaks = options.maxBreaks ?? 20;
  const breaks: EventLogBreak[] = [];
  const report = (b: EventLogBreak) => {
    if (breaks.length < maxBreaks) breaks.push(b);
  };
  let events = 0;
  let streams = 0;
  let erasures = 0;
  let cursor: { stream: string; revision: string } | null = null;
  let current: { stream: string; revision: bigint; hash: string | null; tx: bigint; seq: bigint } | null = null;
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
        if (!after(position, current)) {
          report({ ...where, kind: 'position_out_of_order', detail: `its global position ${row.tx_id}/${row.seq} is not after revision ${current.revision}'s ${current.tx}/${current.seq}` });
        }
      }
      if (row.hash !== sha256(row.prev_hash, row.content)) {
        report({ ...where, kind: 'changed', detail: 'its content does not match its hash' });
      }
      current = { stream: row.stream_id, revision, hash: row.hash, ...position };
    }
    if (rows.length < batchSize) break;
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
  for (const h of heads) {
    report({
      streamId: h.stream_id,
      revision: h.last,
      seq: null,
      kind: 'stream_head_mismatch',
      detail: `the stream's head says revision ${h.revision} but its last event is ${h.last ?? 'missing'}`,
    });
  }
  return { ok: breaks.length === 0, events, streams, erasures, breaks };
}
