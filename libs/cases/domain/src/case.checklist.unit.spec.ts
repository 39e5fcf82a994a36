import { describe, expect, it } from '@jest/globals';
import { AT, CASE, cmd, FIRST_DOCUMENT as DOC, given, LATER, opened, stateAfter } from './case.testing';

describe('tasks', () => {
  it('completes a pending task with the time given', () => {
    const when = given(...opened()).when(cmd('CompleteTask', { taskId: 'item-1' }));
    when.then([{ type: 'TaskCompleted', data: { caseId: CASE, taskId: 'item-1', completedAt: LATER } }]);
    expect(when.thenState().tasks[0]).toMatchObject({ status: 'complete', completedAt: LATER });
  });
  it('completing twice (two tabs) decides nothing the second time', () => {
    const { events } = stateAfter(opened(), cmd('CompleteTask', { taskId: 'item-1' }));
    given(...events)
      .when(cmd('CompleteTask', { taskId: 'item-1' }))
      .thenNothing();
  });
  it('reopens a completed task and clears its completed date', () => {
    const { events } = stateAfter(opened(), cmd('CompleteTask', { taskId: 'item-1' }));
    const when = given(...events).when(cmd('ReopenTask', { taskId: 'item-1' }));
    when.then([{ type: 'TaskReopened', data: { caseId: CASE, taskId: 'item-1', reopenedAt: LATER } }]);
    expect(when.thenState().tasks[0]).toMatchObject({ status: 'pending', completedAt: null });
  });
  it('reopening a pending task decides nothing', () => {
    given(...opened())
      .when(cmd('ReopenTask', { taskId: 'item-1' }))
      .thenNothing();
  });
  it('refuses an unknown task', () => {
    given(...opened())
      .when(cmd('CompleteTask', { taskId: 'nope' }))
      .thenRefused('TASK_NOT_FOUND');
    given(...opened())
      .when(cmd('ReopenTask', { taskId: 'nope' }))
      .thenRefused('TASK_NOT_FOUND');
  });
  it('tracks when the memory last changed', () => {
    const state = given(...opened())
      .when(cmd('CompleteTask', { taskId: 'item-2', at: '2026-03-22T08:00:00.000Z' }))
      .thenState();
    expect(state.openedAt).toBe(AT);
    expect(state.updatedAt).toBe('2026-03-22T08:00:00.000Z');
  });
});

describe('collected documents', () => {
  it('collects and uncollects a document', () => {
    const collect = given(...opened()).when(cmd('CollectDocument', { documentId: DOC }));
    collect.then([{ type: 'DocumentCollected', data: { caseId: CASE, documentId: DOC, collectedAt: LATER } }]);
    expect(collect.thenState().documents[0]).toMatchObject({ id: DOC, collected: true, collectedAt: LATER });

    const { events } = stateAfter(opened(), cmd('CollectDocument', { documentId: DOC }));
    given(...events)
      .when(cmd('CollectDocument', { documentId: DOC }))
      .thenNothing();
    const uncollect = given(...events).when(cmd('UncollectDocument', { documentId: DOC }));
    uncollect.then([{ type: 'DocumentUncollected', data: { caseId: CASE, documentId: DOC, uncollectedAt: LATER } }]);
    expect(uncollect.thenState().documents[0]).toMatchObject({ collected: false, collectedAt: null });

    given(...opened())
      .when(cmd('UncollectDocument', { documentId: DOC }))
      .thenNothing();
  });
  it('refuses an unknown document', () => {
    for (const c of [cmd('CollectDocument', { documentId: 'nope' }), cmd('UncollectDocument', { documentId: 'nope' })]) {
      given(...opened())
        .when(c)
        .thenRefused('DOCUMENT_NOT_FOUND');
    }
  });
});
