import { CASE_MESSAGES } from '@afterwards/cases-domain';
import { memoriesSuite } from '../memory-commands/memories-side.testing';
import { GetMemoryController } from './get-memory.http.controller';

describe('opening a memory', () => {
  const { side, route, ann, bob } = memoriesSuite({ route: (s) => new GetMemoryController(s.sessions, s.queries) });

  it('gives its owner the memory whole: details, checklist, files and notes', async () => {
    const id = await side().open(ann, 'Mum');
    await side().run(ann, id, { type: 'AddNote', noteId: crypto.randomUUID(), title: 'Bank', content: 'Rang the bank', category: 'contact' });
    const detail = await route().get(side().request(ann), id);
    expect(detail.memory).toMatchObject({ id, name: 'Mum', deceasedName: 'Margaret Ellis', role: 'owner', ownerName: null });
    expect(detail.tasks.find((t) => t.templateKey === 'register-death')).toMatchObject({ status: 'pending', dueDate: '2026-03-14' });
    expect(detail.documents.length).toBeGreaterThan(0);
    expect(detail.notes.map((n) => n.content)).toEqual(['Rang the bank']);
    expect(detail.people).toEqual([{ id: ann, name: 'Ann Ellis', role: 'owner' }]);
  });

  it("answers 404 CASE_NOT_FOUND for someone else's memory, a missing one and an id that is no id, and 401 signed out", async () => {
    const id = await side().open(ann, 'Dad');
    const notFound = { status: 404, code: 'CASE_NOT_FOUND', message: CASE_MESSAGES.notFound };
    await expect(route().get(side().request(bob), id)).rejects.toMatchObject(notFound);
    await expect(route().get(side().request(ann), crypto.randomUUID())).rejects.toMatchObject(notFound);
    await expect(route().get(side().request(ann), 'not-a-memory')).rejects.toMatchObject(notFound);
    await expect(route().get(side().request(), id)).rejects.toMatchObject({ status: 401, code: 'NOT_SIGNED_IN' });
  });

  it('shows a memory shared with someone to them, with their role and who shared it', async () => {
    const id = await side().open(ann, 'Gran');
    await side().run(bob, id, { type: 'JoinCase', invitationId: crypto.randomUUID(), role: 'viewer' });
    const seen = await route().get(side().request(bob), id);
    expect(seen.memory).toMatchObject({ id, role: 'viewer', ownerName: 'Ann Ellis' });
    expect(seen.people.map((p) => [p.name, p.role])).toEqual([
      ['Ann Ellis', 'owner'],
      ['Bob Shaw', 'viewer'],
    ]);
  });
});
