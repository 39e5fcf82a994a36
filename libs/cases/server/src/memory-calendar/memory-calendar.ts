// A memory's deadlines as an iCalendar file (RFC 5545) for 'Add to calendar': one all-day event per task
// that is still to do and has a date, with a reminder the day before a legal deadline. Written by the
// maintained `ical-generator` library (escaping, CRLF line ends, lines folded at 75 octets rather than
// characters, all-day events as DTSTART;VALUE=DATE with no invalid DURATION); each event's UID is the
// task's id, so importing the file again updates the events instead of adding copies.
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MemoryDetail, MemoryTask } from '@afterwards/contracts';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** The file name a download is saved under: the memory's name, kept to letters, digits and dashes. */
export function calendarFileName(memoryName: string): string {
  const base = memoryName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || 'memory'}-deadlines.ics`;
}

/** A calendar day (YYYY-MM-DD) as midnight UTC: ical-generator writes an all-day date from its UTC fields. */
const day = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** Tasks a calendar should hold: still to do (not ticked, not marked not needed or done before) and dated. */
export function calendarTasks(detail: MemoryDetail): MemoryTask[] {
  return detail.tasks.filter((t) => t.status !== 'complete' && !t.settled && t.dueDate);
}

export function memoryCalendar(detail: MemoryDetail, options: { dashboardUrl: string; createdAt: Date }): string {
  const { memory } = detail;
  const calendar = ical({
    prodId: { company: 'afterwards', product: 'memories', language: 'EN' },
    name: `${memory.name}: deadlines`,
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const task of calendarTasks(detail)) {
    const legal = task.deadlineKind === 'statutory';
    const lines = [
      legal ? `Legal deadline for ${memory.deceasedName} (${memory.jurisdiction}).` : `Suggested timing for ${memory.deceasedName} (${memory.jurisdiction}).`,
      task.description,
      task.lateNote && legal ? task.lateNote : null,
      `Your checklist: ${options.dashboardUrl}`,
    ].filter((line): line is string => Boolean(line));
    const start = day(task.dueDate!);
    calendar.createEvent({
      id: `${task.id}@afterwards`,
      start,
      // An all-day event on one day: DTSTART;VALUE=DATE and DTEND the day after (RFC 5545 3.6.1).
      end: new Date(start.getTime() + ONE_DAY_SECONDS * 1000),
      allDay: true,
      summary: `${task.title} (${legal ? 'legal deadline' : 'suggested'})`,
      description: lines.join('\n\n'),
      url: options.dashboardUrl,
      categories: [{ name: memory.name }],
      status: ICalEventStatus.CONFIRMED,
      stamp: options.createdAt,
      alarms: legal ? [{ type: ICalAlarmType.display, description: `${task.title}: legal deadline tomorrow`, triggerBefore: ONE_DAY_SECONDS }] : [],
    });
  }
  // RFC 5545 3.1: every content line ends with CRLF, END:VCALENDAR included (the library leaves the last one off).
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
