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

  describe('follows RFC 5545 (issue 40, item 5)', () => {
    // Long enough to need folding, with letters of two octets each in UTF-8.
    const name = 'Siobhán Ó Briain';
    const irish: MemoryDetail = {
      ...detail,
      memory: { ...memory, name: `Cuimhní ar ${name} agus a teaghlach ar fad i gContae Chiarraí`, deceasedName: name, jurisdiction: 'Ireland' } as MemorySummary,
      tasks: [
        task({
          id: 't9',
          title: `Clárú bháis ${name}: téigh chuig oifig an chláraitheora áitiúil le Foirm Fógartha Báis`,
          deadlineKind: 'statutory',
          dueDate: '2026-05-06',
          description: `Ó Briain, Siobhán; 'é' – “quoted”, with a comma, a semicolon; and a backslash \\ to escape. ${'Céim ar chéim. '.repeat(6)}`,
        }),
      ],
    };
    const text = memoryCalendar(irish, { dashboardUrl: 'https://afterwards.example/dashboard', createdAt: new Date('2026-03-10T10:00:00Z') });
    const lines = text.split('\r\n');

    it('ends every line with CRLF and folds at 75 octets, never inside a character', () => {
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const tooLong = lines.filter((line) => Buffer.byteLength(line, 'utf8') > 75);
      expect(tooLong).toEqual([]);
      // Something was folded, and the folds did not split a UTF-8 sequence (no replacement characters).
      expect(lines.some((line) => line.startsWith(' '))).toBe(true);
      expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
      expect(text).not.toContain('\uFFFD');
    });

    it('writes a one-day all-day event as a DATE with no invalid DURATION', () => {
      expect(text).not.toMatch(/DURATION:P\d+DT(\r|$)/m);
      expect(text).toContain('DTSTART;VALUE=DATE:20260506');
      expect(text).toContain('DTEND;VALUE=DATE:20260507');
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:/);
    });

    it('reads back whole through ical.js, the non-ASCII name included', () => {
      const parsed = parse(text);
      expect(parsed.name).toBe(`Cuimhní ar ${name} agus a teaghlach ar fad i gContae Chiarraí: deadlines`);
      expect(parsed.events).toHaveLength(1);
      const [event] = parsed.events;
      expect(event).toMatchObject({ uid: 't9@afterwards', start: '2026-05-06', allDay: true, alarms: 1 });
      expect(event!.summary).toBe(`Clárú bháis ${name}: téigh chuig oifig an chláraitheora áitiúil le Foirm Fógartha Báis (legal deadline)`);
      expect(event!.description).toContain(`Legal deadline for ${name} (Ireland).`);
      expect(event!.description).toContain(`Ó Briain, Siobhán; 'é' – “quoted”, with a comma, a semicolon; and a backslash \\ to escape.`);
      const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
      const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
      expect([end.toString(), end.isDate]).toEqual(['2026-05-07', true]);
      const trigger = vevent.getFirstSubcomponent('valarm')!.getFirstPropertyValue('trigger') as ICAL.Duration;
      expect(trigger.toSeconds()).toBe(-24 * 60 * 60);
    });
  });
});
