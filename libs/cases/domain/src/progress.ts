import { TASK_CATEGORIES, DOCUMENT_CATEGORIES } from '@afterwards/checklist-domain';
import type { CaseState } from './case';

/** Round(done / total × 100), 0 when there is nothing to do. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((done / total) * 100);
}

/** Encouragement by percentage; null (render nothing) when the percentage is missing. */
export function progressMessage(percent: number | null | undefined): string | null {
  if (percent === null || percent === undefined || Number.isNaN(percent)) return null;
  if (percent >= 100) return "Amazing! You've completed everything!";
  if (percent >= 90) return "Nearly there! You're doing brilliantly!";
  if (percent >= 75) return "Great effort! You're almost finished!";
  if (percent >= 50) return "Doing great! You're halfway there!";
  if (percent >= 25) return "Keep going! You're making good progress!";
  if (percent > 0) return 'Great start! Every step counts!';
  return "You've got this!";
}

/**
 * THE progress rule (decision 0047). Every count, bar and percent on every screen comes from here:
 * - a task ticked complete, or a document collected, is 'completed' (ticking wins over a settlement);
 * - otherwise one marked 'not needed' or 'done before I started' is settled, and counts as done too;
 * - otherwise a task in progress is 'in_progress', anything else is 'open' (still to do).
 * done = completed + notNeeded + doneBefore; done + inProgress + open = total; percent = round(done / total × 100).
 */
export type ItemProgress = 'completed' | 'not_needed' | 'done_before' | 'in_progress' | 'open';

interface Settled {
  settled?: { kind: 'not_needed' | 'done_before' } | null;
}

export function taskProgress(task: { status: string } & Settled): ItemProgress {
  if (task.status === 'complete') return 'completed';
  if (task.settled) return task.settled.kind;
  return task.status === 'in_progress' ? 'in_progress' : 'open';
}

export function documentProgress(document: { collected: boolean } & Settled): ItemProgress {
  if (document.collected) return 'completed';
  if (document.settled) return document.settled.kind;
  return 'open';
}

/** Counts any screen may show: stored per memory by the read model, and shared by the API in the contract. */
export interface ProgressTally {
  total: number;
  /** completed + settled: nothing left to do for these. */
  done: number;
  completed: number;
  /** Marked not needed or done before the memory was started. */
  settled: number;
  inProgress: number;
  open: number;
  percent: number;
}

/** The tally with settlements told apart, where the items are at hand. */
export interface Progress extends ProgressTally {
  notNeeded: number;
  doneBefore: number;
}

/** The tally from the four stored counts (the rest follows from the rule). */
export function progressTally(counts: { total: number; completed: number; settled: number; inProgress: number }): ProgressTally {
  const done = counts.completed + counts.settled;
  return {
    total: counts.total,
    done,
    completed: counts.completed,
    settled: counts.settled,
    inProgress: counts.inProgress,
    open: counts.total - done - counts.inProgress,
    percent: progressPercent(done, counts.total),
  };
}

/** Progress of a list of items, each already classified by taskProgress or documentProgress. */
export function progressOf(items: Iterable<ItemProgress>): Progress {
  const n: Record<ItemProgress, number> = { completed: 0, not_needed: 0, done_before: 0, in_progress: 0, open: 0 };
  let total = 0;
  for (const item of items) {
    n[item] += 1;
    total += 1;
  }
  return {
    ...progressTally({ total, completed: n.completed, settled: n.not_needed + n.done_before, inProgress: n.in_progress }),
    notNeeded: n.not_needed,
    doneBefore: n.done_before,
  };
}

/** Tasks and documents together, as the spec's overall progress. */
export function combinedTally(a: ProgressTally, b: ProgressTally): ProgressTally {
  return progressTally({ total: a.total + b.total, completed: a.completed + b.completed, settled: a.settled + b.settled, inProgress: a.inProgress + b.inProgress });
}

/** Spec: at 100% with items, a celebration shows. */
export function isAllDone(tally: Pick<ProgressTally, 'total' | 'done'>): boolean {
  return tally.total > 0 && tally.done === tally.total;
}

export interface Tally {
  done: number;
  total: number;
  percent: number;
}

export interface CaseProgress {
  tasks: Progress;
  documents: Progress & { additional: number };
  /** Tasks and documents together, as the spec's overall progress. */
  percent: number;
  message: string;
  /** Spec: at 100% with items, a celebration shows. */
  celebrate: boolean;
  tasksByCategory: Record<string, Tally>;
  documentsByCategory: Record<string, Tally>;
}

function tally(done: number, total: number): Tally {
  return { done, total, percent: progressPercent(done, total) };
}

const isDone = (p: ItemProgress) => p === 'completed' || p === 'not_needed' || p === 'done_before';

/**
 * Counts and percentages for one memory. Every document row counts, additional ones included (they are
 * collected when added), as the spec's formula runs over all rows of the documents table.
 */
export function caseProgress(state: Pick<CaseState, 'tasks' | 'documents'>): CaseProgress {
  const tasks = progressOf(state.tasks.map(taskProgress));
  const documents = progressOf(state.documents.map(documentProgress));
  const overall = combinedTally(tasks, documents);

  const tasksByCategory: Record<string, Tally> = {};
  for (const category of TASK_CATEGORIES) {
    const items = state.tasks.filter((t) => t.category === category);
    if (items.length) tasksByCategory[category] = tally(items.filter((t) => isDone(taskProgress(t))).length, items.length);
  }
  const documentsByCategory: Record<string, Tally> = {};
  for (const category of [...DOCUMENT_CATEGORIES, 'additional'] as const) {
    const items = state.documents.filter((d) => d.category === category);
    if (items.length) documentsByCategory[category] = tally(items.filter((d) => isDone(documentProgress(d))).length, items.length);
  }

  return {
    tasks,
    documents: { ...documents, additional: state.documents.filter((d) => d.additional).length },
    percent: overall.percent,
    message: progressMessage(overall.percent)!,
    celebrate: isAllDone(overall),
    tasksByCategory,
    documentsByCategory,
  };
}
