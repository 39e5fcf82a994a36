// Late starts: a family that starts the checklist months after the death has long since arranged the funeral
// and registered the death. Those tasks are offered as 'Done before I started' in one step, and never
// reminded, by this one rule rather than by a list of task names.
import { addDays } from './dates';
import { dueDateFor, type DeadlineRule } from './deadline';
import type { Jurisdiction } from './jurisdiction';

/**
 * How long after its usual time (or legal deadline) an early task must have passed at the start for it to
 * count as done before: four weeks, so a family starting a little late still sees the task as theirs to do.
 */
export const LATE_START_GRACE_DAYS = 28;

/** Tasks whose usual time is the first week after the death (the funeral, securing the home). */
export const FIRST_WEEK_DAYS = 7;

export interface LateStartTask extends DeadlineRule {
  category: string;
}

export interface LateStartContext {
  /** YYYY-MM-DD; without it nothing can be known to have passed. */
  dateOfDeath: string | null | undefined;
  /** YYYY-MM-DD the memory was started. */
  startedOn: string | null | undefined;
  jurisdiction: Jurisdiction;
}

/**
 * True when a task must have happened before the memory was started: it belongs to the first days (the
 * 'immediate' group, or a usual time of a week or less) or has a legal deadline, and that time or deadline,
 * counted from the death, ended more than LATE_START_GRACE_DAYS before the start. Later tasks (probate,
 * benefits, tax) stay to do however late the start: they can still be done, and may still save money.
 */
export function mustHaveHappenedBeforeStart(task: LateStartTask, context: LateStartContext): boolean {
  const { dateOfDeath, startedOn, jurisdiction } = context;
  if (!dateOfDeath || !startedOn) return false;
  const statutory = task.deadlineKind === 'statutory';
  const early = task.category === 'immediate' || task.deadlineDays <= FIRST_WEEK_DAYS;
  if (!statutory && !early) return false;
  // Given no start day, dueDateFor counts the usual time from the death, as for a legal deadline.
  const usualEnd = dueDateFor(task, { dateOfDeath, jurisdiction })!;
  return addDays(usualEnd, LATE_START_GRACE_DAYS) < startedOn;
}

/** The open tasks (not ticked, not already settled) a late start offers as 'Done before I started'. */
export function doneBeforeStartOffer<T extends LateStartTask & { status?: string; settled?: unknown }>(tasks: readonly T[], context: LateStartContext): T[] {
  return tasks.filter((t) => t.status !== 'complete' && !t.settled && mustHaveHappenedBeforeStart(t, context));
}
