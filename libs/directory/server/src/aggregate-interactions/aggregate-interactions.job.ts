import { defineJob } from '@afterwards/jobs';
import type { SqlClient } from '@afterwards/persistence';
import { SQL_CLIENT, type JobProcessor } from '@afterwards/server-kit';

/** Adds new raw interaction rows into `listing_interaction_counters`, every few seconds. */
export const aggregateInteractionsJob = defineJob<null>('directory.aggregate-interactions');

export const AGGREGATE_EVERY_MS = 3_000;
const BATCH = 20_000;

export interface AggregationResult {
  readonly events: number;
  readonly listings: number;
}

/**
 * One batch in one transaction: the counters and the checkpoint move together, so a crash or a
 * second worker never counts a row twice. Rows are read in (tx_id, id) order and only from
 * transactions that have finished (older than the snapshot's xmin), so an INSERT that commits late
 * is picked up by a later run instead of being skipped.
 *
 * Promotion figures are a second aggregator of the same rows with its own checkpoint row ('promotions'):
 * libs/promotions/server/src/fold-figures.
 */
export async function aggregateInteractionsBatch(sql: SqlClient, limit = BATCH): Promise<AggregationResult> {
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ last_tx: string; last_id: string }>(
      `SELECT last_tx::text AS last_tx, last_id::text AS last_id FROM listing_interaction_checkpoints WHERE name = 'counters' FOR UPDATE`,
    );
    const checkpoint = rows[0];
    if (!checkpoint) throw new Error("listing_interaction_checkpoints has no 'counters' row");
    const { rows: done } = await tx.query<{ last_tx: string | null; last_id: string | null; events: string; listings: string }>(
      `WITH batch AS (
         SELECT id, tx_id, listing_id, action FROM listing_interactions
         WHERE (tx_id, id) > ($1::xid8, $2::bigint) AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY tx_id, id
         LIMIT $3
       ), totals AS (
         SELECT listing_id,
           count(*) FILTER (WHERE action = 'view') AS views,
           count(*) FILTER (WHERE action = 'click') AS clicks,
           count(*) FILTER (WHERE action = 'call') AS calls,
           count(*) FILTER (WHERE action = 'email') AS emails,
           count(*) FILTER (WHERE action = 'website') AS websites,
           count(*) FILTER (WHERE action = 'directions') AS directions
         FROM batch GROUP BY listing_id
       ), upserted AS (
         INSERT INTO listing_interaction_counters AS c (listing_id, views, clicks, calls, emails, websites, directions, updated_at)
         SELECT listing_id, views, clicks, calls, emails, websites, directions, now() FROM totals
         ON CONFLICT (listing_id) DO UPDATE SET
           views = c.views + excluded.views,
           clicks = c.clicks + excluded.clicks,
           calls = c.calls + excluded.calls,
           emails = c.emails + excluded.emails,
           websites = c.websites + excluded.websites,
           directions = c.directions + excluded.directions,
           updated_at = excluded.updated_at
         RETURNING 1
       ), last AS (
         SELECT tx_id, id FROM batch ORDER BY tx_id DESC, id DESC LIMIT 1
       )
       SELECT (SELECT tx_id::text FROM last) AS last_tx, (SELECT id::text FROM last) AS last_id,
              (SELECT count(*) FROM batch)::text AS events, (SELECT count(*) FROM upserted)::text AS listings`,
      [checkpoint.last_tx, checkpoint.last_id, limit],
    );
    const result = done[0]!;
    if (result.last_tx !== null && result.last_id !== null) {
      await tx.query(
        `UPDATE listing_interaction_checkpoints SET last_tx = $1::xid8, last_id = $2::bigint, updated_at = now() WHERE name = 'counters'`,
        [result.last_tx, result.last_id],
      );
    }
    return { events: Number(result.events), listings: Number(result.listings) };
  });
}

/** Runs batches until the finished rows are all counted. */
export async function aggregateInteractions(sql: SqlClient, batch = BATCH): Promise<AggregationResult> {
  let events = 0;
  let listings = 0;
  for (;;) {
    const r = await aggregateInteractionsBatch(sql, batch);
    events += r.events;
    listings += r.listings;
    if (r.events < batch) return { events, listings };
  }
}

export const aggregateInteractionsProcessor: JobProcessor<null> = {
  definition: aggregateInteractionsJob,
  handler: async (_job, services) => {
    await aggregateInteractions(services.get<SqlClient>(SQL_CLIENT));
  },
  everyMs: AGGREGATE_EVERY_MS,
  schedulePayload: null,
};
