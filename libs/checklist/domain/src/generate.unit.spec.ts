import { describe, expect, it } from '@jest/globals';
import { ChecklistError } from './checklist.errors';
import { isOverdue } from './deadline';
import { deadlineRuleOf, dueText, generateChecklist, withDeadlineRule, type ChecklistInput } from './generate';
import { JURISDICTIONS, type Jurisdiction } from './jurisdiction';

function counter(): () => string {
  let n = 0;
  return () => `id-${++n}`;
}

function generate(input: Partial<ChecklistInput> & { jurisdiction: Jurisdiction }) {
  return generateChecklist({ deceasedName: 'Margaret Ellis', ...input }, counter());
}

const byKey = <T extends { templateKey: string }>(items: T[], key: string): T => {
  const found = items.find((i) => i.templateKey === key);
  if (!found) throw new Error(`no ${key} in ${items.map((i) => i.templateKey).join(', ')}`);
  return found;
};

describe('generateChecklist', () => {
  it.each(JURISDICTIONS)('gives %s 12 tasks and 20 documents, each with a source, a review date and a fresh id', (jurisdiction) => {
    const checklist = generate({ jurisdiction });
    expect(checklist.jurisdiction).toBe(jurisdiction);
    expect(checklist.tasks).toHaveLength(12);
    expect(checklist.documents).toHaveLength(20);
    const all = [...checklist.tasks, ...checklist.documents];
    expect(new Set(all.map((i) => i.id)).size).toBe(32);
    for (const item of all) {
      expect(item.source).toMatch(/^https:\/\//);
      expect(item.lastReviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(JSON.stringify(item)).not.toContain('{deceasedName}');
    }
  });

  it('orders tasks by category priority, then deadline', () => {
    const { tasks } = generate({ jurisdiction: 'England' });
    const keys = tasks.map((t) => [t.priority, t.deadlineDays] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(tasks[0]!.templateKey).toBe('register-death');
    expect(tasks[0]!.priority).toBe(1);
    expect(tasks.at(-1)!.templateKey).toBe('distribute-estate');
  });

  it('fills in the name of the person who died', () => {
    const { tasks } = generate({ jurisdiction: 'Wales', deceasedName: '  Dai Jones ' });
    expect(byKey(tasks, 'register-death').description).toContain('Register the death of Dai Jones with');
  });

  it('uses plain words when no name is given', () => {
    const { tasks } = generate({ jurisdiction: 'Wales', deceasedName: '  ' });
    expect(byKey(tasks, 'register-death').description).toContain('the death of the person who died');
  });

  describe('England and Wales', () => {
    it.each(['England', 'Wales'] as const)('%s: 5-day registration counted from the medical certificate, Tell Us Once, probate fee £300', (jurisdiction) => {
      const { tasks, documents } = generate({ jurisdiction });
      const register = byKey(tasks, 'register-death');
      expect(register.deadlineDays).toBe(5);
      expect(register.deadlineNote).toContain('9 September 2024');
      expect(byKey(tasks, 'tell-us-once').limit?.days).toBe(28);
      const probate = byKey(tasks, 'apply-probate');
      expect(probate.cost).toContain('£300');
      expect(probate.cost).not.toContain('£273');
      expect(probate.checkFigure).toBe(true);
      expect(probate.figureNote).toContain('SI 2024/476');
      const certificate = byKey(documents, 'death-certificate');
      expect(certificate).toMatchObject({ recommendedCopies: 6, multipleCopies: true, checkFigure: true, cost: '£12.50 per certificate' });
      const iht = byKey(documents, 'inheritance-tax-forms');
      expect(iht.title).toContain('IHT400');
      expect(iht.description).toContain('IHT205 was withdrawn');
    });
  });

  it('Scotland: 8-day registration, confirmation with form C1 and no C5', () => {
    const { tasks, documents } = generate({ jurisdiction: 'Scotland', dateOfDeath: '2026-03-06' });
    const register = byKey(tasks, 'register-death');
    expect(register.deadlineDays).toBe(8);
    expect(register.deadlineNote).toBeNull();
    expect(register.dueDate).toBe('2026-03-14');
    expect(register.description).toContain('any registration office in Scotland');
    const confirmation = byKey(tasks, 'apply-probate');
    expect(confirmation.title).toBe('Apply for confirmation');
    expect(confirmation.documentsNeeded).toContain('Form C1');
    expect(confirmation.steps.join(' ')).toContain('£36,000');
    expect(byKey(documents, 'probate-application').title).toBe('Confirmation form C1');
    expect(byKey(documents, 'probate-application').description).toContain('C5 forms are not needed');
    expect(byKey(documents, 'death-certificate').cost).toContain('Abbreviated certificate free');
    expect(tasks.map((t) => t.templateKey)).toContain('tell-us-once');
  });

  it('Northern Ireland: no Tell Us Once, 5 days unless the coroner is involved, rates instead of council tax', () => {
    const { tasks, documents } = generate({ jurisdiction: 'Northern Ireland' });
    expect(tasks.map((t) => t.templateKey)).not.toContain('tell-us-once');
    expect(JSON.stringify(tasks)).not.toContain('Use Tell Us Once');
    expect(byKey(tasks, 'tell-government-ni').description).toContain('Tell Us Once is not available in Northern Ireland');
    const register = byKey(tasks, 'register-death');
    expect(register.deadlineDays).toBe(5);
    expect(register.description).toContain('unless the coroner is involved');
    expect(register.source).toContain('nidirect.gov.uk');
    expect(byKey(documents, 'council-tax').title).toBe('Rates bill');
    expect(byKey(documents, 'passport').neededFor).not.toContain('Tell Us Once');
  });

  it('Ireland: 3-month free registration with the Death Notification Form, SA.2, CAT, IT38, €20 certificates, Probate Office', () => {
    const { tasks, documents } = generate({ jurisdiction: 'Ireland', dateOfDeath: '2026-11-30' });
    expect(tasks.map((t) => t.templateKey)).not.toContain('tell-us-once');
    const register = byKey(tasks, 'register-death');
    expect(register).toMatchObject({ deadlineMonths: 3, deadlineLabel: 'within 3 months', dueDate: '2027-02-28' });
    expect(register.cost).toContain('Registration is free');
    expect(register.documentsNeeded).toContain('Death Notification Form');
    expect(byKey(documents, 'medical-certificate').title).toBe('Death Notification Form');
    expect(byKey(documents, 'death-certificate')).toMatchObject({ cost: '€20 per certificate', checkFigure: true });
    expect(byKey(documents, 'inheritance-tax-forms').title).toBe('Statement of Affairs (Form SA.2)');
    expect(byKey(tasks, 'apply-probate').howToComplete).toContain('Probate Office');
    expect(byKey(tasks, 'apply-probate').steps[0]).toContain('SA.2');
    const tax = byKey(tasks, 'tax-affairs');
    expect(tax.deadlineNote).toContain('IT38');
    expect(tax.steps.join(' ')).toContain('33%');
    expect(byKey(tasks, 'value-estate').whyNeeded).toContain('€400,000');
    expect(byKey(documents, 'p60-p45').title).toBe('Employment Detail Summary');
    const text = JSON.stringify({ tasks, documents });
    expect(text).not.toMatch(/HMRC|IHT|£/);
  });

  it('no jurisdiction mentions the outdated figures of the 2024 seed', () => {
    for (const jurisdiction of JURISDICTIONS) {
      const text = JSON.stringify(generate({ jurisdiction }));
      expect(text).not.toContain('£11');
      expect(text).not.toContain('£273');
      expect(text).not.toMatch(/IHT205 (under|for)/);
    }
  });

  it('gives no due dates without a date of death, only deadlines in days', () => {
    const { tasks } = generate({ jurisdiction: 'England' });
    expect(tasks.every((t) => t.dueDate === null)).toBe(true);
    expect(dueText(byKey(tasks, 'register-death'))).toBe('Register the death: within 5 days');
  });

  it('turns each deadline into a real date from the date of death', () => {
    const { tasks } = generate({ jurisdiction: 'England', dateOfDeath: '2026-03-09' });
    expect(dueText(byKey(tasks, 'register-death'))).toBe('Register the death: by 14 March 2026');
    expect(byKey(tasks, 'arrange-funeral').dueDate).toBe('2026-03-16');
    expect(byKey(tasks, 'distribute-estate').dueDate).toBe('2027-03-09');
  });

  it('snapshots the template version it used', () => {
    const checklist = generate({ jurisdiction: 'England' });
    expect(checklist.templateVersion).toBe('2026-11-27');
    expect(generate({ jurisdiction: 'England', templateVersion: '2026-11-27' })).toEqual(checklist);
  });

  it('refuses an unknown template version or jurisdiction with a code', () => {
    expect(() => generate({ jurisdiction: 'England', templateVersion: '1999-01-01' })).toThrow(
      expect.objectContaining({ code: 'CHECKLIST_TEMPLATE_VERSION_UNKNOWN' }) as unknown as Error,
    );
    let error: unknown;
    try {
      generate({ jurisdiction: 'Atlantis' as Jurisdiction });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ChecklistError);
    expect((error as ChecklistError).code).toBe('CHECKLIST_JURISDICTION_UNKNOWN');
  });

  it('refuses a date of death that is not a date', () => {
    expect(() => generate({ jurisdiction: 'England', dateOfDeath: '2026-02-30' })).toThrow(RangeError);
  });
});

describe('deadline kinds in the checklist', () => {
  it.each(JURISDICTIONS)('%s: registering the death is the one legal deadline; every other task is a suggested timing', (jurisdiction) => {
    const { tasks } = generate({ jurisdiction });
    expect(tasks.filter((t) => t.deadlineKind === 'statutory').map((t) => t.templateKey)).toEqual(['register-death']);
    for (const task of tasks.filter((t) => t.deadlineKind === 'suggested')) {
      expect(task).toMatchObject({ deadlineBasis: 'calendar', clockStartsFrom: null, lateNote: null });
    }
    expect(byKey(tasks, 'register-death').lateNote).toMatch(/^(If the 5 days have passed, you|You) can still register the death/);
  });

  it('counts each registration deadline as the law does (CONTENT-FACTS), and says where the clock may not have started', () => {
    const rule = (jurisdiction: Jurisdiction) => byKey(generate({ jurisdiction }).tasks, 'register-death');
    // England and Wales: 5 days from when the registrar receives the medical certificate, which the product cannot know.
    for (const j of ['England', 'Wales'] as const) {
      expect(rule(j)).toMatchObject({ deadlineKind: 'statutory', deadlineBasis: 'calendar', deadlineDays: 5 });
      expect(rule(j).clockStartsFrom).toContain('registrar receives the medical certificate');
    }
    expect(rule('Scotland')).toMatchObject({ deadlineKind: 'statutory', deadlineBasis: 'calendar', deadlineDays: 8, clockStartsFrom: null });
    expect(rule('Northern Ireland')).toMatchObject({ deadlineKind: 'statutory', deadlineBasis: 'calendar', deadlineDays: 5, clockStartsFrom: null });
    expect(rule('Ireland')).toMatchObject({ deadlineKind: 'statutory', deadlineBasis: 'calendar', deadlineMonths: 3, clockStartsFrom: null });
  });

  it('counts suggested timings from the day the memory was started when that is after the death; legal ones from the death', () => {
    const { tasks } = generate({ jurisdiction: 'Ireland', dateOfDeath: '2026-05-20', startedOn: '2026-11-20' });
    expect(byKey(tasks, 'register-death').dueDate).toBe('2026-08-20');
    expect(byKey(tasks, 'arrange-funeral').dueDate).toBe('2026-11-27');
    expect(byKey(tasks, 'distribute-estate').dueDate).toBe('2027-11-20');
    // Started on the day of death (or before a date of death entered later): counted from the death.
    const sameDay = generate({ jurisdiction: 'Ireland', dateOfDeath: '2026-05-20', startedOn: '2026-05-20' }).tasks;
    expect(byKey(sameDay, 'arrange-funeral').dueDate).toBe('2026-05-27');
  });

  it('fills in the rule of a task recorded before tasks carried one, from its template version', () => {
    const legacy = { templateKey: 'register-death', title: 'Register the death' };
    expect(withDeadlineRule(legacy, { templateVersion: '2026-11-21', jurisdiction: 'Scotland', deceasedName: 'Jean' })).toMatchObject({
      deadlineKind: 'statutory',
      clockStartsFrom: null,
    });
    expect(deadlineRuleOf('2026-11-21', 'England', 'arrange-funeral', 'Jean').deadlineKind).toBe('suggested');
    // Unknown to the template: a suggested timing, which can never be marked overdue.
    expect(deadlineRuleOf('1999-01-01', 'England', 'register-death', 'Jean').deadlineKind).toBe('suggested');
    expect(deadlineRuleOf('2026-11-21', 'Ireland', 'tell-us-once', 'Jean').deadlineKind).toBe('suggested');
  });

  it('marks as overdue only the legal deadline whose clock runs from the death, once it has passed', () => {
    const pending = <T extends object>(t: T) => ({ ...t, status: 'pending' });
    const scotland = generate({ jurisdiction: 'Scotland', dateOfDeath: '2026-03-09', startedOn: '2026-03-10' }).tasks;
    const context = { today: '2026-04-30', startedOn: '2026-03-10', dateOfDeath: '2026-03-09', jurisdiction: 'Scotland' as const };
    expect(scotland.filter((t) => isOverdue(pending(t), context)).map((t) => t.templateKey)).toEqual(['register-death']);
    // England: the 5 days may not have started on the estimated date, so nothing is overdue.
    const england = generate({ jurisdiction: 'England', dateOfDeath: '2026-03-09', startedOn: '2026-03-10' }).tasks;
    expect(england.filter((t) => isOverdue(pending(t), { ...context, jurisdiction: 'England' }))).toEqual([]);
  });
});
