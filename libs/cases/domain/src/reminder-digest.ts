// The reminder e-mail a person gets (decision 0044): at most one a day, at 08:00 UK/Irish time, gathering
// what is due across every memory they own or share, never in a memory's first day. Pure: the instant, the
// memories and their tasks come in as arguments; the sender and Settings' preview both call `digestOn`.
import { addDays, formatDayEnGB } from '@afterwards/checklist-domain';
import { letterOn, lettersNote, type DigestLetter, type DigestLetterItem } from './reminder-letters';
import { daysUntil, isQuietHours, QUIET_FROM_HOUR, QUIET_UNTIL_HOUR, reminderSlots, ukClock, ukWallTime, type RemindableTask, type ReminderOffset } from './reminders';

/** The daily e-mail goes at 08:00 UK/Irish time, the end of quiet hours (later that day if the service was down). */
export const DIGEST_HOUR = QUIET_UNTIL_HOUR;
/** Nothing is e-mailed about a memory in its first 24 hours. */
export const FIRST_DAY_MS = 24 * 3_600_000;

export type ReminderRole = 'owner' | 'editor' | 'viewer';

/** One open task, with a due date, on one memory the person is on. */
export interface DigestTask extends RemindableTask {
  readonly title: string;
  /** What the family can still do if a legal deadline is missed. */
  readonly lateNote?: string | null;
}

/** One memory a person is on, with its open tasks that have due dates. */
export interface DigestMemory {
  readonly caseId: string;
  readonly memoryName: string;
  readonly deceasedName: string;
  /** The owner's name as shown to others ('Ann Ellis'); a viewer is told the owner will see the items. */
  readonly ownerName: string;
  readonly role: ReminderRole;
  /** When the memory was started (its first 24 hours are quiet). */
  readonly startedAt: Date;
  readonly tasks: readonly DigestTask[];
  /** Letters sent to its organisations and not yet acknowledged (those waiting are mentioned). */
  readonly letters?: readonly DigestLetter[];
}

export interface DigestItem {
  readonly caseId: string;
  readonly taskId: string;
  readonly title: string;
  readonly dueDate: string;
  readonly offset: ReminderOffset;
  readonly legal: boolean;
  /** Whole days from the e-mail's day to the due date (0 on the day). */
  readonly daysLeft: number;
  /** The line the e-mail and the preview show ('Register the death: the legal deadline is …, in 5 days.'). */
  readonly line: string;
}

export interface DigestSection {
  readonly caseId: string;
  readonly memoryName: string;
  readonly deceasedName: string;
  readonly canTick: boolean;
  readonly items: readonly DigestItem[];
  /** Letters waiting for a reply. */
  readonly letters: readonly DigestLetterItem[];
  /** What the e-mail and Settings' preview show, in order: the tasks' lines, then the letters'. */
  readonly lines: readonly string[];
  /** What to do about them: tick them off, mark letters acknowledged, or (a viewer) who will see them. */
  readonly note: string;
}

/** The one e-mail of a person's day. */
export interface ReminderDigest {
  /** The UK/Irish date it is for, `YYYY-MM-DD`. */
  readonly day: string;
  /** 08:00 that day: the earliest it goes. */
  readonly sendAt: Date;
  readonly subject: string;
  readonly sections: readonly DigestSection[];
  readonly count: number;
}

/** The first UK/Irish day whose 08:00 is at least 24 hours after the memory was started. */
export function firstReminderDay(startedAt: Date): string {
  const earliest = new Date(startedAt.getTime() + FIRST_DAY_MS);
  const { date } = ukClock(earliest);
  return ukWallTime(date, DIGEST_HOUR).getTime() >= earliest.getTime() ? date : addDays(date, 1);
}

/**
 * The reminder of `task` that belongs to `day`'s e-mail, if any. A reminder goes on its own day (7 days
 * before, the day before, on the day of a legal deadline), never in the memory's first 24 hours: one that
 * fell in them is gathered into the memory's first e-mail, while the task is still ahead; one whose day was
 * before the memory was started is not sent at all (a late start hears nothing old).
 */
export function reminderOn(task: RemindableTask, startedAt: Date, day: string): ReminderOffset | null {
  const first = firstReminderDay(startedAt);
  if (day < first || task.dueDate < day) return null;
  const startDay = ukClock(startedAt).date;
  let found: ReminderOffset | null = null;
  for (const slot of reminderSlots(task)) {
    const slotDay = ukClock(slot.sendAt).date;
    const goesOn = slotDay >= first ? slotDay : slotDay >= startDay ? first : null;
    if (goesOn === day) found = slot.offset; // the nearest of several that gather on one day
  }
  return found;
}

const when = (daysLeft: number) => (daysLeft <= 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`);

/** 'Margaret Jones', 'Margaret Jones and John Smith', 'A, B and C'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** 'Reminders for Margaret Jones: 2 things this week' (the people who died, once each, in the e-mail's order). */
export function digestSubject(deceasedNames: readonly string[], count: number): string {
  const names = [...new Set(deceasedNames.map((n) => n.trim()).filter(Boolean))];
  return `Reminders for ${joinNames(names)}: ${count} ${count === 1 ? 'thing' : 'things'} this week`;
}

/** The line for one item, in plain words. */
export function itemLine(item: { title: string; dueDate: string; legal: boolean; daysLeft: number; lateNote?: string | null }): string {
  const dueOn = formatDayEnGB(item.dueDate);
  if (item.legal) {
    return `${item.title}: the legal deadline is ${dueOn}, ${when(item.daysLeft)}.${item.lateNote ? ` If it cannot be done in time: ${item.lateNote}` : ''}`;
  }
  return `${item.title}: suggested by ${dueOn} (${when(item.daysLeft)}). This is a suggested timing, not a legal deadline.`;
}

/** Owners and editors can tick tasks; a viewer cannot, and is told who will see them. */
export function canTick(role: ReminderRole): boolean {
  return role !== 'viewer';
}

export function sectionNote(role: ReminderRole, ownerName: string, count: number): string {
  if (canTick(role)) {
    return count === 1
      ? 'If it is already done, you can tick it off in the checklist and we will not remind you about it again.'
      : 'If any are already done, you can tick them off in the checklist and we will not remind you about them again.';
  }
  const owner = ownerName.trim() || 'The person who shared this memory';
  return `${owner} will see ${count === 1 ? 'this' : 'these'} on the checklist. You can view the checklist, but not tick things off.`;
}

/**
 * The e-mail a person gets on `day` (a UK/Irish date), gathering every memory they are on, or null when
 * nothing is due that day. One a day at most, by construction: a day has one digest.
 */
export function digestOn(memories: readonly DigestMemory[], day: string): ReminderDigest | null {
  const tasksByMemory = memories.map((memory) => tasksOn(memory, day));
  // Waiting letters ride along in an e-mail that goes anyway; on their own they go only on their weekly day.
  const goingAnyway = tasksByMemory.some((items) => items.length > 0);
  const sections: DigestSection[] = [];
  for (const [index, memory] of memories.entries()) {
    const items = tasksByMemory[index]!;
    const letters = day < firstReminderDay(memory.startedAt) ? [] : (memory.letters ?? []).flatMap((l) => letterOn(l, day, goingAnyway) ?? []);
    if (items.length === 0 && letters.length === 0) continue;
    const notes = [
      ...(items.length > 0 ? [sectionNote(memory.role, memory.ownerName, items.length)] : []),
      ...(letters.length > 0 ? [lettersNote(canTick(memory.role), memory.ownerName, letters.length)] : []),
    ];
    sections.push({
      caseId: memory.caseId,
      memoryName: memory.memoryName,
      deceasedName: memory.deceasedName,
      canTick: canTick(memory.role),
      items,
      letters,
      lines: [...items.map((i) => i.line), ...letters.map((l) => l.line)],
      note: notes.join(' '),
    });
  }
  if (sections.length === 0) return null;
  // Soonest task first; sections with only letters after them.
  const firstDue = (s: DigestSection) => s.items[0]?.dueDate ?? '9999-12-31';
  sections.sort((a, b) => firstDue(a).localeCompare(firstDue(b)) || a.deceasedName.localeCompare(b.deceasedName) || a.caseId.localeCompare(b.caseId));
  const count = sections.reduce((n, s) => n + s.items.length + s.letters.length, 0);
  return {
    day,
    sendAt: ukWallTime(day, DIGEST_HOUR),
    subject: digestSubject(
      sections.map((s) => s.deceasedName),
      count,
    ),
    sections,
    count,
  };
}

/** The memory's tasks that `day`'s e-mail reminds of: soonest first; on the same day a legal deadline first. */
function tasksOn(memory: DigestMemory, day: string): DigestItem[] {
  const items: DigestItem[] = [];
  for (const task of memory.tasks) {
    const offset = reminderOn(task, memory.startedAt, day);
    if (!offset) continue;
    const legal = task.deadlineKind === 'statutory';
    const daysLeft = daysUntil(task.dueDate, ukWallTime(day, 12));
    items.push({ caseId: memory.caseId, taskId: task.taskId, title: task.title, dueDate: task.dueDate, offset, legal, daysLeft, line: itemLine({ ...task, legal, daysLeft }) });
  }
  items.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || Number(b.legal) - Number(a.legal) || a.title.localeCompare(b.title));
  return items;
}

/** The e-mail that may go out at `now`: today's, in the daytime (08:00 to 21:00 UK/Irish time). */
export function dueDigest(memories: readonly DigestMemory[], now: Date): ReminderDigest | null {
  if (isQuietHours(now)) return null;
  return digestOn(memories, ukClock(now).date);
}

/**
 * The next e-mail the person would get, looking `horizonDays` ahead (Settings' preview): today's if it may
 * still go (not sent yet, before 21:00), else the first later day with something due.
 */
export function nextDigest(memories: readonly DigestMemory[], now: Date, sentToday: boolean, horizonDays = 14): ReminderDigest | null {
  const { date, hour } = ukClock(now);
  const first = sentToday || hour >= QUIET_FROM_HOUR ? addDays(date, 1) : date;
  for (let i = 0; i <= horizonDays; i += 1) {
    const digest = digestOn(memories, addDays(first, i));
    if (digest) return digest;
  }
  return null;
}
