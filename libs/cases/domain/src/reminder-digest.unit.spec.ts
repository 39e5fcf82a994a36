import fc from 'fast-check';
import { addDays } from '@afterwards/checklist-domain';
import { digestOn, digestSubject, dueDigest, firstReminderDay, nextDigest, reminderOn, type DigestMemory, type DigestTask } from './reminder-digest';
import { ukClock } from './reminders';

const at = (iso: string) => new Date(iso);
const register: DigestTask = { taskId: 'reg', title: 'Register the death', dueDate: '2026-03-14', deadlineKind: 'statutory' };
const funeral: DigestTask = { taskId: 'fun', title: 'Arrange the funeral', dueDate: '2026-03-17', deadlineKind: 'suggested' };

const memory = (over: Partial<DigestMemory> = {}): DigestMemory => ({
  caseId: 'c1',
  memoryName: 'Mum',
  deceasedName: 'Margaret Jones',
  ownerName: 'Ann Jones',
  role: 'owner',
  startedAt: at('2026-03-01T12:00:00Z'),
  tasks: [register, funeral],
  ...over,
});

describe('the first day of a memory is quiet', () => {
  it('given a memory started at 15:00, when the next morning comes (17 hours later), then nothing; the morning after, its reminders', () => {
    expect(firstReminderDay(at('2026-03-10T15:00:00Z'))).toBe('2026-03-12');
    // Started at 07:00: 24 hours later is 07:00 the next day, and 08:00 that day is the first e-mail.
    expect(firstReminderDay(at('2026-03-10T07:00:00Z'))).toBe('2026-03-11');
    // Exactly 08:00 a day later counts.
    expect(firstReminderDay(at('2026-03-10T08:00:00Z'))).toBe('2026-03-11');
    // British Summer Time: 08:00 is 07:00 UTC.
    expect(firstReminderDay(at('2026-07-10T07:00:00Z'))).toBe('2026-07-11');
  });

  it('given a reminder whose day falls in the first 24 hours, then it is gathered into the first e-mail while the task is still ahead', () => {
    // Started Friday 13 March 10:00; the funeral's 7-day reminder was due 10 March (before the start): not sent.
    const started = at('2026-03-13T10:00:00Z');
    expect(reminderOn(funeral, started, '2026-03-13')).toBeNull();
    // Register (14 March): its 1-day reminder (13th) fell in the first day, its day reminder is the 14th; first e-mail is the 15th: the task is past.
    expect(reminderOn(register, started, '2026-03-14')).toBeNull();
    expect(reminderOn(register, started, '2026-03-15')).toBeNull();
    // Funeral (17th): 1-day reminder on the 16th, sent then.
    expect(firstReminderDay(started)).toBe('2026-03-15');
    expect(reminderOn(funeral, started, '2026-03-16')).toBe('1d');
    // Started 9 March 10:00: the register's 7-day reminder (7th) is before the start, nothing; the funeral's 7-day (10th) falls in the first day and goes on the 11th.
    const early = at('2026-03-09T10:00:00Z');
    expect(reminderOn(funeral, early, '2026-03-10')).toBeNull();
    expect(reminderOn(funeral, early, '2026-03-11')).toBe('7d');
    expect(reminderOn(register, early, '2026-03-11')).toBeNull();
  });

  it('sends nothing in the first 24 hours, whenever the memory is started and whatever is due (property)', () => {
    const starts = fc.date({ min: at('2025-01-01T00:00:00Z'), max: at('2028-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(starts, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 24 * 60 - 1 }), (startedAt, dueIn, minutesLater) => {
        const dueDate = addDays(ukClock(startedAt).date, dueIn);
        const m = memory({
          startedAt,
          tasks: [
            { ...register, dueDate },
            { ...funeral, dueDate },
          ],
        });
        expect(dueDigest([m], new Date(startedAt.getTime() + minutesLater * 60_000))).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('one e-mail a day, gathering every memory', () => {
  it('given three memories started together, then no e-mail the first day and one the next morning naming everyone who died', () => {
    const startedAt = at('2026-03-09T15:00:00Z');
    const three = [
      memory({ caseId: 'a', deceasedName: 'Margaret Jones', startedAt, tasks: [{ ...register, dueDate: '2026-03-11' }] }),
      memory({
        caseId: 'b',
        memoryName: 'Dad',
        deceasedName: 'John Smith',
        startedAt,
        tasks: [
          { ...register, dueDate: '2026-03-11' },
          { ...funeral, dueDate: '2026-03-16' },
        ],
      }),
      memory({ caseId: 'c', memoryName: 'Gran', deceasedName: 'Edith Hale', startedAt, tasks: [{ ...funeral, dueDate: '2026-03-12' }] }),
    ];
    for (const hour of ['15:30', '20:59', '23:00']) expect(dueDigest(three, at(`2026-03-09T${hour}:00Z`))).toBeNull();
    for (const hour of ['08:00', '14:59', '20:00']) expect(dueDigest(three, at(`2026-03-10T${hour}:00Z`))).toBeNull();
    const digest = dueDigest(three, at('2026-03-11T08:00:00Z'))!;
    expect(digest.subject).toBe('Reminders for John Smith, Margaret Jones and Edith Hale: 4 things this week');
    expect(digest.sendAt.toISOString()).toBe('2026-03-11T08:00:00.000Z');
    expect(digest.sections.map((s) => [s.memoryName, s.items.map((i) => `${i.title}:${i.offset}:${i.daysLeft}`)])).toEqual([
      ['Dad', ['Register the death:day:0', 'Arrange the funeral:7d:5']],
      ['Mum', ['Register the death:day:0']],
      ['Gran', ['Arrange the funeral:1d:1']],
    ]);
    expect(digest.sections[1]!.items[0]!.line).toBe('Register the death: the legal deadline is Wednesday 11 March 2026, today.');
    expect(digest.sections[0]!.items[1]!.line).toBe('Arrange the funeral: suggested by Monday 16 March 2026 (in 5 days). This is a suggested timing, not a legal deadline.');
  });

  it('gets singular and plural right, and names each person who died once', () => {
    expect(digestSubject(['Margaret Jones'], 1)).toBe('Reminders for Margaret Jones: 1 thing this week');
    expect(digestSubject(['Margaret Jones'], 2)).toBe('Reminders for Margaret Jones: 2 things this week');
    expect(digestSubject(['Margaret Jones', 'John Smith'], 3)).toBe('Reminders for Margaret Jones and John Smith: 3 things this week');
    expect(digestSubject(['Margaret Jones', 'Margaret Jones '], 2)).toBe('Reminders for Margaret Jones: 2 things this week');
  });

  it('never gives a person more than one e-mail a day, nor a reminder of one task on two days, nor anything in quiet hours (property)', () => {
    const task = fc.record({
      taskId: fc.uuid(),
      title: fc.constantFrom('Register the death', 'Arrange the funeral', 'Tell the bank'),
      dueDate: fc.integer({ min: 0, max: 40 }).map((n) => addDays('2026-03-01', n)),
      deadlineKind: fc.constantFrom('statutory' as const, 'suggested' as const),
    });
    const memories = fc.array(
      fc.record({
        caseId: fc.uuid(),
        memoryName: fc.constant('M'),
        deceasedName: fc.constantFrom('Margaret Jones', 'John Smith', 'Edith Hale'),
        ownerName: fc.constant('Ann'),
        role: fc.constantFrom('owner' as const, 'editor' as const, 'viewer' as const),
        startedAt: fc.date({ min: at('2026-02-20T00:00:00Z'), max: at('2026-03-20T00:00:00Z'), noInvalidDate: true }),
        tasks: fc.array(task, { maxLength: 6 }),
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(memories, (ms) => {
        // A sweep every hour for six weeks: what would go out, by day.
        const byDay = new Map<string, string>();
        const reminded = new Map<string, Set<string>>();
        for (let t = Date.parse('2026-02-20T00:00:00Z'); t < Date.parse('2026-04-05T00:00:00Z'); t += 60 * 60_000) {
          const now = new Date(t);
          const digest = dueDigest(ms, now);
          if (!digest) continue;
          expect(digest.day).toBe(ukClock(now).date);
          // The same day always gives the same e-mail: one per day, whichever sweep sends it.
          const key = JSON.stringify(digest.sections);
          if (byDay.has(digest.day)) expect(byDay.get(digest.day)).toBe(key);
          byDay.set(digest.day, key);
          for (const s of digest.sections) {
            for (const item of s.items) {
              const days = reminded.get(`${s.caseId}|${item.taskId}|${item.offset}`) ?? new Set();
              days.add(digest.day);
              expect(days.size).toBe(1);
              reminded.set(`${s.caseId}|${item.taskId}|${item.offset}`, days);
            }
          }
          // Never in a memory's first 24 hours.
          for (const s of digest.sections) expect(now.getTime() - ms.find((m) => m.caseId === s.caseId)!.startedAt.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('what a viewer is told', () => {
  it('given a viewer, then the e-mail says the owner will see the items, not that they can tick them off', () => {
    const viewer = digestOn([memory({ role: 'viewer', ownerName: 'Ann' })], '2026-03-13')!;
    expect(viewer.sections[0]!.canTick).toBe(false);
    expect(viewer.sections[0]!.note).toBe('Ann will see this on the checklist. You can view the checklist, but not tick things off.');
    expect(viewer.sections[0]!.note).not.toContain('tick it off');
    // On one day, the legal deadline comes before the suggested timing.
    expect(digestOn([memory({ tasks: [{ ...funeral, dueDate: '2026-03-14' }, register] })], '2026-03-13')!.sections[0]!.items.map((i) => i.title)).toEqual([
      'Register the death',
      'Arrange the funeral',
    ]);
    const owner = digestOn([memory({ role: 'editor' })], '2026-03-13')!;
    expect(owner.sections[0]!.note).toBe('If it is already done, you can tick it off in the checklist and we will not remind you about it again.');
  });
});

describe('the next e-mail (Settings)', () => {
  it('is today’s before it goes, the next day with something due once it has gone or after 21:00', () => {
    const m = [memory()];
    expect(nextDigest(m, at('2026-03-07T06:00:00Z'), false)!.day).toBe('2026-03-07');
    expect(nextDigest(m, at('2026-03-07T10:00:00Z'), true)!.day).toBe('2026-03-10'); // the funeral, 7 days before the 17th
    expect(nextDigest(m, at('2026-03-07T21:30:00Z'), false)!.day).toBe('2026-03-10');
    expect(nextDigest([], at('2026-03-07T10:00:00Z'), false)).toBeNull();
  });
});
