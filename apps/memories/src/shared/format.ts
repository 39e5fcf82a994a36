// Pure display helpers of the memory screens (en-GB dates, counts, progress per category).
import { DOCUMENT_CATEGORIES, TASK_CATEGORIES, formatDateEnGB, isIsoDate, isoDateIn } from '@afterwards/checklist-domain';
import { progressPercent } from '@afterwards/cases-domain';
import type { MemoryDetail, MemorySummary } from '@afterwards/contracts';

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
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }).format(date);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Tasks completed plus documents collected: the card's 'completed' count. */
export function completedCount(memory: Pick<MemorySummary, 'progress'>): number {
  return memory.progress.tasksCompleted + memory.progress.documentsCollected;
}

export interface CategoryTally {
  category: string;
  done: number;
  total: number;
  percent: number;
}

/** Per-category progress of a memory's tasks and documents, in the template's order; empty categories left out. */
export function categoryProgress(detail: Pick<MemoryDetail, 'tasks' | 'documents'>): { tasks: CategoryTally[]; documents: CategoryTally[] } {
  const tally = <T extends { category: string }>(items: readonly T[], order: readonly string[], isDone: (item: T) => boolean) =>
    [...order, ...new Set(items.map((i) => i.category).filter((c) => !order.includes(c)))]
      .map((category) => {
        const inCategory = items.filter((i) => i.category === category);
        const done = inCategory.filter(isDone).length;
        return { category, done, total: inCategory.length, percent: progressPercent(done, inCategory.length) };
      })
      .filter((t) => t.total > 0);
  return {
    // Marked not needed or done before the memory was started counts as done, as in the overall progress.
    tasks: tally(detail.tasks, TASK_CATEGORIES, (t) => t.status === 'complete' || Boolean(t.settled)),
    documents: tally(detail.documents, [...DOCUMENT_CATEGORIES, 'additional'], (d) => d.collected || Boolean(d.settled)),
  };
}

/** Spec: at 100% with items, a celebration shows. */
export function isComplete(progress: MemorySummary['progress']): boolean {
  return progress.percent >= 100 && progress.tasksTotal + progress.documentsTotal > 0;
}
