import { CASE_MESSAGES } from '@afterwards/cases-domain';
import { GetMemory } from '../get-memory/get-memory.query';
import { memoriesSuite } from '../memory-commands/memories-side.testing';
import { DocumentCollectedController } from './document-collected.http.controller';

describe("a document's collected checkbox", () => {
  const { side, route, ann, bob } = memoriesSuite({ route: (s) => new DocumentCollectedController(s.memories) });
  let id: string;
  let documentId: string;
  beforeAll(async () => {
    id = await side().open(ann);
    documentId = (await side().queries.execute(new GetMemory(ann, id))).documents[0]!.id;
  });

  it('sets the wanted state and answers the memory with its count moved; the same state again changes nothing', async () => {
    const collected = await route().set(side().request(ann), id, documentId, { collected: true });
    expect(collected.documents[0]).toMatchObject({ id: documentId, collected: true });
    expect(collected.documents[0]!.collectedAt).not.toBeNull();
    expect(collected.memory.progress.documentsCollected).toBe(1);
    const again = await route().set(side().request(ann), id, documentId, { collected: true });
    expect(again.documents[0]!.collectedAt).toBe(collected.documents[0]!.collectedAt);
    const unticked = await route().set(side().request(ann), id, documentId, { collected: false });
    expect(unticked.documents[0]).toMatchObject({ collected: false, collectedAt: null });
    expect(unticked.memory.progress.documentsCollected).toBe(0);
  });

  it('refuses a viewer in words, someone not on the memory with 404, a body without the state, and anyone signed out', async () => {
    await side().run(bob, id, { type: 'JoinCase', invitationId: crypto.randomUUID(), role: 'viewer' });
    await expect(route().set(side().request(bob), id, documentId, { collected: true })).rejects.toMatchObject({ code: 'CASE_READ_ONLY', message: CASE_MESSAGES.readOnly });
    const cara = await side().person('Cara Lowe');
    await expect(route().set(side().request(cara), id, documentId, { collected: true })).rejects.toMatchObject({ code: 'CASE_NOT_FOUND', message: CASE_MESSAGES.notFound });
    await expect(route().set(side().request(ann), id, documentId, {})).rejects.toMatchObject({ issues: [{ path: ['collected'] }] });
    // Signed out is 401 before the body is even read.
    await expect(route().set(side().request(), id, documentId, {})).rejects.toMatchObject({ status: 401, code: 'NOT_SIGNED_IN' });
    expect((await side().queries.execute(new GetMemory(ann, id))).documents[0]!.collected).toBe(false);
  });
});
