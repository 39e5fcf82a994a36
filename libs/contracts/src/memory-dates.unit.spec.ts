import { CreateMemoryRequestSchema, EditMemoryRequestSchema, MEMORY_DATE_MESSAGES, memoryDateProblems } from './memories';

// The form and the API parse with these schemas: a date of birth in the future, or after the date of death,
// is refused at both ends with the same words (issue 40, item 10).
describe("a memory's date of birth", () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const base = { name: "Dad's affairs", deceasedName: 'Tom Price', jurisdiction: 'Wales' };

  it('cannot be in the future, nor after the date of death', () => {
    expect(memoryDateProblems({ dateOfBirth: '2027-01-01' }, now)).toEqual([{ path: 'dateOfBirth', message: MEMORY_DATE_MESSAGES.birthInFuture }]);
    expect(memoryDateProblems({ dateOfBirth: '2026-11-20', dateOfDeath: '2026-11-06' }, now)).toEqual([{ path: 'dateOfBirth', message: MEMORY_DATE_MESSAGES.birthAfterDeath }]);
    expect(memoryDateProblems({ dateOfBirth: '1941-11-05', dateOfDeath: '2026-11-06' }, now)).toEqual([]);
    expect(memoryDateProblems({ dateOfBirth: '2026-11-06', dateOfDeath: '2026-11-06' }, now)).toEqual([]);
    expect(memoryDateProblems({ dateOfBirth: null, dateOfDeath: '2026-11-06' }, now)).toEqual([]);
    // Today is never refused, wherever the person is.
    expect(memoryDateProblems({ dateOfBirth: '2026-11-28' }, new Date('2026-11-27T23:30:00Z'))).toEqual([]);
  });

  it('is refused by the create and edit schemas, on the dateOfBirth field', () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const schema of [CreateMemoryRequestSchema, EditMemoryRequestSchema]) {
      const refused = schema.safeParse({ ...base, dateOfBirth: future });
      expect(refused.success).toBe(false);
      expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['dateOfBirth', MEMORY_DATE_MESSAGES.birthInFuture]]);
      const afterDeath = schema.safeParse({ ...base, dateOfDeath: '2026-01-05', dateOfBirth: '2026-02-01' });
      expect(afterDeath.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['dateOfBirth', MEMORY_DATE_MESSAGES.birthAfterDeath]]);
      expect(schema.safeParse({ ...base, dateOfDeath: '2026-01-05', dateOfBirth: '1950-02-01' }).success).toBe(true);
    }
  });
});
