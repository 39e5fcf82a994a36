// Issue 40, item 1: a suggested timing is never later than a limit set in law or by an authority, and says it.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addDays, formatDateEnGB } from './dates';
import { limitDate, limitLabel, taskTiming } from './deadline';
import { generateChecklist } from './generate';
import { JURISDICTIONS } from './jurisdiction';
import { LATEST_TEMPLATE_VERSION, TEMPLATE_SETS } from './templates';

const ids = () => {
  let n = 0;
  return () => `t${++n}`;
};
const isoDay = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2024-01-01', n));

describe('limits set in law or by an authority', () => {
  it('given the England checklist of a death on 6 November 2026 started on 27 November, when it is generated, then benefits are suggested by 6 February 2027 and the limit is stated', () => {
    const checklist = generateChecklist({ jurisdiction: 'England', deceasedName: 'Margaret Jones', dateOfDeath: '2026-11-06', startedOn: '2026-11-27' }, ids());
    const benefits = checklist.tasks.find((t) => t.templateKey === 'claim-benefits')!;

    const timing = taskTiming(benefits, { today: '2026-11-27', startedOn: '2026-11-27', dateOfDeath: '2026-11-06', jurisdiction: 'England' });

    expect(benefits.dueDate).toBe('2027-02-06');
    expect(timing.text).toBe('Suggested by 6 February 2027');
    expect(timing.notes[0]).toBe(
      'Limit: within 3 months of the death (6 February 2027). Bereavement Support Payment is paid in full only if you claim within 3 months of the death; you can claim up to 21 months after the death, but you get less. A Funeral Expenses Payment must be claimed within 6 months of the funeral.',
    );
  });

  it('given every template item with a limit in all five jurisdictions, for any death and start, then the suggested date is never later than the limit', () => {
    const templates = TEMPLATE_SETS.get(LATEST_TEMPLATE_VERSION)!;
    const withLimits = JURISDICTIONS.flatMap((jurisdiction) =>
      generateChecklist({ jurisdiction, deceasedName: 'A', dateOfDeath: '2026-01-01' }, ids())
        .tasks.filter((t) => t.limit)
        .map((t) => ({ jurisdiction, key: t.templateKey })),
    );
    // The audit: each jurisdiction has its limits recorded.
    expect(new Set(withLimits.map((w) => w.jurisdiction))).toEqual(new Set(JURISDICTIONS));
    expect(templates.tasks.items.filter((i) => i.limit).map((i) => i.key)).toEqual(['tell-us-once', 'value-estate', 'claim-benefits', 'tax-affairs']);

    fc.assert(
      fc.property(isoDay, fc.integer({ min: 0, max: 800 }), fc.constantFrom(...JURISDICTIONS), (dateOfDeath, lateBy, jurisdiction) => {
        const startedOn = addDays(dateOfDeath, lateBy);
        for (const task of generateChecklist({ jurisdiction, deceasedName: 'A', dateOfDeath, startedOn }, ids()).tasks) {
          if (!task.limit) continue;
          expect(task.dueDate! <= limitDate(task.limit, dateOfDeath)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('given a limit counted from another event (the Tell Us Once reference number), when read, then it says so and the date counts from the death (the earliest that event can be)', () => {
    const task = generateChecklist({ jurisdiction: 'Scotland', deceasedName: 'A', dateOfDeath: '2026-01-10', startedOn: '2026-01-31' }, ids()).tasks.find(
      (t) => t.templateKey === 'tell-us-once',
    )!;

    const timing = taskTiming(task, { today: '2026-01-31', startedOn: '2026-01-31', dateOfDeath: '2026-01-10', jurisdiction: 'Scotland' });

    expect(limitLabel(task.limit!)).toBe('within 28 days of getting the reference number from the registrar');
    expect(task.dueDate).toBe('2026-02-07');
    expect(timing.text).toBe('Suggested by 7 February 2026');
    expect(timing.notes[0]).toBe('Limit: within 28 days of getting the reference number from the registrar. The Tell Us Once reference number can only be used for 28 days.');
  });

  it('given a Scottish memory, when benefits are read, then the limit names Funeral Support Payment within 6 months of the funeral', () => {
    const task = generateChecklist({ jurisdiction: 'Scotland', deceasedName: 'A', dateOfDeath: '2026-01-10' }, ids()).tasks.find((t) => t.templateKey === 'claim-benefits')!;
    expect(task.limit?.note).toContain('Funeral Support Payment from Social Security Scotland must be applied for within 6 months of the funeral.');
  });

  it('given Inheritance Tax, when the limit is counted, then it is the end of the sixth month after the death', () => {
    const tax = generateChecklist({ jurisdiction: 'Wales', deceasedName: 'A', dateOfDeath: '2026-11-06', startedOn: '2027-03-01' }, ids()).tasks.find(
      (t) => t.templateKey === 'tax-affairs',
    )!;
    expect(limitLabel(tax.limit!)).toBe('by the end of the sixth month after the death');
    expect(tax.dueDate).toBe('2027-05-31');
  });

  it('given a limit that had passed when the memory was started, when it is read, then it says so calmly and what can still be done', () => {
    const benefits = generateChecklist({ jurisdiction: 'Northern Ireland', deceasedName: 'A', dateOfDeath: '2026-01-10', startedOn: '2026-06-30' }, ids()).tasks.find(
      (t) => t.templateKey === 'claim-benefits',
    )!;
    const timing = taskTiming(benefits, { today: '2026-06-30', startedOn: '2026-06-30', dateOfDeath: '2026-01-10', jurisdiction: 'Northern Ireland' });
    expect(timing).toMatchObject({ state: 'passed-before-start', overdue: false, text: `Past the limit (${formatDateEnGB('2026-04-10')}) — you can still do this` });
  });

  it('given a memory generated from the earlier template version, when its rule is read, then it gets the limit too', async () => {
    const { deadlineRuleOf } = await import('./generate');
    expect(deadlineRuleOf('2026-11-21', 'England', 'claim-benefits', 'A').limit).toMatchObject({ months: 3, after: null });
  });
});
