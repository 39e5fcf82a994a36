// Task deadlines: the due date a rule gives, and how a task's timing reads on a given day.
//
// Only a statutory deadline (one set in law) can ever be 'overdue'. A suggested timing reads 'Suggested by …'
// and never turns red. A statutory clock that runs from an event the product cannot know (England and Wales:
// the registrar receiving the medical certificate) gives only an estimate, read as 'Usually due by …'. And a
// legal deadline that had already passed when the person started the checklist says what can still be done,
// rather than shouting 'overdue' at someone who could not have met it.
import type { AuthorityLimit } from '@afterwards/contracts';
import { holidayRegionOf, holidayWord } from './bank-holidays';
import { addDays, addMonths, earlierDate, formatDateEnGB, formatDayEnGB, laterDate } from './dates';
import type { Jurisdiction } from './jurisdiction';
import type { DeadlineBasis, DeadlineKind } from './template.schema';
import { addWorkingDays, holidaysBetween, nextWorkingDay, nonWorkingDay, previousWorkingDay, type NonWorkingDay } from './working-days';

/** What a task's due date is computed from. Items recorded before deadline kinds existed count as suggested. */
export interface DeadlineRule {
  deadlineDays: number;
  deadlineMonths?: number | null;
  deadlineKind?: DeadlineKind | null;
  deadlineBasis?: DeadlineBasis | null;
  /** Statutory: the event the legal clock runs from when it is not the death (unknown to the product). */
  clockStartsFrom?: string | null;
  /** A limit set in law or by an authority: the due date is never later than it. */
  limit?: AuthorityLimit | null;
}

/** The one shape of a limit set in law or by an authority, from the contract (see AuthorityLimitSchema). */
export type { AuthorityLimit };

export interface DueDateContext {
  /** YYYY-MM-DD; without it there is no due date. */
  dateOfDeath: string | null | undefined;
  jurisdiction: Jurisdiction;
  /**
   * YYYY-MM-DD the memory was started. Suggested timings count from it when it is later than the death,
   * so someone starting late gets timings still ahead of them; legal deadlines always count from the death.
   */
  startedOn?: string | null;
}

const isStatutory = (rule: Pick<DeadlineRule, 'deadlineKind'>) => rule.deadlineKind === 'statutory';
const basisOf = (rule: Pick<DeadlineRule, 'deadlineBasis'>): DeadlineBasis => rule.deadlineBasis ?? 'calendar';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** '5 days', '5 working days', '3 months'. */
export function deadlinePeriod(rule: Pick<DeadlineRule, 'deadlineDays' | 'deadlineMonths' | 'deadlineBasis'>): string {
  if (rule.deadlineMonths) return plural(rule.deadlineMonths, 'month');
  return basisOf(rule) === 'working-days' ? plural(rule.deadlineDays, 'working day') : plural(rule.deadlineDays, 'day');
}

/** 'within 5 days', 'within 5 working days', 'within 3 months'. */
export function deadlineLabel(rule: Pick<DeadlineRule, 'deadlineDays' | 'deadlineMonths' | 'deadlineBasis'>): string {
  return `within ${deadlinePeriod(rule)}`;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];

/** 'within 3 months of the death', 'within 6 months of the funeral', 'by the end of the sixth month after the death'. */
export function limitLabel(limit: AuthorityLimit): string {
  const from = limit.after ?? 'the death';
  if (limit.endOfMonth && limit.months) return `by the end of the ${ORDINALS[limit.months - 1] ?? `${limit.months}th`} month after ${from}`;
  return `within ${limit.months ? plural(limit.months, 'month') : plural(limit.days ?? 0, 'day')} of ${from}`;
}

/**
 * The last day of a limit, counted from the death. For a limit that counts from a later event (the
 * funeral) this is the earliest the limit can fall, so a date capped at it is never past the real limit.
 */
export function limitDate(limit: AuthorityLimit, dateOfDeath: string): string {
  if (limit.months && limit.endOfMonth) return addDays(addMonths(`${dateOfDeath.slice(0, 8)}01`, limit.months + 1), -1);
  if (limit.months) return addMonths(dateOfDeath, limit.months);
  return addDays(dateOfDeath, limit.days ?? 0);
}

function calendarDate(rule: DeadlineRule, from: string): string {
  return rule.deadlineMonths ? addMonths(from, rule.deadlineMonths) : addDays(from, rule.deadlineDays);
}

/** A statutory due date and, for the task to say so, the non-working days that moved it or were not counted. */
export interface StatutoryDueDate {
  dueDate: string;
  /** next-working-day: the days the last day moved past (the first is the date the count reached). */
  movedPast: NonWorkingDay[];
}

/** The legal due date of a statutory rule, counted from the date of death by the rule's basis. */
export function statutoryDueDate(rule: DeadlineRule, dateOfDeath: string, jurisdiction: Jurisdiction): StatutoryDueDate {
  switch (basisOf(rule)) {
    case 'working-days':
      return { dueDate: addWorkingDays(dateOfDeath, rule.deadlineDays, jurisdiction), movedPast: [] };
    case 'next-working-day': {
      const reached = calendarDate(rule, dateOfDeath);
      const dueDate = nextWorkingDay(reached, jurisdiction);
      const movedPast: NonWorkingDay[] = [];
      for (let day = reached; day < dueDate; day = addDays(day, 1)) movedPast.push(nonWorkingDay(day, jurisdiction)!);
      return { dueDate, movedPast };
    }
    case 'calendar':
      return { dueDate: calendarDate(rule, dateOfDeath), movedPast: [] };
  }
}

/**
 * The due date of a task (YYYY-MM-DD), or null without a date of death. A suggested timing counts from the
 * later of the death and the start, but never goes past the task's limit in law or set by an authority: a
 * family starting late is told the date that still protects the payment, not one after it.
 */
export function dueDateFor(rule: DeadlineRule, context: DueDateContext): string | null {
  const { dateOfDeath, jurisdiction, startedOn } = context;
  if (!dateOfDeath) return null;
  const due = isStatutory(rule)
    ? statutoryDueDate(rule, dateOfDeath, jurisdiction).dueDate
    : calendarDate(rule, startedOn ? laterDate(dateOfDeath, startedOn) : dateOfDeath);
  return withinLimit(due, rule.limit, dateOfDeath);
}

/**
 * A due date held from before its task's limit was recorded, brought back within the limit. Read models
 * keep the due date they were given; reading through this keeps every older memory's date within the limit.
 */
export function withinLimit(dueDate: string | null, limit: AuthorityLimit | null | undefined, dateOfDeath: string | null | undefined): string | null {
  if (!dueDate || !limit || !dateOfDeath) return dueDate;
  return earlierDate(dueDate, limitDate(limit, dateOfDeath));
}

/** A task as the timing needs it: its rule, its due date and whether it is done. */
export interface TimedTask extends DeadlineRule {
  dueDate: string | null;
  deadlineNote?: string | null;
  lateNote?: string | null;
  status?: string;
}

export interface TimingContext {
  /** The user's calendar date, YYYY-MM-DD. */
  today: string;
  /** YYYY-MM-DD the memory was started; null when unknown. */
  startedOn: string | null;
  dateOfDeath: string | null;
  jurisdiction: Jurisdiction;
}

export type TimingState =
  /** A legal deadline still ahead (or met). */
  | 'legal'
  /** A legal deadline passed while the checklist was in use: the only red state. */
  | 'overdue'
  /** A legal deadline that had already passed when the person started. */
  | 'passed-before-start'
  /** A legal deadline whose clock runs from an event the product does not know: an estimate only. */
  | 'estimate'
  | 'suggested';

export interface TaskTiming {
  state: TimingState;
  /** Only a statutory deadline that passed while the checklist was in use; never once the task is done. */
  overdue: boolean;
  /** 'Legal deadline: by 14 March 2026', 'Suggested by 16 March 2026', 'Usually due by …'. */
  text: string;
  /** Plain sentences under the date: why it moved, when the clock runs from, what can still be done. */
  notes: string[];
}

function describeOff(day: NonWorkingDay, jurisdiction: Jurisdiction): string {
  const name = formatDayEnGB(day.date, false);
  return day.kind === 'weekend' ? `${name} is a weekend day` : `${name} is a ${holidayWord(holidayRegionOf(jurisdiction))}`;
}

function joinAnd(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What the basis of a legal deadline did to its date, said plainly. */
function basisNotes(task: TimedTask, context: TimingContext, dueDate: string): string[] {
  const { dateOfDeath, jurisdiction, today } = context;
  if (!dateOfDeath) return [];
  const basis = basisOf(task);
  if (basis === 'next-working-day') {
    const { movedPast } = statutoryDueDate(task, dateOfDeath, jurisdiction);
    if (movedPast.length === 0) return [];
    // The first day the count reached, then only the holidays after it (a weekend goes without saying).
    const reasons = movedPast.filter((d, i) => i === 0 || d.kind === 'holiday').map((d) => describeOff(d, jurisdiction));
    return [`Moved to ${formatDayEnGB(dueDate, false)}: ${joinAnd(reasons)}.`];
  }
  if (basis === 'working-days') {
    const word = holidayWord(holidayRegionOf(jurisdiction));
    const skipped = holidaysBetween(dateOfDeath, dueDate, jurisdiction).map((h) => `${formatDayEnGB(h.date, false)}, ${h.name}`);
    return [`Only working days count: weekends and ${word}s are left out${skipped.length ? ` (here ${joinAnd(skipped)})` : ''}.`];
  }
  // Calendar days: the date stands even when offices are shut, so point to the working day before it.
  const off = nonWorkingDay(dueDate, jurisdiction);
  const before = previousWorkingDay(dueDate, jurisdiction);
  if (!off || before < today) return [];
  return [`${describeOff(off, jurisdiction)}, when most offices are closed. The deadline does not move, so aim for ${formatDayEnGB(before, false)}.`];
}

/**
 * How a task's deadline reads on `today`: its words, its notes, and whether it is overdue. Pure; the
 * same rule for the Tasks tab, the printed checklist and any count of overdue tasks.
 */
export function taskTiming(task: TimedTask, context: TimingContext): TaskTiming {
  const done = task.status === 'complete';
  const note = task.deadlineNote ? [task.deadlineNote] : [];
  const { dueDate } = task;

  if (!isStatutory(task)) {
    const end = task.limit && context.dateOfDeath ? limitDate(task.limit, context.dateOfDeath) : null;
    const limit = task.limit ? limitNotes(task.limit, end) : null;
    const notes = limit ? [limit.note, ...note] : note;
    if (limit && end && !done && context.startedOn && end < context.startedOn) {
      // Counted from the death the limit had passed at the start; from a later event (the funeral) it may have.
      const text = limit.date ? `Past the limit (${formatDateEnGB(limit.date)}) — you can still do this` : `Check the limit: ${limitLabel(task.limit!)}`;
      return { state: limit.date ? 'passed-before-start' : 'suggested', overdue: false, text, notes };
    }
    return {
      state: 'suggested',
      overdue: false,
      text: dueDate ? `Suggested by ${formatDateEnGB(dueDate)}` : `Suggested ${deadlineLabel(task)}`,
      notes,
    };
  }

  if (task.clockStartsFrom) {
    const clock = `The ${deadlinePeriod(task)} run from ${task.clockStartsFrom}${dueDate ? ', so your deadline may be later than this' : ''}.`;
    // The same words with or without a date of death (the checklist preview has none): an estimate either way.
    if (!dueDate) return { state: 'estimate', overdue: false, text: `Usually due ${deadlineLabel(task)}`, notes: [clock] };
    const late = !done && context.today > dueDate && task.lateNote ? [task.lateNote] : [];
    return { state: 'estimate', overdue: false, text: `Usually due by ${formatDateEnGB(dueDate)}`, notes: [clock, ...late] };
  }

  if (!dueDate) return { state: 'legal', overdue: false, text: `Legal deadline: ${deadlineLabel(task)}`, notes: note };
  const date = formatDateEnGB(dueDate);
  if (done || context.today <= dueDate) {
    return { state: 'legal', overdue: false, text: `Legal deadline: by ${date}`, notes: [...(done ? [] : basisNotes(task, context, dueDate)), ...note] };
  }
  const late = task.lateNote ? [task.lateNote] : [];
  if (context.startedOn && dueDate < context.startedOn) {
    return { state: 'passed-before-start', overdue: false, text: `Past the legal deadline (${date}) — you can still do this`, notes: [...late, ...note] };
  }
  return { state: 'overdue', overdue: true, text: `Legal deadline was ${date}`, notes: [...late, ...note] };
}

/**
 * The sentence that states a task's limit, and its last day when it counts from the death. `end`: its
 * `limitDate`, null without a date of death.
 */
function limitNotes(limit: AuthorityLimit, end: string | null): { note: string; date: string | null } {
  const fromDeath = limit.after === null ? end : null;
  const when = fromDeath ? ` (${formatDateEnGB(fromDeath)})` : '';
  return { note: `Limit: ${limitLabel(limit)}${when}. ${limit.note}`, date: fromDeath };
}

/** Overdue, by the one rule of `taskTiming`: a statutory deadline that passed while the checklist was in use. */
export function isOverdue(task: TimedTask, context: TimingContext): boolean {
  return taskTiming(task, context).overdue;
}
