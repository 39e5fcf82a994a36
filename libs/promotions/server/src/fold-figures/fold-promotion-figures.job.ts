import { defineJob } from '@afterwards/jobs';
import type { SqlClient } from '@afterwards/persistence';
import { addedToTotals, foldAllInteractions, interactionFoldProcessor } from '@afterwards/directory-server';

/** Folds recorded listing interactions into promotion figures, every few seconds. */
export const foldPromotionFiguresJob = defineJob<null>('promotions.fold-figures', { removeOnComplete: 10 });
export const FOLD_FIGURES_EVERY_MS = 3_000;
const BATCH = 20_000;

/**
 * An interaction counts toward every promotion of its business that was running when it happened: views
 * and clicks as such; call, e-mail and website actions as conversions. Its own checkpoint ('promotions'),
 * read like the listing counters, so nothing is counted twice or skipped.
 */
const FIGURES_FOLD = `hits AS (
    SELECT p.id AS promotion_id,
      count(*) FILTER (WHERE b.action = 'view') AS views,
      count(*) FILTER (WHERE b.action = 'click') AS clicks,
      count(*) FILTER (WHERE b.action IN ('call', 'email', 'website')) AS conversions
    FROM batch b
    JOIN promotions p ON p.listing_id = b.listing_id
      AND p.started_at IS NOT NULL AND b.created_at >= p.started_at
      AND (p.ended_at IS NULL OR b.created_at < p.ended_at)
    GROUP BY p.id
  ), ${addedToTotals('hits', 'promotion_figures', ['promotion_id'], ['views', 'clicks', 'conversions'], true)}`;

/** Folds every finished interaction row not yet counted; returns how many rows were read. */
export async function foldPromotionFigures(sql: SqlClient, batch = BATCH): Promise<number> {
  return (await foldAllInteractions(sql, 'promotions', FIGURES_FOLD, batch)).events;
}

export const foldPromotionFiguresProcessor = interactionFoldProcessor(foldPromotionFiguresJob, FOLD_FIGURES_EVERY_MS, foldPromotionFigures);
