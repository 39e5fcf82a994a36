import { memoriesSuite } from '../memory-commands/memories-side.testing';
import { GetMemoryController } from '../get-memory/get-memory.http.controller';
import { GetMemory } from '../get-memory/get-memory.query';
import { ListMemoriesController } from './list-memories.http.controller';

describe("the dashboard's list of memories", () => {
  const { side, route, ann, bob } = memoriesSuite({ route: (s) => new ListMemoriesController(s.sessions, s.queries) });

  it("lists the person's own memories and those shared with them, newest first; include=details gives each whole, equal to its own read", async () => {
    const mum = await side().open(ann, 'Mum');
    const dad = await side().open(ann, 'Dad');
    const bobs = await side().open(bob, 'Aunt');
    await side().run(ann, bobs, { type: 'JoinCase', invitationId: crypto.randomUUID(), role: 'editor' });
    const [firstTask] = (await side().queries.execute(new GetMemory(ann, mum))).tasks;
    await side().run(ann, mum, { type: 'CompleteTask', taskId: firstTask!.id });

    const list = await route().list(side().request(ann), {});
    expect(list.memories.map((m) => [m.name, m.role, m.ownerName])).toEqual([
      ['Aunt', 'editor', 'Bob Shaw'],
      ['Dad', 'owner', null],
      ['Mum', 'owner', null],
    ]);
    expect(list.memories.find((m) => m.id === mum)!.progress.tasksCompleted).toBe(1);
    expect(list.details).toBeUndefined();

    const whole = await route().list(side().request(ann), { include: 'details' });
    expect(whole.memories).toEqual(list.memories);
    const get = new GetMemoryController(side().sessions, side().queries);
    for (const detail of whole.details!) expect(detail).toEqual(await get.get(side().request(ann), detail.memory.id));
    expect(whole.details!.map((d) => d.memory.id)).toEqual([bobs, dad, mum]);
  });

  it('shows nothing of anyone else, refuses an unknown include, and answers 401 signed out', async () => {
    const cara = await side().person('Cara Lowe');
    expect(await route().list(side().request(cara), {})).toEqual({ memories: [] });
    await expect(route().list(side().request(cara), { include: 'everything' })).rejects.toMatchObject({ issues: [{ path: ['include'] }] });
    await expect(route().list(side().request(), {})).rejects.toMatchObject({ status: 401, code: 'NOT_SIGNED_IN' });
  });
});
