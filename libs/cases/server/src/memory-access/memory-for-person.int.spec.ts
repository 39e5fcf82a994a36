import type { RecordedEvent } from '@afterwards/event-store';
import { memoriesSuite } from '../memory-commands/memories-side.testing';
import { memoryAudience, memoryForPerson } from './memory-for-person';

describe('a memory as another context acts on it for someone', () => {
  const { side, ann, bob } = memoriesSuite();
  let cara: string;
  let dan: string;
  let id: string;
  beforeAll(async () => {
    cara = await side().person('Cara Lowe');
    dan = await side().person('Dan Price');
    id = await side().open(ann, 'Mum', { dateOfBirth: '1941-06-02' });
    await side().run(bob, id, { type: 'JoinCase', invitationId: crypto.randomUUID(), role: 'editor' });
    await side().run(cara, id, { type: 'JoinCase', invitationId: crypto.randomUUID(), role: 'viewer' });
  });

  it('gives each person on it their role, with the details letters quote', async () => {
    expect(await memoryForPerson(side().prisma, ann, id)).toEqual({
      id,
      role: 'owner',
      name: 'Mum',
      deceasedName: 'Margaret Ellis',
      jurisdiction: 'England',
      dateOfBirth: '1941-06-02',
      dateOfDeath: '2026-03-09',
    });
    expect((await memoryForPerson(side().prisma, bob, id))?.role).toBe('editor');
    expect((await memoryForPerson(side().prisma, cara, id))?.role).toBe('viewer');
  });

  it('is nothing for someone not on it, for a missing memory and for an id that is no id', async () => {
    expect(await memoryForPerson(side().prisma, dan, id)).toBeNull();
    expect(await memoryForPerson(side().prisma, ann, crypto.randomUUID())).toBeNull();
    expect(await memoryForPerson(side().prisma, ann, "x' OR 1=1 --")).toBeNull();
  });

  it('sends a change live to the private rooms of everyone on the memory and whoever made it, once each', async () => {
    const recorded = (actor: string) => ({ data: { caseId: id }, metadata: { actor } }) as unknown as RecordedEvent;
    const rooms = (actor: string) => side().prisma.$transaction((tx) => memoryAudience(recorded(actor), tx));
    expect((await rooms(bob)).sort()).toEqual([ann, bob, cara].map((p) => `memories:${p}`).sort());
    // Someone just removed made the change (leaving): they hear of it too.
    expect(await rooms(dan)).toContain(`memories:${dan}`);
    expect(await rooms(dan)).toHaveLength(4);
  });
});
