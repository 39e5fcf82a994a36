// E-mail reminders before a task's due date: which are due at an instant, and when each may go out.
// Pure: the instant comes in as an argument. Times are wall-clock times in Europe/London; Ireland keeps
// the same offset all year (GMT/IST against GMT/BST, changing on the same days), so one zone serves both.
import { addDays, isIsoDate, mustHaveHappenedBeforeStart, wallClockIn, wallTimeIn, type LateStartContext, type LateStartTask } from '@afterwards/checklist-domain';
import type { DeadlineKind } from '@afterwards/contracts';

export const REMINDER_TIME_ZONE = 'Europe/London';
/** Quiet hours: no reminder e-mail between 21:00 and 08:00, UK and Irish time. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

/** 7 days before, 1 day before, and on the day (statutory deadlines only). */
export const REMINDER_OFFSETS = ['7d', '1d', 'day'] as const;
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number];
const DAYS_BEFORE: Record<ReminderOffset, number> = { '7d': 7, '1d': 1, day: 0 };

const HOUR_MS = 3_600_000;

/** A task that may have reminders: still to do (not ticked, not settled) with a due date. */
export interface RemindableTask {
  readonly taskId: string;
  /** `YYYY-MM-DD`, a date in UK/Irish time. */
  readonly dueDate: string;
  readonly deadlineKind: DeadlineKind;
  /**
   * The task's rule and its memory's dates. A task that must have happened before the memory was started
   * (the funeral, months after the death) is never reminded, whether or not the family has marked it yet.
   */
  readonly lateStart?: { readonly task: LateStartTask; readonly memory: LateStartContext };
}

/** One reminder of one task: it may go out from `sendAt` until just before `expiresAt`, outside quiet hours. */
export interface ReminderSlot {
  readonly taskId: string;
  readonly dueDate: string;
  readonly offset: ReminderOffset;
  /** 08:00 UK/Irish time on the reminder's day: the first instant outside quiet hours that day. */
  readonly sendAt: Date;
  /** A day later, or when the task's next reminder starts, whichever is first: after that it is stale. */
  readonly expiresAt: Date;
}

/** The offsets a task gets: suggested timings are reminded 7 days and 1 day before; legal deadlines on the day too. */
export function offsetsFor(kind: DeadlineKind): readonly ReminderOffset[] {
  return kind === 'statutory' ? REMINDER_OFFSETS : ['7d', '1d'];
}

/** The instant of `hour`:00 on `date` in UK/Irish time. */
export function ukWallTime(date: string, hour: number): Date {
  return wallTimeIn(date, hour, REMINDER_TIME_ZONE);
}

/** The hour (0-23) and date of `instant` in UK/Irish time. */
export function ukClock(instant: Date): { date: string; hour: number; minute: number } {
  return wallClockIn(instant, REMINDER_TIME_ZONE);
}

/** Between 21:00 and 08:00 UK/Irish time. */
export function isQuietHours(instant: Date): boolean {
  const { hour } = ukClock(instant);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/**
 * The first instant at or after `instant` outside quiet hours: itself in the daytime, else 08:00 UK/Irish
 * time (the same morning when it falls after midnight, the next morning when it falls after 21:00).
 */
export function outsideQuietHours(instant: Date): Date {
  if (!isQuietHours(instant)) return instant;
  const { date, hour } = ukClock(instant);
  return ukWallTime(hour >= QUIET_FROM_HOUR ? addDays(date, 1) : date, QUIET_UNTIL_HOUR);
}

/** Every reminder a task gets, in order. A task without a valid due date gets none. */
export function reminderSlots(task: RemindableTask): ReminderSlot[] {
  if (!isIsoDate(task.dueDate)) return [];
  if (task.lateStart && mustHaveHappenedBeforeStart(task.lateStart.task, task.lateStart.memory)) return [];
  const offsets = offsetsFor(task.deadlineKind);
  const starts = offsets.map((offset) => ukWallTime(addDays(task.dueDate, -DAYS_BEFORE[offset]), QUIET_UNTIL_HOUR));
  return offsets.map((offset, i) => {
    const dayLater = new Date(starts[i]!.getTime() + 24 * HOUR_MS);
    const next = starts[i + 1];
    return { taskId: task.taskId, dueDate: task.dueDate, offset, sendAt: starts[i]!, expiresAt: next && next < dayLater ? next : dayLater };
  });
}

/**
 * The reminders of `tasks` that may go out at `now`: their time has come, they are not stale, and it is
 * not quiet hours. A family that starts late gets no old reminders: a reminder whose day passed (its
 * next one started, or a day went by) is skipped, not sent late. At most one per task at any instant.
 */
export function dueReminders(tasks: readonly RemindableTask[], now: Date): ReminderSlot[] {
  if (isQuietHours(now)) return [];
  const t = now.getTime();
  return tasks.flatMap((task) => reminderSlots(task).filter((slot) => slot.sendAt.getTime() <= t && t < slot.expiresAt.getTime()));
}

/** Whole days from `now`'s UK/Irish date to the due date (0 on the day). */
export function daysUntil(dueDate: string, now: Date): number {
  const today = ukClock(now).date;
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / (24 * HOUR_MS));
}
