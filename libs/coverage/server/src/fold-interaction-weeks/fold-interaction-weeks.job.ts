import { addedToTotals, foldAllInteractions, interactionFoldProcessor } from '@afterwards/directory-server';
import { defineJob } from '@afterwards/jobs';
import type { SqlClient } from '@afterwards/persistence';
import { TREND_TIME_ZONE } from '../coverage-report/coverage-report';

/** Folds recorded listing interactions into views and contact actions per week and region, every few seconds. */
export const foldInteractionWeeksJob = defineJob<null>('coverage.fold-interaction-weeks', { removeOnComplete: 10 });
export const FOLD_WEEKS_EVERY_MS = 3_000;
const BATCH = 20_000;

/**
 * Calls, e-mails, website visits and directions are contact actions (a click opens a card's details, so it
 * is not). The week and the region are the interaction's own: its time in the platform's time zone, and
 * the region its listing is in when folded. Its own checkpoint ('coverage'), like the listing counters.
 */
const WEEKS_FOLD = `weekly AS (
    SELECT date_trunc('week', b.created_at AT TIME ZONE '${TREND_TIME_ZONE}')::date AS week_start,
      coalesce(l.region, 'Other') AS region,
      count(*) FILTER (WHERE b.action = 'view') AS views,
      count(*) FILTER (WHERE b.action IN ('call', 'email', 'website', 'directions')) AS contacts
    FROM batch b LEFT JOIN listings l ON l.id = b.listing_id
    GROUP BY 1, 2
  ), ${addedToTotals('weekly', 'coverage_interaction_weeks', ['week_start', 'region'], ['views', 'contacts'], false)}`;

/** Folds every finished interaction row not yet counted; returns how many rows were read. */
export async function foldInteractionWeeks(sql: SqlClient, batch = BATCH): Promise<number> {
  return (await foldAllInteractions(sql, 'coverage', WEEKS_FOLD, batch)).events;
}

export const foldInteractionWeeksProcessor = interactionFoldProcessor(foldInteractionWeeksJob, FOLD_WEEKS_EVERY_MS, foldInteractionWeeks);
