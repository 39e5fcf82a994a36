// Pure display helpers of the memory screens (en-GB dates, counts, progress per category).
import { DOCUMENT_CATEGORIES, TASK_CATEGORIES, formatDateEnGB, isIsoDate, isoDateIn, ukClockTime } from '@afterwards/checklist-domain';
import { documentProgress, isAllDone, progressOf, taskProgress, type ItemProgress, type Progress } from '@afterwards/cases-domain';
import { asSentence, type MemoryDetail, type MemoryDocument, type MemorySummary, type MemoryTask } from '@afterwards/contracts';

/** An ISO timestamp's calendar day in UK time, en-GB ('14 March 2026'); '' when unreadable. */
export function formatCreatedDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return formatDateEnGB(isoDateIn(date));
}

/** A stored calendar date (YYYY-MM-DD) en-GB; null when there is none. */
export function formatDay(iso: string | null | undefined): string | null {
  if (!iso || !isIsoDate(iso)) return null;
  return formatDateEnGB(iso);
}

/** Time of day of the last sync in UK time ('14:05'). */
export function formatSyncTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return ukClockTime(date);
}

/**
 * The sync indicator's longer text. An error message may end its own sentence (the offline one does), so the
 * two sentences are joined with one full stop, never two (issue 40, item 10).
 */
export function syncDetail(status: 'syncing' | 'synced' | 'error', error: string | null, time: string | null): string {
  if (status === 'error') return [asSentence(error ?? 'Sync failed'), time ? `Last synced at ${time}` : null].filter(Boolean).join(' ');
  return time ? `Last synced at ${time}` : 'Not synced yet';
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The card's 'completed' count: everything the family has dealt with (ticked off, not needed, or done before
 * they started), by the one progress rule (decision 0047), so it says 32 when the bar says 100%.
 */
export function completedCount(memory: Pick<MemorySummary, 'progress'>): number {
  return memory.progress.overall.done;
}

/** Progress of a memory's tasks or documents as the screen has them (optimistic ticks included). */
export const tasksProgress = (tasks: readonly { status: string; settled: MemoryTask['settled'] }[]): Progress => progressOf(tasks.map(taskProgress));
export const documentsProgress = (documents: readonly { collected: boolean; settled: MemoryDocument['settled'] }[]): Progress => progressOf(documents.map(documentProgress));

/** How the done ones were done, when any were settled: '10 ticked off, 1 not needed, 1 done before I started'; null otherwise. */
export function settledBreakdown(p: Progress, ticked = 'ticked off'): string | null {
  if (p.settled === 0) return null;
  const parts = [p.completed ? `${p.completed} ${ticked}` : null, p.notNeeded ? `${p.notNeeded} not needed` : null, p.doneBefore ? `${p.doneBefore} done before I started` : null];
  return parts.filter(Boolean).join(', ');
}

export interface CategoryTally {
  category: string;
  done: number;
  total: number;
  percent: number;
}

/** Per-category progress of a memory's tasks and documents, in the template's order; empty categories left out. */
export function categoryProgress(detail: Pick<MemoryDetail, 'tasks' | 'documents'>): { tasks: CategoryTally[]; documents: CategoryTally[] } {
  const tally = <T extends { category: string }>(items: readonly T[], order: readonly string[], classify: (item: T) => ItemProgress) =>
    [...order, ...new Set(items.map((i) => i.category).filter((c) => !order.includes(c)))]
      .map((category) => {
        // The one progress rule: marked not needed or done before the memory was started counts as done.
        const { done, total, percent } = progressOf(items.filter((i) => i.category === category).map(classify));
        return { category, done, total, percent };
      })
      .filter((t) => t.total > 0);
  return {
    tasks: tally(detail.tasks, TASK_CATEGORIES, taskProgress),
    documents: tally(detail.documents, [...DOCUMENT_CATEGORIES, 'additional'], documentProgress),
  };
}

/** Spec: at 100% with items, a celebration shows. */
export function isComplete(progress: MemorySummary['progress']): boolean {
  return isAllDone(progress.overall);
}
