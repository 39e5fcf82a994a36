import type { MemoryDetail } from '@afterwards/contracts';
import type { HttpSession } from '@afterwards/testing';
import { createMemory, useMemoriesProduct } from '@afterwards/testing/memories';

/** Editing a memory's details over HTTP, against the built product on PostgreSQL and Redis (one product for the file). */
describe("Editing a memory's details over HTTP (services profile)", () => {
  let ann: HttpSession;
  useMemoriesProduct((started) => ({ ann } = started));

  it('refuses a stale edit of the details with a clear conflict', async () => {
    const memory = await createMemory(ann, { name: 'Uncle', deceasedName: 'Tom Reed', jurisdiction: 'Wales' });
    const id = memory.memory.id;
    const first = await ann.json<MemoryDetail>(`/api/memories/${id}`, { method: 'PATCH', json: { name: 'Uncle Tom', dateOfDeath: '2026-02-01', expectedDetailsVersion: 0 } });
    expect(first.status).toBe(200);
    expect(first.body.memory).toMatchObject({ name: 'Uncle Tom', dateOfDeath: '2026-02-01', detailsVersion: 1 });
    expect(first.body.tasks.find((t) => t.templateKey === 'register-death')!.dueDate).toBe('2026-02-06');
    const stale = await ann.json(`/api/memories/${id}`, { method: 'PATCH', json: { name: 'Tommy', expectedDetailsVersion: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CASE_CHANGED' });
    const blank = await ann.json(`/api/memories/${id}`, { method: 'PATCH', json: { name: '  ' } });
    expect(blank.body).toMatchObject({ code: 'CASE_INVALID', detail: 'Please enter both case name and deceased name.' });
  });
});
