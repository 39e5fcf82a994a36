import ICAL from 'ical.js';
import { MemoryDetailSchema, MemoryListResponseSchema, ProblemDetailsSchema, type MemoryDetail } from '@afterwards/contracts';
import { documentProgress, progressOf, progressTally, taskProgress } from '@afterwards/cases-domain';
import { HttpSession, type RunningProduct } from '@afterwards/testing';
import { createMemory, useMemoriesProduct } from '@afterwards/testing/memories';

/** Marking tasks and documents 'not needed' or 'done before' over HTTP, against the built product on PostgreSQL and Redis (one product for the file). */
describe("Marking tasks and documents 'not needed' or 'done before' over HTTP (services profile)", () => {
  let product: RunningProduct;
  let ann: HttpSession;
  let bob: HttpSession;
  useMemoriesProduct((started) => ({ product, ann, bob } = started));

  it("lets a family mark tasks and documents 'not needed' or 'done before I started', so 100% is reachable", async () => {
    let memory = await createMemory(ann, { name: 'Late start', deceasedName: 'Rose Hall', jurisdiction: 'Wales', dateOfDeath: '2026-01-05' });
    const id = memory.memory.id;
    const [first, ...rest] = memory.tasks;
    const put = (url: string, json: unknown) => ann.json<MemoryDetail>(url, { method: 'PUT', json });
    const marked = await put(`/api/memories/${id}/tasks/${first!.id}/settlement`, { kind: 'done_before', reason: 'Registered the death before we found this' });
    expect(marked.status).toBe(200);
    memory = MemoryDetailSchema.parse(marked.body);
    expect(memory.tasks[0]!.settled).toMatchObject({ kind: 'done_before', reason: 'Registered the death before we found this' });
    expect(memory.memory.progress.tasksSettled).toBe(1);

    // Bad input: an unknown kind and an over-long reason, each a 400 that changes nothing.
    for (const body of [{ kind: 'maybe' }, { kind: 'not_needed', reason: 'x'.repeat(501) }]) {
      const refused = await put(`/api/memories/${id}/tasks/${rest[0]!.id}/settlement`, body);
      expect([refused.status, ProblemDetailsSchema.parse(refused.body).status]).toEqual([400, 400]);
    }
    // A completed task is done already; someone else's memory is not found.
    await put(`/api/memories/${id}/tasks/${rest[0]!.id}`, { status: 'complete' });
    const done = await put(`/api/memories/${id}/tasks/${rest[0]!.id}/settlement`, { kind: 'not_needed' });
    expect([done.status, ProblemDetailsSchema.parse(done.body).code]).toEqual([409, 'ITEM_ALREADY_DONE']);
    expect((await bob.json(`/api/memories/${id}/tasks/${rest[1]!.id}/settlement`, { method: 'PUT', json: { kind: 'not_needed' } })).status).toBe(404);
    expect((await bob.json(`/api/memories/${id}/tasks/${first!.id}/settlement`, { method: 'DELETE' })).status).toBe(404);

    // Everything else not needed: the memory reaches 100%.
    for (const task of rest.slice(1)) expect((await put(`/api/memories/${id}/tasks/${task.id}/settlement`, { kind: 'not_needed' })).status).toBe(200);
    for (const document of memory.documents) expect((await put(`/api/memories/${id}/documents/${document.id}/settlement`, { kind: 'not_needed', reason: null })).status).toBe(200);
    memory = MemoryDetailSchema.parse((await ann.json(`/api/memories/${id}`)).body);
    expect(memory.memory.progress).toMatchObject({ percent: 100, tasksCompleted: 1, tasksSettled: memory.tasks.length - 1, documentsSettled: memory.documents.length });
    const listed = MemoryListResponseSchema.parse((await ann.json('/api/memories')).body).memories.find((m) => m.id === id)!;
    expect(listed.progress.percent).toBe(100);
    // One rule (issue 40, item 8): the list, the details and the items themselves give the same counts.
    const tasks = progressOf(memory.tasks.map(taskProgress));
    const documents = progressOf(memory.documents.map(documentProgress));
    expect(tasks).toMatchObject({ total: memory.tasks.length, done: memory.tasks.length, completed: 1, notNeeded: memory.tasks.length - 2, doneBefore: 1, open: 0 });
    for (const progress of [listed.progress, memory.memory.progress]) {
      expect(progress.tasks).toEqual(progressTally(tasks));
      expect(progress.documents).toEqual(progressTally(documents));
      expect(progress.overall).toMatchObject({ done: memory.tasks.length + memory.documents.length, open: 0, percent: 100 });
    }

    // Add to calendar: the one task still to do is the one event; nobody else gets the file.
    await put(`/api/memories/${id}/tasks/${first!.id}/settlement`, { kind: 'done_before', reason: null });
    expect((await ann.fetch(`/api/memories/${id}/tasks/${first!.id}/settlement`, { method: 'DELETE' })).status).toBe(200);
    const ics = await ann.fetch(`/api/memories/${id}/calendar.ics`);
    expect([ics.status, ics.headers.get('content-type'), ics.headers.get('content-disposition')]).toEqual([
      200,
      'text/calendar; charset=utf-8',
      'attachment; filename="Late-start-deadlines.ics"',
    ]);
    const calendar = new ICAL.Component(ICAL.parse(await ics.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.summary, e.startDate.isDate])).toEqual([
      [`${first!.id}@afterwards`, `${first!.title} (${first!.deadlineKind === 'statutory' ? 'legal deadline' : 'suggested'})`, true],
    ]);
    expect((await bob.fetch(`/api/memories/${id}/calendar.ics`)).status).toBe(404);
    expect((await new HttpSession(product.url).fetch(`/api/memories/${id}/calendar.ics`)).status).toBe(401);

    // Undo: the task is open again and progress drops.
    const undone = await ann.json<MemoryDetail>(`/api/memories/${id}/tasks/${first!.id}/settlement`, { method: 'DELETE' });
    memory = MemoryDetailSchema.parse(undone.body);
    expect(memory.tasks[0]!.settled).toBeNull();
    expect(memory.memory.progress.percent).toBeLessThan(100);
  });
});
