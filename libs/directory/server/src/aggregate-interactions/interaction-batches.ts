import type { JobDefinition } from '@afterwards/jobs';
import type { SqlClient } from '@afterwards/persistence';
import { SQL_CLIENT, type JobProcessor } from '@afterwards/server-kit';

export interface InteractionBatchResult {
  /** Interaction rows read in this batch. */
  readonly events: number;
  /** Rows the fold wrote (counters, figures). */
  readonly folded: number;
}

/**
 * One batch of recorded interactions folded by one aggregator, in one transaction with its checkpoint
 * (its row of `listing_interaction_checkpoints`), so a crash or a second worker never counts a row twice.
 * Rows are read in (tx_id, id) order and only from transactions that have finished (older than the
 * snapshot's xmin), so an INSERT that commits late is picked up by a later batch instead of being skipped.
 *
 * `fold` is SQL for further common table expressions over `batch` (id, tx_id, listing_id, action,
 * created_at); it must define `folded`, returning one row per row it wrote.
 */
export async function foldInteractionBatch(sql: SqlClient, checkpoint: string, fold: string, limit: number): Promise<InteractionBatchResult> {
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ last_tx: string; last_id: string }>(
      `SELECT last_tx::text AS last_tx, last_id::text AS last_id FROM listing_interaction_checkpoints WHERE name = $1 FOR UPDATE`,
      [checkpoint],
    );
    const at = rows[0];
    if (!at) throw new Error(`listing_interaction_checkpoints has no '${checkpoint}' row`);
    const { rows: done } = await tx.query<{ last_tx: string | null; last_id: string | null; events: string; folded: string }>(
      `WITH batch AS (
         SELECT id, tx_id, listing_id, action, created_at FROM listing_interactions
         WHERE (tx_id, id) > ($1::xid8, $2::bigint) AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY tx_id, id
         LIMIT $3
       ), ${fold}, last AS (
         SELECT tx_id, id FROM batch ORDER BY tx_id DESC, id DESC LIMIT 1
       )
       SELECT (SELECT tx_id::text FROM last) AS last_tx, (SELECT id::text FROM last) AS last_id,
              (SELECT count(*) FROM batch)::text AS events, (SELECT count(*) FROM folded)::text AS folded`,
      [at.last_tx, at.last_id, limit],
    );
    const result = done[0]!;
    if (result.last_tx !== null && result.last_id !== null) {
      await tx.query(`UPDATE listing_interaction_checkpoints SET last_tx = $1::xid8, last_id = $2::bigint, updated_at = now() WHERE name = $3`, [
        result.last_tx,
        result.last_id,
        checkpoint,
      ]);
    }
    return { events: Number(result.events), folded: Number(result.folded) };
  });
}

/**
 * The `folded` expression of a fold that adds counts to running totals: each row of `source` (its `keys` and
 * `counts` columns) is inserted into `table`, or added to the row already there with those keys; with
 * `stamped`, `updated_at` says when.
 */
export function addedToTotals(source: string, table: string, keys: readonly string[], counts: readonly string[], stamped: boolean): string {
  const columns = [...keys, ...counts];
  const sums = [...counts.map((c) => `${c} = t.${c} + excluded.${c}`), ...(stamped ? ['updated_at = excluded.updated_at'] : [])];
  return `folded AS (
    INSERT INTO ${table} AS t (${[...columns, ...(stamped ? ['updated_at'] : [])].join(', ')})
    SELECT ${[...columns, ...(stamped ? ['now()'] : [])].join(', ')} FROM ${source}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sums.join(', ')}
    RETURNING 1
  )`;
}

/** Runs batches until every finished row is folded. */
export async function foldAllInteractions(sql: SqlClient, checkpoint: string, fold: string, limit: number): Promise<InteractionBatchResult> {
  let events = 0;
  let folded = 0;
  for (;;) {
    const r = await foldInteractionBatch(sql, checkpoint, fold, limit);
    events += r.events;
    folded += r.folded;
    if (r.events < limit) return { events, folded };
  }
}

/**
 * The scheduled job of one aggregator (the listing counters, promotion figures, coverage weeks): every
 * `everyMs` it runs `fold` over the process's SQL client, which folds what is new since its checkpoint.
 */
export function interactionFoldProcessor(definition: JobDefinition<null>, everyMs: number, fold: (sql: SqlClient) => Promise<unknown>): JobProcessor<null> {
  return {
    definition,
    handler: async (_job, services) => {
      await fold(services.get<SqlClient>(SQL_CLIENT));
    },
    everyMs,
    schedulePayload: null,
  };
}
