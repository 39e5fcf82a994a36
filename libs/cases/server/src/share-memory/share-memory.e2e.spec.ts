import { InvitationPreviewSchema, MemoryDetailSchema, MemoryListResponseSchema, MemorySharingSchema } from '@afterwards/contracts';
import { HttpSession, latestMail, type RunningProduct } from '@afterwards/testing';
import { BOB, createMemory, useMemoriesProduct } from '@afterwards/testing/memories';

/** Sharing a memory over HTTP, against the built product on PostgreSQL and Redis (one product for the file). */
describe('Sharing a memory over HTTP (services profile)', () => {
  let product: RunningProduct;
  let ann: HttpSession;
  let bob: HttpSession;
  useMemoriesProduct((started) => ({ product, ann, bob } = started));

  it('invites by e-mail as a viewer who reads only, then an editor who ticks; the person can leave, and then sees nothing', async () => {
    const memory = await createMemory(ann, { name: 'Grandad', deceasedName: 'Walter Finch', jurisdiction: 'Scotland' });
    const id = memory.memory.id;
    const task = memory.tasks[0]!;
    const tick = (http: HttpSession) => http.json(`/api/memories/${id}/tasks/${task.id}`, { method: 'PUT', json: { status: 'complete' } });

    const invited = await ann.json(`/api/memories/${id}/invitations`, { method: 'POST', json: { email: BOB, role: 'viewer' } });
    expect(invited.status).toBe(201);
    expect(MemorySharingSchema.parse(invited.body).invitations).toEqual([expect.objectContaining({ email: BOB, role: 'viewer' })]);
    // Only its owner sees who a memory is shared with.
    expect((await bob.json(`/api/memories/${id}/sharing`)).status).toBe(404);

    // The link is the secret: anyone holding it sees what it is for; only the invited address accepts it.
    const mail = await latestMail(product.outboxDir, BOB, { kind: 'memory-invitation' });
    const token = encodeURIComponent(new URL(mail.links[0]!).searchParams.get('token')!);
    const preview = InvitationPreviewSchema.parse((await new HttpSession(product.url).json(`/api/invitations/${token}`)).body);
    expect(preview).toMatchObject({ memoryName: 'Grandad', deceasedName: 'Walter Finch', role: 'viewer', email: BOB });
    expect((await ann.json(`/api/invitations/${token}/accept`, { method: 'POST' })).status).toBe(403);
    expect((await bob.json(`/api/invitations/${token}/accept`, { method: 'POST' })).body).toEqual({ memoryId: id });

    // A viewer reads everything and changes nothing.
    const listed = MemoryListResponseSchema.parse((await bob.json('/api/memories')).body).memories;
    expect(listed.map((m) => [m.id, m.role])).toEqual([[id, 'viewer']]);
    expect(MemoryDetailSchema.parse((await bob.json(`/api/memories/${id}`)).body).memory.id).toBe(id);
    expect((await tick(bob)).status).toBe(403);

    // Made an editor, the same person ticks; the owner's panel shows them.
    const sharing = MemorySharingSchema.parse((await ann.json(`/api/memories/${id}/sharing`)).body);
    const bobId = sharing.people.find((p) => p.email === BOB)!.id;
    const changed = await ann.json(`/api/memories/${id}/members/${bobId}`, { method: 'PUT', json: { role: 'editor' } });
    expect(MemorySharingSchema.parse(changed.body).people.find((p) => p.id === bobId)).toMatchObject({ role: 'editor' });
    expect((await tick(bob)).status).toBe(200);
    expect(MemoryDetailSchema.parse((await ann.json(`/api/memories/${id}`)).body).tasks[0]).toMatchObject({ status: 'complete' });

    // Leaving: the memory is gone from the person's list and their reads, and stays the owner's.
    expect((await bob.fetch(`/api/memories/${id}/members/me`, { method: 'DELETE' })).status).toBe(204);
    expect((await bob.fetch(`/api/memories/${id}`)).status).toBe(404);
    expect((await bob.json('/api/memories')).body).toEqual({ memories: [] });
    expect(MemorySharingSchema.parse((await ann.json(`/api/memories/${id}/sharing`)).body).people.map((p) => p.role)).toEqual(['owner']);
  });
});
