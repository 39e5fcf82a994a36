import { digestOn, type DigestMemory } from './reminder-digest';
import { letterOn, lettersNote } from './reminder-letters';

const letter = { entryId: 'e1', name: 'Nationwide', sentOn: '2026-11-03', usualReplyDays: 21 };
const memory = (over: Partial<DigestMemory> = {}): DigestMemory => ({
  caseId: 'c1',
  memoryName: 'Mum',
  deceasedName: 'Margaret Ellis',
  ownerName: 'Ann',
  role: 'owner',
  startedAt: new Date('2026-10-01T09:00:00Z'),
  tasks: [],
  letters: [letter],
  ...over,
});

describe('letters waiting for a reply in the daily e-mail', () => {
  it('mentions a letter from the day it is waiting, and then weekly when nothing else is due', () => {
    expect(letterOn(letter, '2026-11-23', false)).toBeNull();
    expect(letterOn(letter, '2026-11-24', false)).toEqual({ entryId: 'e1', line: 'Nationwide has not replied to your letter of 3 November' });
    expect(letterOn(letter, '2026-11-25', false)).toBeNull();
    expect(letterOn(letter, '2026-12-01', false)).not.toBeNull();
  });

  it('rides along in any e-mail that goes anyway', () => {
    expect(letterOn(letter, '2026-11-25', true)).not.toBeNull();
    expect(letterOn(letter, '2026-11-20', true)).toBeNull();
  });

  it('makes an e-mail of its own, with a note on what to do', () => {
    const digest = digestOn([memory()], '2026-11-24')!;
    expect(digest.subject).toBe('Reminders for Margaret Ellis: 1 thing this week');
    expect(digest.sections[0]).toMatchObject({ items: [], lines: ['Nationwide has not replied to your letter of 3 November'] });
    expect(digest.sections[0]!.note).toBe(lettersNote(true, 'Ann', 1));
    expect(digestOn([memory()], '2026-11-25')).toBeNull();
  });

  it('tells a viewer who keeps them', () => {
    expect(digestOn([memory({ role: 'viewer' })], '2026-11-24')!.sections[0]!.note).toBe("Ann can see this in the memory's Organisations.");
  });

  it("says nothing in a memory's first day", () => {
    expect(digestOn([memory({ startedAt: new Date('2026-11-24T07:00:00Z') })], '2026-11-24')).toBeNull();
  });
});
