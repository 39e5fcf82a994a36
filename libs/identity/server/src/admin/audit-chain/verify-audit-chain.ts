import { createHash } from 'node:crypto';
import type { SqlClient } from '@afterwards/persistence';
import type { AuditChainVerification } from '@afterwards/contracts';

interface Row {
  id: string;
  prev_hash: string | null;
  row_hash: string | null;
  content: string;
}

/** A row recorded by a signed checkpoint (decision 0038): row `id` had `hash`. The caller checked the signature. */
export interface AuditChainAnchor {
  readonly id: string;
  readonly hash: string;
  /** How the report names the checkpoint, e.g. "checkpoint 12 of 2026-11-27T19:00:00.000Z". */
  readonly checkpoint: string;
}

const sha256 = (prev: string | null, content: string): string =>
  createHash('sha256').update((prev ?? '') + content, 'utf8').digest('hex');

/**
 * Walks `admin_audit_log` in id order and reports the first row that was changed (its content no longer
 * gives its hash), that does not follow the row before it (a row between was removed, or rows were
 * reordered), or rows missing from the end (the chain's head names a later row). The hashing is done
 * here, in Node, from the canonical text Postgres gives of each row. With `anchors` (rows recorded by signed
 * checkpoints), the chain must also pass through each of them: a chain recomputed with the database's own
 * functions, or rows removed from the end with the head moved back, are reported too.
 */
export async function verifyAuditChain(sql: SqlClient, options: { batchSize?: number; anchors?: readonly AuditChainAnchor[] } = {}): Promise<AuditChainVerification> {
  const batchSize = options.batchSize ?? 20_000;
  const checkedAt = new Date().toISOString();
  let rowsChecked = 0;
  let last: { id: string; hash: string | null } | null = null;
  // In id order; `pending` is the next anchor the walk has not reached yet.
  const anchors = [...(options.anchors ?? [])].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
  let pending = 0;
  const batchAfter = async (afterId: string | null): Promise<Row[]> =>
    (
      await sql.query<Row>(
        `SELECT l.id::text AS id, l.prev_hash, l.row_hash, admin_audit_content(l) AS content
         FROM admin_audit_log l ${afterId ? 'WHERE l.id > $2::bigint' : ''}
         ORDER BY l.id LIMIT $1::bigint`,
        afterId ? [batchSize, afterId] : [batchSize],
      )
    ).rows;
  // The database builds the next batch's content while this process hashes the current one.
  let next: Promise<Row[]> | null = batchAfter(null);
  while (next) {
    const rows: Row[] = await next;
    next = rows.length === batchSize ? batchAfter(rows[rows.length - 1]!.id) : null;
    // A break found in this batch returns before the next is read: its failure then matters to no one.
    next?.catch(() => undefined);
    for (const row of rows) {
      rowsChecked++;
      if (row.row_hash !== sha256(row.prev_hash, row.content)) {
        return { ok: false, rowsChecked, checkedAt, firstBadRowId: row.id, problem: 'changed', detail: `Row ${row.id} was changed after it was written.` };
      }
      if (row.prev_hash !== (last?.hash ?? null)) {
        return {
          ok: false,
          rowsChecked,
          checkedAt,
          firstBadRowId: row.id,
          problem: 'removed_or_reordered',
          detail: last
            ? `Row ${row.id} does not follow row ${last.id}: a row between them was removed, or rows were reordered.`
            : `Row ${row.id} is not the first row written: earlier rows were removed.`,
        };
      }
      // An anchor the walk stepped over names a row that is gone.
      if (pending < anchors.length && BigInt(anchors[pending]!.id) < BigInt(row.id)) {
        const a = anchors[pending]!;
        return { ok: false, rowsChecked, checkedAt, firstBadRowId: a.id, problem: 'removed_or_reordered', detail: `Row ${a.id}, recorded by ${a.checkpoint}, is missing.` };
      }
      while (pending < anchors.length && anchors[pending]!.id === row.id) {
        const a = anchors[pending++]!;
        if (a.hash !== row.row_hash) {
          return {
            ok: false,
            rowsChecked,
            checkedAt,
            firstBadRowId: row.id,
            problem: 'checkpoint_mismatch',
            detail: `Row ${row.id} does not have the hash ${a.checkpoint} signed: the chain was rewritten after that checkpoint.`,
          };
        }
      }
      last = { id: row.id, hash: row.row_hash };
    }
  }
  if (pending < anchors.length) {
    const latest = anchors[anchors.length - 1]!;
    return {
      ok: false,
      rowsChecked,
      checkedAt,
      firstBadRowId: latest.id,
      problem: 'truncated',
      detail: `Truncated: ${latest.checkpoint} recorded row ${latest.id}, but the log ends at ${last ? `row ${last.id}` : 'no row'}: rows were removed from the end.`,
    };
  }
  const { rows: heads } = await sql.query<{ last_id: string | null; last_hash: string | null }>(
    `SELECT last_id::text AS last_id, last_hash FROM admin_audit_chain_head`,
  );
  const head = heads[0];
  if (head && (head.last_id ?? null) !== (last?.id ?? null)) {
    return {
      ok: false,
      rowsChecked,
      checkedAt,
      firstBadRowId: head.last_id,
      problem: 'removed_or_reordered',
      detail: `The last row written was ${head.last_id}, but the log ends at ${last?.id ?? 'no row'}: rows were removed from the end.`,
    };
  }
  if (head && head.last_hash !== (last?.hash ?? null)) {
    return { ok: false, rowsChecked, checkedAt, firstBadRowId: last?.id ?? null, problem: 'changed', detail: `Row ${last?.id} does not match the chain's head.` };
  }
  return { ok: true, rowsChecked, checkedAt, firstBadRowId: null, problem: null, detail: `${rowsChecked} rows, unbroken.` };
}
