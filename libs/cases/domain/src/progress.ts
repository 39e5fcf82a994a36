import { TASK_CATEGORIES, DOCUMENT_CATEGORIES } from '@afterwards/checklist-domain';
import type { CaseState } from './case';

/** Spec section 4: round(done / total × 100), 0 when there is nothing to do. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((done / total) * 100);
}

/** Spec section 2: encouragement by percentage; null (render nothing) when the percentage is missing. */
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

export interface Tally {
  done: number;
  total: number;
  percent: number;
}

export interface CaseProgress {
  /** Settled: marked not needed or done before the memory was started (counted as done, not as completed). */
  tasks: { pending: number; inProgress: number; completed: number; settled: number; total: number };
  documents: { collected: number; settled: number; total: number; additional: number };
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

/**
 * Counts and percentages for one memory. Every document row counts, additional ones included (they are
 * collected when added), as the spec's formula runs over all rows of the documents table.
 */
export function caseProgress(state: Pick<CaseState, 'tasks' | 'documents'>): CaseProgress {
  const taskDone = (t: CaseState['tasks'][number]) => t.status === 'complete' || t.settled !== null;
  const documentDone = (d: CaseState['documents'][number]) => d.collected || d.settled !== null;
  const completed = state.tasks.filter((t) => t.status === 'complete').length;
  const settledTasks = state.tasks.filter((t) => t.status !== 'complete' && t.settled !== null).length;
  const inProgress = state.tasks.filter((t) => t.status === 'in_progress' && t.settled === null).length;
  const collected = state.documents.filter((d) => d.collected).length;
  const settledDocuments = state.documents.filter((d) => !d.collected && d.settled !== null).length;
  const total = state.tasks.length + state.documents.length;
  const percent = progressPercent(completed + settledTasks + collected + settledDocuments, total);

  const tasksByCategory: Record<string, Tally> = {};
  for (const category of TASK_CATEGORIES) {
    const items = state.tasks.filter((t) => t.category === category);
    if (items.length) tasksByCategory[category] = tally(items.filter(taskDone).length, items.length);
  }
  const documentsByCategory: Record<string, Tally> = {};
  for (const category of [...DOCUMENT_CATEGORIES, 'additional'] as const) {
    const items = state.documents.filter((d) => d.category === category);
    if (items.length) documentsByCategory[category] = tally(items.filter(documentDone).length, items.length);
  }

  return {
    tasks: { pending: state.tasks.length - completed - settledTasks - inProgress, inProgress, completed, settled: settledTasks, total: state.tasks.length },
    documents: { collected, settled: settledDocuments, total: state.documents.length, additional: state.documents.filter((d) => d.additional).length },
    percent,
    message: progressMessage(percent)!,
    celebrate: percent === 100 && total > 0,
    tasksByCategory,
    documentsByCategory,
  };
}
