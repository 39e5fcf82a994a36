// Issue 40, item 3: each jurisdiction's groups and words fit it, and the preview and a real memory read a
// task's timing with the same words (both from taskTiming).
import { describe, expect, it } from '@jest/globals';
import { taskTiming } from './deadline';
import { generateChecklist } from './generate';
import { JURISDICTIONS } from './jurisdiction';

const ids = () => {
  let n = 0;
  return () => `t${++n}`;
};

describe('one label for the preview and a real memory', () => {
  const HEADINGS = { legal: 'Legal deadline', estimate: 'Usually due', suggested: 'Suggested' } as const;

  it('given any task of any jurisdiction, when read without a date of death (the preview) and with one (a memory), then both use the same words', () => {
    for (const jurisdiction of JURISDICTIONS) {
      const preview = generateChecklist({ jurisdiction, deceasedName: 'the person who died' }, ids()).tasks;
      const memory = generateChecklist({ jurisdiction, deceasedName: 'the person who died', dateOfDeath: '2026-11-20', startedOn: '2026-11-21' }, ids()).tasks;
      preview.forEach((task, i) => {
        const before = taskTiming(task, { today: '2026-11-21', startedOn: null, dateOfDeath: null, jurisdiction });
        const after = taskTiming(memory[i]!, { today: '2026-11-21', startedOn: '2026-11-21', dateOfDeath: '2026-11-20', jurisdiction });
        expect([jurisdiction, task.templateKey, before.state]).toEqual([jurisdiction, task.templateKey, after.state]);
        expect(before.text.startsWith(HEADINGS[before.state as keyof typeof HEADINGS])).toBe(true);
        expect(after.text.startsWith(HEADINGS[after.state as keyof typeof HEADINGS])).toBe(true);
      });
    }
  });
});

describe('groups and words fit each jurisdiction', () => {
  const text = (jurisdiction: (typeof JURISDICTIONS)[number]) => JSON.stringify(generateChecklist({ jurisdiction, deceasedName: 'A' }, ids()));

  it("given Ireland's 3-month registration, when grouped, then it is not under 'Immediate (1-5 days)'", () => {
    const register = generateChecklist({ jurisdiction: 'Ireland', deceasedName: 'A' }, ids()).tasks.find((t) => t.templateKey === 'register-death')!;
    expect(register.category).toBe('ongoing');
  });

  it('given the Ireland checklist, then it names no UK-only products or offices', () => {
    expect(text('Ireland')).not.toMatch(/\bISAs?\b|premium bonds?|building societ|HMRC|DVLA|Council Tax|National Insurance|Inheritance Tax|pension tracing|Tell Us Once|£/i);
  });
});
