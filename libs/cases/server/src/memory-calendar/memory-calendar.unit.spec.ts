import ICAL from 'ical.js';
import type { MemoryDetail, MemorySummary, MemoryTask } from '@afterwards/contracts';
import { calendarFileName, memoryCalendar } from './memory-calendar';

const memory = { id: 'm1', name: "Mum's affairs", deceasedName: 'Margaret Ellis', jurisdiction: 'England' } as MemorySummary;
const task = (over: Partial<MemoryTask> & { id: string; title: string }): MemoryTask =>
  ({
    status: 'pending',
    settled: null,
    dueDate: '2026-03-14',
    deadlineKind: 'suggested',
    description: 'What to do.',
    lateNote: null,
    ...over,
  }) as MemoryTask;

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const event = new ICAL.Event(v);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toString(),
        allDay: event.startDate.isDate,
        alarms: v.getAllSubcomponents('valarm').length,
        description: event.description,
      };
    }),
  };
}

describe("a memory's deadlines as an iCalendar file", () => {
  const detail: MemoryDetail = {
    memory,
    tasks: [
      task({ id: 't1', title: 'Register the death', deadlineKind: 'statutory', dueDate: '2026-03-14', lateNote: 'You can still register it.' }),
      task({ id: 't2', title: 'Arrange the funeral', dueDate: '2026-03-20' }),
      task({ id: 't3', title: 'Close bank accounts', status: 'complete' }),
      task({ id: 't4', title: 'Claim a pension', settled: { kind: 'not_needed', reason: null, settledAt: '2026-03-10T10:00:00.000Z' } }),
      task({ id: 't5', title: 'Sort tax affairs', dueDate: null }),
    ],
    documents: [],
    notes: [],
    people: [],
  };

  it('has one all-day event per open, dated task, a reminder before legal deadlines, and stable ids', () => {
    const text = memoryCalendar(detail, { dashboardUrl: 'https://afterwards.example/dashboard', createdAt: new Date('2026-03-10T10:00:00Z') });
    const parsed = parse(text);
    expect(parsed.name).toBe("Mum's affairs: deadlines");
    expect(parsed.events.map(({ description: _d, ...e }) => e)).toEqual([
      { uid: 't1@afterwards', summary: 'Register the death (legal deadline)', start: '2026-03-14', allDay: true, alarms: 1 },
      { uid: 't2@afterwards', summary: 'Arrange the funeral (suggested)', start: '2026-03-20', allDay: true, alarms: 0 },
    ]);
    expect(parsed.events[0]!.description).toContain('You can still register it.');
    expect(parsed.events[0]!.description).toContain('https://afterwards.example/dashboard');
    // Same tasks, same file (apart from its stamp): importing again updates rather than duplicates.
    expect(parse(memoryCalendar(detail, { dashboardUrl: 'https://afterwards.example/dashboard', createdAt: new Date() })).events.map((e) => e.uid)).toEqual([
      't1@afterwards',
      't2@afterwards',
    ]);
  });

  it('is still a calendar when nothing is left to do, and names its file after the memory', () => {
    const parsed = parse(memoryCalendar({ ...detail, tasks: [] }, { dashboardUrl: 'x', createdAt: new Date() }));
    expect(parsed).toEqual({ name: "Mum's affairs: deadlines", events: [] });
    expect(calendarFileName("Mum's affairs")).toBe('Mums-affairs-deadlines.ics');
    expect(calendarFileName('  ?? ')).toBe('memory-deadlines.ics');
  });
});
