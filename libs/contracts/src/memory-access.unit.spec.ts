import { describe, expect, it } from '@jest/globals';
import { LEAST_ROLE, MEMORY_ACTIONS, memoriesWhereMay, memoryMay, newMemoryPrivacyStatement, privacyStatement, type MemoryWithPeople } from './memory-access';

describe('who may do what on a memory', () => {
  it('a viewer reads and nothing more', () => {
    expect(MEMORY_ACTIONS.filter((a) => memoryMay('viewer', a))).toEqual(['read']);
  });
  it('an editor also ticks, uploads and writes notes, but neither edits the details, shares, exports nor deletes', () => {
    expect(MEMORY_ACTIONS.filter((a) => memoryMay('editor', a))).toEqual(['read', 'tick', 'upload', 'write-notes', 'tell-organisations']);
  });
  it('the owner may do everything', () => {
    expect(MEMORY_ACTIONS.every((a) => memoryMay('owner', a))).toBe(true);
  });
  it('someone not on the memory may do nothing, not even read', () => {
    for (const action of MEMORY_ACTIONS) {
      expect(memoryMay(null, action)).toBe(false);
      expect(memoryMay(undefined, action)).toBe(false);
    }
  });
  it('every action names the least role it needs', () => {
    expect(Object.keys(LEAST_ROLE).sort()).toEqual([...MEMORY_ACTIONS].sort());
  });
  it('a new note can go only to memories the person may write in', () => {
    const memories = [
      { id: 'a', role: 'viewer' as const },
      { id: 'b', role: 'editor' as const },
      { id: 'c', role: 'owner' as const },
    ];
    expect(memoriesWhereMay(memories, 'write-notes').map((m) => m.id)).toEqual(['b', 'c']);
    expect(memoriesWhereMay([memories[0]!], 'write-notes')).toEqual([]);
  });
});

const own = (name: string, ...others: string[]): MemoryWithPeople => ({
  name,
  role: 'owner',
  people: [{ name: 'Ann Ellis', role: 'owner' }, ...others.map((n) => ({ name: n, role: 'viewer' as const }))],
});
const sharedWithMe = (role: 'editor' | 'viewer'): MemoryWithPeople => ({
  name: "Dad's affairs",
  role,
  people: [
    { name: 'Ben Ellis', role: 'owner' },
    { name: 'Ann Ellis', role },
  ],
});

describe('the privacy statements stay true once a memory is shared', () => {
  it('nothing shared: only you can see it', () => {
    expect(privacyStatement([])).toBe('Everything you keep in Afterwards is encrypted and only you can see it.');
    expect(privacyStatement([own("Mum's affairs")])).toBe('Everything you keep in Afterwards is encrypted and only you can see it.');
    expect(newMemoryPrivacyStatement([own("Mum's affairs")])).toBe('Only you can see your memories.');
  });
  it('a shared memory names who can see it', () => {
    expect(privacyStatement([own("Mum's affairs", 'Cara Ellis')])).toBe(
      "Everything you keep in Afterwards is encrypted and only you can see it, apart from what you have shared: Cara Ellis can see Mum's affairs.",
    );
    expect(privacyStatement([own("Mum's affairs", 'Cara Ellis', 'Dan Ellis'), own('Gran', 'Eve'), own('Uncle Joe')])).toBe(
      "Everything you keep in Afterwards is encrypted and only you can see it, apart from what you have shared: Cara Ellis and Dan Ellis can see Mum's affairs and Eve can see Gran.",
    );
    expect(newMemoryPrivacyStatement([own("Mum's affairs", 'Cara Ellis')])).toBe('Only you will see this memory, unless you share it.');
  });
  it('someone without a name is still counted', () => {
    expect(privacyStatement([own('Gran', ' ')])).toContain('someone can see Gran.');
  });
  it('memories shared with the person are not theirs to describe; writing in one is said plainly', () => {
    expect(privacyStatement([sharedWithMe('viewer')])).toBe('Everything you keep in Afterwards is encrypted and only you can see it.');
    expect(newMemoryPrivacyStatement([sharedWithMe('editor')])).toBe('Only you can see your memories.');
    expect(privacyStatement([sharedWithMe('editor')])).toBe(
      'Everything you keep in Afterwards is encrypted and only you can see it. What you add to a memory shared with you can be seen by everyone on it.',
    );
  });
});
