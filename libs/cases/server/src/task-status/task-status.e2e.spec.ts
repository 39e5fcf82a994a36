import { MemoryDetailSchema, type MemoryDetail } from '@afterwards/contracts';
import { signedIn, type HttpSession, type RunningProduct } from '@afterwards/testing';
import { createMemory, MEMORIES_PASSWORD, useMemoriesProduct } from '@afterwards/testing/memories';

/** Ticking a task over HTTP, against the built product on PostgreSQL and Redis (one product for the file). */
describe('Ticking a task over HTTP (services profile)', () => {
  let product: RunningProduct;
  let ann: HttpSession;
  useMemoriesProduct((started) => ({ product, ann } = started));

  const signIn = (email: string) => signedIn(product, email, MEMORIES_PASSWORD);

  it('never loses a task update when two tabs change tasks at the same time', async () => {
    const memory = await createMemory(ann, { name: 'Gran', deceasedName: 'Iris Bell', jurisdiction: 'England' });
    const otherTab = await signIn('ann.memories@example.test'); // a second device of the same person
    const tasks = memory.tasks.slice(0, 8);
    const results = await Promise.all(
      tasks.map((t, i) => (i % 2 ? otherTab : ann).json(`/api/memories/${memory.memory.id}/tasks/${t.id}`, { method: 'PUT', json: { status: 'complete' } })),
    );
    expect(results.map((r) => r.status)).toEqual(tasks.map(() => 200));
    const after = MemoryDetailSchema.parse((await ann.json(`/api/memories/${memory.memory.id}`)).body);
    expect(
      after.tasks
        .filter((t) => t.status === 'complete')
        .map((t) => t.id)
        .sort(),
    ).toEqual(tasks.map((t) => t.id).sort());
    expect(after.memory.progress.tasksCompleted).toBe(8);
    // The same intent twice is not a conflict: the task is simply complete.
    const again = await ann.json(`/api/memories/${memory.memory.id}/tasks/${tasks[0]!.id}`, { method: 'PUT', json: { status: 'complete' } });
    expect(again.status).toBe(200);
    const reopened = await ann.json<MemoryDetail>(`/api/memories/${memory.memory.id}/tasks/${tasks[0]!.id}`, { method: 'PUT', json: { status: 'pending' } });
    expect(reopened.body.tasks.find((t) => t.id === tasks[0]!.id)).toMatchObject({ status: 'pending', completedAt: null });
  });
});
