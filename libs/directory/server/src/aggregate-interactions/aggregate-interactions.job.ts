import { defineJob } from '@afterwards/jobs';
import type { SqlClient } from '@afterwards/persistence';
import { addedToTotals, foldAllInteractions, foldInteractionBatch, interactionFoldProcessor } from './interaction-batches';

/** Adds new raw interaction rows into `listing_interaction_counters`, every few seconds. */
export const aggregateInteractionsJob = defineJob<null>('directory.aggregate-interactions');

export const AGGREGATE_EVERY_MS = 3_000;
const BATCH = 20_000;

export interface AggregationResult {
  readonly events: number;
  readonly listings: number;
}

/** Per listing: each action's count, added to its running totals. */
const COUNTERS_FOLD = `totals AS (
    SELECT listing_id,
      count(*) FILTER (WHERE action = 'view') AS views,
      count(*) FILTER (WHERE action = 'click') AS clicks,
      count(*) FILTER (WHERE action = 'call') AS calls,
      count(*) FILTER (WHERE action = 'email') AS emails,
      count(*) FILTER (WHERE action = 'website') AS websites,
      count(*) FILTER (WHERE action = 'directions') AS directions
    FROM batch GROUP BY listing_id
  ), ${addedToTotals('totals', 'listing_interaction_counters', ['listing_id'], ['views', 'clicks', 'calls', 'emails', 'websites', 'directions'], true)}`;

/** One batch of new interaction rows into `listing_interaction_counters` (checkpoint 'counters'). */
export async function aggregateInteractionsBatch(sql: SqlClient, limit = BATCH): Promise<AggregationResult> {
  const r = await foldInteractionBatch(sql, 'counters', COUNTERS_FOLD, limit);
  return { events: r.events, listings: r.folded };
}

/** Runs batches until the finished rows are all counted. */
export async function aggregateInteractions(sql: SqlClient, batch = BATCH): Promise<AggregationResult> {
  const r = await foldAllInteractions(sql, 'counters', COUNTERS_FOLD, batch);
  return { events: r.events, listings: r.folded };
}

export const aggregateInteractionsProcessor = interactionFoldProcessor(aggregateInteractionsJob, AGGREGATE_EVERY_MS, aggregateInteractions);
