import fc from 'fast-check';
import { dueReminders, isQuietHours, outsideQuietHours, reminderSlots, ukClock, ukWallTime, type RemindableTask } from './reminders';

const at = (iso: string) => new Date(iso);
const register: RemindableTask = { taskId: 't1', dueDate: '2026-03-14', deadlineKind: 'statutory' };
const funeral: RemindableTask = { taskId: 't2', dueDate: '2026-03-20', deadlineKind: 'suggested' };

describe('reminder schedule', () => {
  it('gives a legal deadline three reminders at 08:00 UK time (7 days, 1 day, on the day) and a suggested timing two', () => {
    expect(reminderSlots(register).map((s) => [s.offset, s.sendAt.toISOString(), s.expiresAt.toISOString()])).toEqual([
      ['7d', '2026-03-07T08:00:00.000Z', '2026-03-08T08:00:00.000Z'],
      ['1d', '2026-03-13T08:00:00.000Z', '2026-03-14T08:00:00.000Z'],
      ['day', '2026-03-14T08:00:00.000Z', '2026-03-15T08:00:00.000Z'],
    ]);
    expect(reminderSlots(funeral).map((s) => s.offset)).toEqual(['7d', '1d']);
  });

  it('keeps 08:00 on the wall clock in British Summer Time (07:00 UTC)', () => {
    expect(reminderSlots({ ...register, dueDate: '2026-07-10' })[0]!.sendAt.toISOString()).toBe('2026-07-03T07:00:00.000Z');
  });

  it('sends nothing in quiet hours, and the reminder of the day once they end', () => {
    expect(dueReminders([register], at('2026-03-07T07:59:00Z'))).toEqual([]);
    expect(dueReminders([register], at('2026-03-07T08:00:00Z')).map((s) => s.offset)).toEqual(['7d']);
    expect(dueReminders([register], at('2026-03-07T20:59:00Z')).map((s) => s.offset)).toEqual(['7d']);
    expect(dueReminders([register], at('2026-03-07T21:00:00Z'))).toEqual([]);
    // 1 day before, a family that opened the memory at 22:00 hears at 08:00 — by then it is the day itself.
    expect(dueReminders([register], at('2026-03-13T22:00:00Z'))).toEqual([]);
    expect(dueReminders([register], at('2026-03-14T08:00:00Z')).map((s) => s.offset)).toEqual(['day']);
  });

  it('does not send old reminders to a family that starts late', () => {
    // Three days before: the 7-day reminder's day has gone; nothing until the day before.
    expect(dueReminders([register, funeral], at('2026-03-11T10:00:00Z'))).toEqual([]);
    expect(dueReminders([register], at('2026-03-13T10:00:00Z')).map((s) => s.offset)).toEqual(['1d']);
    // Long past: nothing at all.
    expect(dueReminders([register], at('2026-05-01T10:00:00Z'))).toEqual([]);
  });

  it('moves a quiet-hours instant to 08:00 UK time', () => {
    expect(outsideQuietHours(at('2026-03-07T22:30:00Z')).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(outsideQuietHours(at('2026-03-08T03:00:00Z')).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(outsideQuietHours(at('2026-06-08T21:30:00Z')).toISOString()).toBe('2026-06-09T07:00:00.000Z'); // 22:30 BST
    expect(outsideQuietHours(at('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });
});

describe('reminder schedule properties', () => {
  const dates = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const instants = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2031-01-31T00:00:00Z'), noInvalidDate: true });
  const tasks = fc.record({ taskId: fc.constant('t'), dueDate: dates, deadlineKind: fc.constantFrom('statutory' as const, 'suggested' as const) });
  // The days the clocks change in the UK and Ireland, 2024 to 2030 (last Sundays of March and October), and the days around them.
  const dstDays = [
    '2024-03-31',
    '2024-10-27',
    '2025-03-30',
    '2025-10-26',
    '2026-03-29',
    '2026-10-25',
    '2027-03-28',
    '2027-10-31',
    '2028-03-26',
    '2028-10-29',
    '2029-03-25',
    '2029-10-28',
    '2030-03-31',
    '2030-10-27',
  ];
  const nearDst = fc
    .tuple(fc.constantFrom(...dstDays), fc.integer({ min: -8, max: 8 }))
    .map(([d, n]) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10));

  it('never schedules inside quiet hours, and never sends inside them', () => {
    fc.assert(
      fc.property(tasks, instants, (task, now) => {
        for (const slot of reminderSlots(task)) expect(isQuietHours(slot.sendAt)).toBe(false);
        if (isQuietHours(now)) expect(dueReminders([task], now)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('starts every reminder at 08:00 on the wall clock, across the changes of the clocks', () => {
    fc.assert(
      fc.property(fc.oneof(dates, nearDst), fc.constantFrom('statutory' as const, 'suggested' as const), (dueDate, deadlineKind) => {
        for (const slot of reminderSlots({ taskId: 't', dueDate, deadlineKind })) {
          expect(ukClock(slot.sendAt)).toMatchObject({ hour: 8, minute: 0 });
          expect(slot.expiresAt.getTime()).toBeGreaterThan(slot.sendAt.getTime());
        }
      }),
    );
  });

  it('has at most one reminder of a task due at any instant, and each on its own day only', () => {
    fc.assert(
      fc.property(tasks, instants, (task, now) => {
        const due = dueReminders([task], now);
        expect(due.length).toBeLessThanOrEqual(1);
        for (const slot of due) expect(ukClock(now).date).toBe(ukClock(slot.sendAt).date);
      }),
      { numRuns: 2000 },
    );
  });

  it('a sweep every few minutes through daytime finds every reminder of a task (none is skipped by the windows)', () => {
    fc.assert(
      fc.property(fc.oneof(dates, nearDst), fc.constantFrom('statutory' as const, 'suggested' as const), fc.integer({ min: 5, max: 30 }), (dueDate, deadlineKind, stepMinutes) => {
        const task = { taskId: 't', dueDate, deadlineKind };
        const slots = reminderSlots(task);
        const found = new Set<string>();
        for (let t = slots[0]!.sendAt.getTime() - 3_600_000; t < slots.at(-1)!.expiresAt.getTime(); t += stepMinutes * 60_000) {
          for (const s of dueReminders([task], new Date(t))) found.add(s.offset);
        }
        expect([...found]).toEqual(slots.map((s) => s.offset));
      }),
      { numRuns: 40 },
    );
  });

  it('moves any instant out of quiet hours to the next 08:00, and leaves daytime alone', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const moved = outsideQuietHours(instant);
        expect(isQuietHours(moved)).toBe(false);
        expect(moved.getTime()).toBeGreaterThanOrEqual(instant.getTime());
        // 21:00 to 08:00 is 11 hours, or 12 on the night the clocks go back.
        expect(moved.getTime() - instant.getTime()).toBeLessThanOrEqual(12 * 3_600_000);
        if (!isQuietHours(instant)) expect(moved).toEqual(instant);
        else expect(ukClock(moved)).toMatchObject({ hour: 8, minute: 0 });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the UK wall clock as Intl does at any instant, to the millisecond either side of the clocks changing', () => {
    // Read independently of the schedule's own formatter: Swedish dates read 'YYYY-MM-DD HH:MM:SS'.
    const reference = (instant: Date) => /^(\S+) (\d+):(\d+)/.exec(instant.toLocaleString('sv-SE', { timeZone: 'Europe/London', hourCycle: 'h23' }))!;
    // The clocks change at 01:00 UTC; the instants around it, and any instant at all.
    const nearChange = fc
      .tuple(fc.constantFrom(...dstDays), fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }))
      .map(([day, ms]) => new Date(Date.parse(`${day}T01:00:00Z`) + ms));
    fc.assert(
      fc.property(fc.oneof(nearChange, instants), (instant) => {
        const [, date, hour, minute] = reference(instant);
        expect(ukClock(instant)).toEqual({ date, hour: Number(hour), minute: Number(minute) });
      }),
      { numRuns: 3000 },
    );
  });

  it('the wall-clock instant of a date and hour reads back as that date and hour', () => {
    fc.assert(
      fc.property(fc.oneof(dates, nearDst), fc.integer({ min: 2, max: 23 }), (date, hour) => {
        expect(ukClock(ukWallTime(date, hour))).toMatchObject({ date, hour, minute: 0 });
      }),
    );
  });
});

describe('late starts (issue 40, item 2)', () => {
  it('given an Irish memory started 6 months after the death, when its funeral task comes due, then no reminder goes out', () => {
    const memory = { dateOfDeath: '2026-05-20', startedOn: '2026-11-20', jurisdiction: 'Ireland' as const };
    // The suggested timing counts from the start: 7 days later, so without the rule it would be reminded.
    const lateFuneral: RemindableTask = {
      taskId: 'f',
      dueDate: '2026-11-27',
      deadlineKind: 'suggested',
      lateStart: { task: { category: 'urgent', deadlineDays: 7, deadlineKind: 'suggested' }, memory },
    };
    const probate: RemindableTask = {
      taskId: 'p',
      dueDate: '2027-01-19',
      deadlineKind: 'suggested',
      lateStart: { task: { category: 'important', deadlineDays: 60, deadlineKind: 'suggested' }, memory },
    };

    expect(reminderSlots(lateFuneral)).toEqual([]);
    expect(dueReminders([lateFuneral], at('2026-11-26T09:00:00Z'))).toEqual([]);
    expect(dueReminders([probate], at('2027-01-18T09:00:00Z')).map((s) => s.taskId)).toEqual(['p']);
  });

  it('given the same funeral task on a memory started a week after the death, then it is reminded', () => {
    const funeralOnTime: RemindableTask = {
      taskId: 'f',
      dueDate: '2026-06-03',
      deadlineKind: 'suggested',
      lateStart: {
        task: { category: 'urgent', deadlineDays: 7, deadlineKind: 'suggested' },
        memory: { dateOfDeath: '2026-05-20', startedOn: '2026-05-27', jurisdiction: 'Ireland' },
      },
    };
    expect(dueReminders([funeralOnTime], at('2026-06-02T09:00:00Z')).map((s) => s.offset)).toEqual(['1d']);
  });
});
