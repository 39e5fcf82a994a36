import { randomUUID } from 'node:crypto';
import { CASE_MESSAGES, caseStreamId, type CaseCommand } from '@afterwards/cases-domain';
import type { ProjectionsService } from '@afterwards/server-kit';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { getMemoryDetail } from '../read-model/memory.queries';
import { memoriesSuite } from '../memory-commands/memories-side.testing';
import type { OwnerCommand } from '../memory-commands/memory-commands';
import { CasePipeline } from './case-pipeline';
import { ChangeCase } from './change-case.command';
import { ChangeCaseHandler } from './change-case.handler';

describe('changing a memory through the ChangeCase command', () => {
  const { side, ann, bob } = memoriesSuite();
  let handler: ChangeCaseHandler;
  beforeAll(() => {
    handler = new ChangeCaseHandler(new CasePipeline(side().store, side().projections as unknown as ProjectionsService));
  });
  const change = (actor: string, command: OwnerCommand) => handler.execute(new ChangeCase({ ...command, actorId: actor, at: new Date().toISOString() } as CaseCommand, { actor }));
  const stream = async (caseId: string) => (await side().store.readStream(caseStreamId(caseId))).map((e) => e.type);

  it('answers what it appended and where, the position to wait on for the read model; a repeated intent appends nothing', async () => {
    const caseId = randomUUID();
    const opened = await change(ann, {
      type: 'OpenCase',
      caseId,
      details: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09' },
      ids: randomUUID,
    });
    expect(opened).toMatchObject({ caseId, eventTypes: ['CaseOpened', 'ChecklistGenerated'], revision: 1n, position: expect.anything() });
    await side().projections.waitUntilApplied(memoriesProjection.name, opened.position!);
    const taskId = (await getMemoryDetail(side().prisma, ann, caseId))!.tasks[0]!.id;

    const ticked = await change(ann, { type: 'CompleteTask', caseId, taskId });
    expect(ticked).toMatchObject({ eventTypes: ['TaskCompleted'], revision: 2n });
    // Waiting is the caller's (a route's read-your-writes, the account erasure's purge): the position says until when.
    await side().projections.waitUntilApplied(memoriesProjection.name, ticked.position!);
    expect((await getMemoryDetail(side().prisma, ann, caseId))!.tasks[0]!.status).toBe('complete');
    expect(await change(ann, { type: 'CompleteTask', caseId, taskId })).toEqual({ caseId, revision: 2n, eventTypes: [], position: undefined });
    expect(await stream(caseId)).toEqual(['CaseOpened', 'ChecklistGenerated', 'TaskCompleted']);
  });

  it('refuses a change the person may not make in words, appending nothing', async () => {
    const caseId = await side().open(ann, 'Dad');
    await side().run(bob, caseId, { type: 'JoinCase', invitationId: randomUUID(), role: 'viewer' });
    const before = await stream(caseId);
    await expect(change(bob, { type: 'AddNote', caseId, noteId: randomUUID(), title: 'Bank', content: 'Rang' })).rejects.toMatchObject({
      code: 'CASE_READ_ONLY',
      message: CASE_MESSAGES.readOnly,
    });
    await expect(change(await side().person('Cara Lowe'), { type: 'DeleteCase', caseId })).rejects.toMatchObject({ code: 'CASE_NOT_FOUND' });
    expect(await stream(caseId)).toEqual(before);
  });

  it('Delete Forever leaves its tombstone as the only history of the memory, and the read model without it', async () => {
    const caseId = await side().open(ann, 'Gran');
    await side().run(ann, caseId, { type: 'AddNote', noteId: randomUUID(), title: 'Private', content: 'Account 12345678' });
    const deleted = await change(ann, { type: 'DeleteCase', caseId });
    expect(deleted).toMatchObject({ eventTypes: ['CaseDeleted'] });
    expect(await stream(caseId)).toEqual(['CaseDeleted']);
    // The read model follows the log: wait for the deletion's position, as a route does.
    await side().projections.waitUntilApplied(memoriesProjection.name, deleted.position!);
    expect(await getMemoryDetail(side().prisma, ann, caseId)).toBeNull();
  });
});
