import { defineJob } from '@afterwards/jobs';
import type { SqlClient } from '@afterwards/persistence';
import { SQL_CLIENT, type JobProcessor } from '@afterwards/server-kit';

/** Folds recorded listing interactions into promotion figures, every few seconds. */
export const foldPromotionFiguresJob = defineJob<null>('promotions.fold-figures', { removeOnComplete: 10 });
export const FOLD_FIGURES_EVERY_MS = 3_000;
const BATCH = 20_000;

/**
 * One batch in one transaction with its own checkpoint (row 'promotions' of
 * listing_interaction_checkpoints), read like the listing counters: in (tx_id, id) order and only from
 * finished transactions, so nothing is counted twice or skipped. An interaction counts toward every
 * promotion of its business that was running when it happened: views and clicks as such; call, e-mail
 * and website actions as conversions.
 */
export async function foldPromotionFiguresBatch(sql: SqlClient, limit = BATCH): Promise<number> {
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ last_tx: string; last_id: string }>(
      `SELECT last_tx::text AS last_tx, last_id::text AS last_id FROM listing_interaction_checkpoints WHERE name = 'promotions' FOR UPDATE`,
    );
    const checkpoint = rows[0];
    if (!checkpoint) throw new Error("listing_interaction_checkpoints has no 'promotions' row");
    const { rows: done } = await tx.query<{ last_tx: string | null; last_id: string | null; events: string }>(
      `WITH batch AS (
         SELECT id, tx_id, listing_id, action, created_at FROM listing_interactions
         WHERE (tx_id, id) > ($1::xid8, $2::bigint) AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY tx_id, id
         LIMIT $3
       ), hits AS (
         SELECT p.id AS promotion_id,
           count(*) FILTER (WHERE b.action = 'view') AS views,
           count(*) FILTER (WHERE b.action = 'click') AS clicks,
           count(*) FILTER (WHERE b.action IN ('call', 'email', 'website')) AS conversions
         FROM batch b
         JOIN promotions p ON p.listing_id = b.listing_id
           AND p.started_at IS NOT NULL AND b.created_at >= p.started_at
           AND (p.ended_at IS NULL OR b.created_at < p.ended_at)
         GROUP BY p.id
       ), upserted AS (
         INSERT INTO promotion_figures AS f (promotion_id, views, clicks, conversions, updated_at)
         SELECT promotion_id, views, clicks, conversions, now() FROM hits
         ON CONFLICT (promotion_id) DO UPDATE SET
           views = f.views + excluded.views,
           clicks = f.clicks + excluded.clicks,
           conversions = f.conversions + excluded.conversions,
           updated_at = excluded.updated_at
         RETURNING 1
       ), last AS (
         SELECT tx_id, id FROM batch ORDER BY tx_id DESC, id DESC LIMIT 1
       )
       SELECT (SELECT tx_id::text FROM last) AS last_tx, (SELECT id::text FROM last) AS last_id,
              (SELECT count(*) FROM batch)::text AS events, (SELECT count(*) FROM upserted)::text AS promotions`,
      [checkpoint.last_tx, checkpoint.last_id, limit],
    );
    const result = done[0]!;
    if (result.last_tx !== null && result.last_id !== null) {
      await tx.query(`UPDATE listing_interaction_checkpoints SET last_tx = $1::xid8, last_id = $2::bigint, updated_at = now() WHERE name = 'promotions'`, [
        result.last_tx,
        result.last_id,
      ]);
    }
    return Number(result.events);
  });
}

export async function foldPromotionFigures(sql: SqlClient, batch = BATCH): Promise<number> {
  let events = 0;
  for (;;) {
    const n = await foldPromotionFiguresBatch(sql, batch);
    events += n;
    if (n < batch) return events;
  }
}

export const foldPromotionFiguresProcessor: JobProcessor<null> = {
  definition: foldPromotionFiguresJob,
  handler: async (_job, services) => {
    await foldPromotionFigures(services.get<SqlClient>(SQL_CLIENT));
  },
  everyMs: FOLD_FIGURES_EVERY_MS,
  schedulePayload: null,
};
