import { describe, expect, it } from '@jest/globals';
import { deadlineLabel, dueDateFor, isOverdue, statutoryDueDate, taskTiming, type TimedTask, type TimingContext } from './deadline';
import { generateChecklist } from './generate';

const legal = (over: Partial<TimedTask> = {}): TimedTask => ({
  deadlineDays: 5,
  deadlineKind: 'statutory',
  deadlineBasis: 'calendar',
  clockStartsFrom: null,
  lateNote: 'You can still register the death: contact the registration office.',
  dueDate: '2026-03-13',
  status: 'pending',
  ...over,
});
const suggested = (over: Partial<TimedTask> = {}): TimedTask => ({ deadlineDays: 7, deadlineKind: 'suggested', dueDate: '2026-03-15', status: 'pending', ...over });
const on = (today: string, over: Partial<TimingContext> = {}): TimingContext => ({
  today,
  startedOn: '2026-03-09',
  dateOfDeath: '2026-03-08',
  jurisdiction: 'Scotland',
  ...over,
});

describe('due dates by deadline kind and basis', () => {
  it('counts a suggested timing from the later of the death and the start; a legal deadline from the death', () => {
    const context = { dateOfDeath: '2026-03-08', jurisdiction: 'England' as const, startedOn: '2026-09-01' };
    expect(dueDateFor({ deadlineDays: 7, deadlineKind: 'suggested' }, context)).toBe('2026-09-08');
    expect(dueDateFor({ deadlineDays: 7, deadlineMonths: 3, deadlineKind: 'suggested' }, context)).toBe('2026-12-01');
    expect(dueDateFor({ deadlineDays: 5, deadlineKind: 'statutory' }, context)).toBe('2026-03-13');
    expect(dueDateFor({ deadlineDays: 7, deadlineKind: 'suggested' }, { ...context, startedOn: '2026-03-01' })).toBe('2026-03-15');
    expect(dueDateFor({ deadlineDays: 7, deadlineKind: 'suggested' }, { ...context, dateOfDeath: null })).toBeNull();
  });

  it('moves a next-working-day deadline off a bank holiday, and counts working-day deadlines in working days', () => {
    // 21 May 2025 + 5 days = Monday 26 May, the Spring bank holiday in England and Wales.
    expect(statutoryDueDate({ deadlineDays: 5, deadlineKind: 'statutory', deadlineBasis: 'next-working-day' }, '2025-05-21', 'England')).toEqual({
      dueDate: '2025-05-27',
      movedPast: [{ date: '2025-05-26', kind: 'holiday', holiday: { date: '2025-05-26', name: 'Spring bank holiday' } }],
    });
    // Not a holiday in Ireland (its May holiday was on the 5th): the date stands.
    expect(statutoryDueDate({ deadlineDays: 5, deadlineKind: 'statutory', deadlineBasis: 'next-working-day' }, '2025-05-21', 'Ireland').dueDate).toBe('2025-05-26');
    expect(dueDateFor({ deadlineDays: 5, deadlineKind: 'statutory', deadlineBasis: 'working-days' }, { dateOfDeath: '2025-05-21', jurisdiction: 'England' })).toBe('2025-05-29');
    expect(dueDateFor({ deadlineDays: 5, deadlineKind: 'statutory', deadlineBasis: 'calendar' }, { dateOfDeath: '2025-05-21', jurisdiction: 'England' })).toBe('2025-05-26');
    expect(deadlineLabel({ deadlineDays: 5, deadlineBasis: 'working-days' })).toBe('within 5 working days');
    expect(deadlineLabel({ deadlineDays: 1 })).toBe('within 1 day');
    expect(deadlineLabel({ deadlineDays: 90, deadlineMonths: 3 })).toBe('within 3 months');
  });
});

describe('taskTiming', () => {
  it('a suggested timing reads "Suggested by …" and is never overdue, however long ago its date was', () => {
    for (const today of ['2026-03-14', '2026-03-16', '2027-06-01']) {
      expect(taskTiming(suggested(), on(today))).toEqual({ state: 'suggested', overdue: false, text: 'Suggested by 15 March 2026', notes: [] });
    }
    expect(taskTiming(suggested({ dueDate: null }), on('2026-03-16')).text).toBe('Suggested within 7 days');
    expect(taskTiming(suggested({ deadlineNote: 'Claim within 3 months.' }), on('2026-03-16')).notes).toEqual(['Claim within 3 months.']);
  });

  it('a legal deadline counted from the death reads "Legal deadline: by …", and is overdue only after it passes', () => {
    expect(taskTiming(legal(), on('2026-03-13'))).toMatchObject({ state: 'legal', overdue: false, text: 'Legal deadline: by 13 March 2026' });
    expect(taskTiming(legal(), on('2026-03-14'))).toEqual({
      state: 'overdue',
      overdue: true,
      text: 'Legal deadline was 13 March 2026',
      notes: ['You can still register the death: contact the registration office.'],
    });
    expect(taskTiming(legal({ status: 'in_progress' }), on('2026-04-01')).overdue).toBe(true);
    expect(taskTiming(legal({ status: 'complete' }), on('2026-04-01'))).toMatchObject({ state: 'legal', overdue: false });
    expect(taskTiming(legal({ dueDate: null }), on('2026-04-01', { dateOfDeath: null }))).toMatchObject({ overdue: false, text: 'Legal deadline: within 5 days' });
  });

  it('a legal deadline that had passed before the person started says what can still be done, without "overdue"', () => {
    expect(taskTiming(legal(), on('2026-09-02', { startedOn: '2026-09-01' }))).toEqual({
      state: 'passed-before-start',
      overdue: false,
      text: 'Past the legal deadline (13 March 2026) — you can still do this',
      notes: ['You can still register the death: contact the registration office.'],
    });
    // Due on the day they started: they could still have met it.
    expect(taskTiming(legal(), on('2026-03-14', { startedOn: '2026-03-13' })).overdue).toBe(true);
  });

  it('a legal clock that runs from an event the product cannot know gives "Usually due by …" with the reason, never overdue', () => {
    const england = legal({ clockStartsFrom: 'when the registrar receives the medical certificate', lateNote: 'If the 5 days have passed, you can still register the death.' });
    const context = on('2026-03-12', { jurisdiction: 'England' });
    expect(taskTiming(england, context)).toEqual({
      state: 'estimate',
      overdue: false,
      text: 'Usually due by 13 March 2026',
      notes: ['The 5 days run from when the registrar receives the medical certificate, so your deadline may be later than this.'],
    });
    const later = taskTiming(england, { ...context, today: '2026-04-01' });
    expect(later.overdue).toBe(false);
    expect(later.notes).toContain('If the 5 days have passed, you can still register the death.');
    expect(isOverdue(england, { ...context, today: '2027-01-01' })).toBe(false);
    expect(taskTiming({ ...england, dueDate: null }, context).notes).toEqual(['The 5 days run from when the registrar receives the medical certificate.']);
  });

  it('says when a deadline moved to the next working day, or which holidays a working-day count left out', () => {
    const moved = legal({ deadlineBasis: 'next-working-day', dueDate: '2025-05-27' });
    const context = on('2025-05-22', { dateOfDeath: '2025-05-21', startedOn: '2025-05-21', jurisdiction: 'England' });
    expect(taskTiming(moved, context).notes[0]).toBe('Moved to Tuesday 27 May: Monday 26 May is a bank holiday.');
    // From Saturday 24 May 2025: past the weekend and the bank holiday.
    const fromSaturday = legal({ deadlineBasis: 'next-working-day', dueDate: '2025-05-27' });
    expect(taskTiming(fromSaturday, { ...context, dateOfDeath: '2025-05-19' }).notes[0]).toBe(
      'Moved to Tuesday 27 May: Saturday 24 May is a weekend day and Monday 26 May is a bank holiday.',
    );
    const counted = legal({ deadlineBasis: 'working-days', dueDate: '2025-05-29' });
    expect(taskTiming(counted, context).notes[0]).toBe(
      'Only working days count: weekends and bank holidays are left out (here Monday 26 May, Spring bank holiday).',
    );
    const irish = taskTiming(legal({ deadlineBasis: 'working-days', dueDate: '2025-06-04' }), { ...context, jurisdiction: 'Ireland', dateOfDeath: '2025-05-28' });
    expect(irish.notes[0]).toBe('Only working days count: weekends and public holidays are left out (here Monday 2 June, June public holiday).');
  });

  it('a calendar-day deadline on a weekend stays put, and the task says to aim for the working day before', () => {
    // Scotland, died Friday 6 March 2026: the 8 days end on Saturday 14 March.
    const task = legal({ deadlineDays: 8, dueDate: '2026-03-14' });
    const context = on('2026-03-10', { dateOfDeath: '2026-03-06', startedOn: '2026-03-07' });
    expect(taskTiming(task, context)).toMatchObject({ text: 'Legal deadline: by 14 March 2026' });
    expect(taskTiming(task, context).notes).toEqual([
      'Saturday 14 March is a weekend day, when most offices are closed. The deadline does not move, so aim for Friday 13 March.',
    ]);
    // Once that Friday has gone, the advice is no use.
    expect(taskTiming(task, { ...context, today: '2026-03-14' }).notes).toEqual([]);
  });
});

describe('starting late', () => {
  it('an Irish memory started 6 months after the death has no task overdue, and the registration says what can still be done', () => {
    let n = 0;
    const dateOfDeath = '2026-05-20';
    const startedOn = '2026-11-20';
    const { tasks } = generateChecklist({ jurisdiction: 'Ireland', deceasedName: 'Seán Byrne', dateOfDeath, startedOn }, () => `t${++n}`);
    expect(tasks).toHaveLength(12);
    for (const today of [startedOn, '2026-11-23', '2026-12-31']) {
      const timings = tasks.map((t) => ({ key: t.templateKey, ...taskTiming({ ...t, status: 'pending' }, { today, startedOn, dateOfDeath, jurisdiction: 'Ireland' }) }));
      expect(timings.filter((t) => t.overdue)).toEqual([]);
      const register = timings.find((t) => t.key === 'register-death')!;
      expect(register.state).toBe('passed-before-start');
      expect(register.text).toBe('Past the legal deadline (20 August 2026) — you can still do this');
      expect(register.notes[0]).toContain('You can still register the death');
      // The pension's 3-month limit had passed too: said calmly, never overdue (issue 40, item 1).
      expect(timings.find((t) => t.key === 'claim-benefits')!.text).toBe('Past the limit (20 August 2026) — you can still do this');
      expect(timings.filter((t) => t.state === 'suggested')).toHaveLength(10);
    }
    // Every suggested timing without a limit is still ahead on the day they started.
    expect(tasks.filter((t) => t.deadlineKind === 'suggested' && !t.limit).every((t) => t.dueDate! > startedOn)).toBe(true);
  });
});
