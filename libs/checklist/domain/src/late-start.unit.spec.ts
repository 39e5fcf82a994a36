// Issue 40, item 2: which tasks must have happened before a memory started late, by one rule.
import { describe, expect, it } from '@jest/globals';
import { addDays } from './dates';
import { generateChecklist } from './generate';
import { JURISDICTIONS } from './jurisdiction';
import { LATE_START_GRACE_DAYS, doneBeforeStartOffer, mustHaveHappenedBeforeStart } from './late-start';

const ids = () => {
  let n = 0;
  return () => `t${++n}`;
};
const offered = (jurisdiction: (typeof JURISDICTIONS)[number], dateOfDeath: string, startedOn: string) =>
  doneBeforeStartOffer(generateChecklist({ jurisdiction, deceasedName: 'A', dateOfDeath, startedOn }, ids()).tasks, { dateOfDeath, startedOn, jurisdiction })
    .map((t) => t.templateKey)
    .sort();

describe('tasks that must have happened before a late start', () => {
  it('given an Irish memory started 6 months after the death, then the funeral, the registration (deadline passed 3 months before) and securing the home are offered', () => {
    expect(offered('Ireland', '2026-05-20', '2026-11-20')).toEqual(['arrange-funeral', 'register-death', 'secure-property']);
  });

  it('given an England memory started 6 months late, then the same first-week tasks are offered, and probate, benefits and tax never are', () => {
    expect(offered('England', '2026-05-20', '2026-11-20')).toEqual(['arrange-funeral', 'register-death', 'secure-property']);
  });

  it('given any jurisdiction started within the grace after a first-week task, then nothing is offered', () => {
    for (const jurisdiction of JURISDICTIONS) expect(offered(jurisdiction, '2026-05-20', '2026-06-10')).toEqual([]);
  });

  it("given Ireland started 2 months after the death, then the registration (3 months, not yet passed) is not offered but the funeral is", () => {
    expect(offered('Ireland', '2026-05-20', '2026-07-20')).toEqual(['arrange-funeral', 'secure-property']);
  });

  it('counts the grace from the end of the usual time: the day after it has run, not before', () => {
    const funeral = { category: 'urgent', deadlineDays: 7, deadlineKind: 'suggested' as const };
    const context = (startedOn: string) => ({ dateOfDeath: '2026-05-20', startedOn, jurisdiction: 'Wales' as const });
    expect(mustHaveHappenedBeforeStart(funeral, context(addDays('2026-05-20', 7 + LATE_START_GRACE_DAYS)))).toBe(false);
    expect(mustHaveHappenedBeforeStart(funeral, context(addDays('2026-05-20', 7 + LATE_START_GRACE_DAYS + 1)))).toBe(true);
    expect(mustHaveHappenedBeforeStart(funeral, { ...context('2026-12-01'), dateOfDeath: null })).toBe(false);
  });
});
