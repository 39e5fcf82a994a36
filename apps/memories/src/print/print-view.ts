// Pure helpers of the printable checklist.
import { formatDateEnGB, isIsoDate } from '@afterwards/checklist-domain';

export interface PrintSource {
  source: string;
  /** en-GB date of the most recent review among the items citing this source ('' when unknown). */
  lastReviewed: string;
}

/**
 * The distinct sources the checklist's items cite, in first-cited order, each with its latest review
 * date, so the printed page lists every source once.
 */
export function printSources(items: readonly { source: string; lastReviewed: string }[]): PrintSource[] {
  const latest = new Map<string, string>();
  for (const item of items) {
    const source = item.source.trim();
    if (!source) continue;
    const seen = latest.get(source);
    if (seen === undefined || item.lastReviewed > seen) latest.set(source, item.lastReviewed);
  }
  return [...latest].map(([source, reviewed]) => ({ source, lastReviewed: isIsoDate(reviewed) ? formatDateEnGB(reviewed) : reviewed }));
}
