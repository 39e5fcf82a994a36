// A memory's deadlines as an iCalendar file (RFC 5545) for 'Add to calendar': one all-day event per task
// that is still to do and has a date, with a reminder the day before a legal deadline. Written by the `ics`
// library (folding, escaping, line ends); each event's UID is the task's id, so importing the file again
// updates the events instead of adding copies.
import { createEvents, type EventAttributes } from 'ics';
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

const dateArray = (isoDate: string): [number, number, number] => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};

/** Tasks a calendar should hold: still to do (not ticked, not marked not needed or done before) and dated. */
export function calendarTasks(detail: MemoryDetail): MemoryTask[] {
  return detail.tasks.filter((t) => t.status !== 'complete' && !t.settled && t.dueDate);
}

export function memoryCalendar(detail: MemoryDetail, options: { dashboardUrl: string; createdAt: Date }): string {
  const { memory } = detail;
  const events: EventAttributes[] = calendarTasks(detail).map((task) => {
    const legal = task.deadlineKind === 'statutory';
    const lines = [
      legal ? `Legal deadline for ${memory.deceasedName} (${memory.jurisdiction}).` : `Suggested timing for ${memory.deceasedName} (${memory.jurisdiction}).`,
      task.description,
      task.lateNote && legal ? task.lateNote : null,
      `Your checklist: ${options.dashboardUrl}`,
    ].filter((line): line is string => Boolean(line));
    return {
      uid: `${task.id}@afterwards`,
      start: dateArray(task.dueDate!),
      duration: { days: 1 },
      title: `${task.title} (${legal ? 'legal deadline' : 'suggested'})`,
      description: lines.join('\n\n'),
      url: options.dashboardUrl,
      categories: [memory.name],
      status: 'CONFIRMED',
      timestamp: options.createdAt.getTime(),
      ...(legal ? { alarms: [{ action: 'display' as const, description: `${task.title}: legal deadline tomorrow`, trigger: { days: 1, before: true } }] } : {}),
    };
  });
  const header = { productId: 'afterwards/memories', calName: `${memory.name}: deadlines`, method: 'PUBLISH' };
  const { error, value } = createEvents(events, header);
  if (error || !value) throw error ?? new Error('The calendar could not be written');
  return value;
}
