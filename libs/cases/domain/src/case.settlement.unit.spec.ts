import { describe, expect, it } from '@jest/globals';
import { CASE_MESSAGES } from './case.errors';
import { CASE, cmd, FIRST_DOCUMENT as DOC, given, LATER, opened, pdf, stateAfter } from './case.testing';
import { foldCase, type CaseState } from './case';
import type { CaseEvent } from './case.events';
import { caseProgress } from './progress';

describe('tasks that do not apply, or were done before the memory was started', () => {
  it("marks a task 'not needed' with the family's reason, trimmed", () => {
    const when = given(...opened()).when(cmd('SettleTask', { taskId: 'item-2', kind: 'not_needed', reason: '  No pension to tell  ' }));
    when.then([{ type: 'TaskSettled', data: { caseId: CASE, taskId: 'item-2', kind: 'not_needed', reason: 'No pension to tell', settledAt: LATER } }]);
    expect(when.thenState().tasks[1]).toMatchObject({ status: 'pending', settled: { kind: 'not_needed', reason: 'No pension to tell', settledAt: LATER } });
  });
  it("marks a task 'done before I started' without a reason", () => {
    given(...opened())
      .when(cmd('SettleTask', { taskId: 'item-1', kind: 'done_before', reason: ' ' }))
      .then([{ type: 'TaskSettled', data: { caseId: CASE, taskId: 'item-1', kind: 'done_before', reason: null, settledAt: LATER } }]);
  });
  it('the same mark again (two tabs) decides nothing; a different one replaces it', () => {
    const { events } = stateAfter(opened(), cmd('SettleTask', { taskId: 'item-1', kind: 'done_before' }));
    given(...events)
      .when(cmd('SettleTask', { taskId: 'item-1', kind: 'done_before', reason: null }))
      .thenNothing();
    expect(
      given(...events)
        .when(cmd('SettleTask', { taskId: 'item-1', kind: 'not_needed' }))
        .thenState().tasks[0]!.settled?.kind,
    ).toBe('not_needed');
  });
  it('refuses a completed task, an unknown task and an over-long reason', () => {
    const { events } = stateAfter(opened(), cmd('CompleteTask', { taskId: 'item-1' }));
    given(...events)
      .when(cmd('SettleTask', { taskId: 'item-1', kind: 'not_needed' }))
      .thenRefused('ITEM_ALREADY_DONE', CASE_MESSAGES.taskAlreadyDone);
    given(...opened())
      .when(cmd('SettleTask', { taskId: 'nope', kind: 'not_needed' }))
      .thenRefused('TASK_NOT_FOUND');
    const error = given(...opened())
      .when(cmd('SettleTask', { taskId: 'item-1', kind: 'not_needed', reason: 'x'.repeat(501) }))
      .thenRefused('CASE_INVALID', 'The reason must be 500 characters or fewer.');
    expect(error.errors).toEqual([{ path: 'reason', message: 'The reason must be 500 characters or fewer.' }]);
  });
  it('undoing the mark opens the task again; undoing an unmarked task decides nothing', () => {
    const { events } = stateAfter(opened(), cmd('SettleTask', { taskId: 'item-1', kind: 'not_needed' }));
    const when = given(...events).when(cmd('UnsettleTask', { taskId: 'item-1' }));
    when.then([{ type: 'TaskUnsettled', data: { caseId: CASE, taskId: 'item-1', unsettledAt: LATER } }]);
    expect(when.thenState().tasks[0]!.settled).toBeNull();
    given(...opened())
      .when(cmd('UnsettleTask', { taskId: 'item-1' }))
      .thenNothing();
  });
  it('ticking a marked task completes it and the mark gives way', () => {
    const { events } = stateAfter(opened(), cmd('SettleTask', { taskId: 'item-1', kind: 'not_needed' }));
    const state = given(...events)
      .when(cmd('CompleteTask', { taskId: 'item-1' }))
      .thenState();
    expect(state.tasks[0]).toMatchObject({ status: 'complete', settled: null });
  });
});

describe('checklist documents that do not apply', () => {
  it("marks a document 'not needed', and collecting it later replaces the mark", () => {
    const when = given(...opened()).when(cmd('SettleDocument', { documentId: DOC, kind: 'not_needed', reason: 'No will was made' }));
    when.then([{ type: 'DocumentSettled', data: { caseId: CASE, documentId: DOC, kind: 'not_needed', reason: 'No will was made', settledAt: LATER } }]);
    const { events } = stateAfter(opened(), cmd('SettleDocument', { documentId: DOC, kind: 'not_needed' }), cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }));
    expect(foldCase(events).documents.find((d) => d.id === DOC)).toMatchObject({ collected: true, settled: null });
  });
  it('refuses a collected document and an additional one; undo takes the mark off', () => {
    const collected = stateAfter(opened(), cmd('CollectDocument', { documentId: DOC })).events;
    given(...collected)
      .when(cmd('SettleDocument', { documentId: DOC, kind: 'done_before' }))
      .thenRefused('ITEM_ALREADY_DONE', CASE_MESSAGES.documentAlreadyCollected);
    const extra = stateAfter(opened(), cmd('AddAdditionalDocument', { documentId: 'extra-1', title: 'Gas bill', file: pdf('g1') })).events;
    given(...extra)
      .when(cmd('SettleDocument', { documentId: 'extra-1', kind: 'not_needed' }))
      .thenRefused('DOCUMENT_NOT_SETTLEABLE');
    const marked = stateAfter(opened(), cmd('SettleDocument', { documentId: DOC, kind: 'done_before' })).events;
    given(...marked)
      .when(cmd('UnsettleDocument', { documentId: DOC }))
      .then([{ type: 'DocumentUnsettled', data: { caseId: CASE, documentId: DOC, unsettledAt: LATER } }]);
  });
});

describe('progress with settled items', () => {
  it('counts settled tasks and documents as done, so 100% is reachable without doing what does not apply', () => {
    const start = foldCase(opened());
    const commands = [
      ...start.tasks.map((t, i) => (i % 2 ? cmd('CompleteTask', { taskId: t.id }) : cmd('SettleTask', { taskId: t.id, kind: 'not_needed' as const }))),
      ...start.documents.map((d, i) => (i % 2 ? cmd('CollectDocument', { documentId: d.id }) : cmd('SettleDocument', { documentId: d.id, kind: 'done_before' as const }))),
    ];
    const { state } = stateAfter(opened(), ...commands);
    const progress = caseProgress(state);
    expect(progress.percent).toBe(100);
    expect(progress.celebrate).toBe(true);
    expect(progress.tasks.settled + progress.tasks.completed).toBe(start.tasks.length);
    expect(progress.tasks.open).toBe(0);
    expect(progress.documents.settled).toBe(Math.ceil(start.documents.length / 2));
    expect(Object.values(progress.tasksByCategory).every((t) => t.percent === 100)).toBe(true);
  });
});

describe("a late start: 'done before I started' in one step (issue 40, item 2)", () => {
  const titlesOf = (events: CaseEvent[], state: CaseState) =>
    events.map((e) => (e.type === 'TaskSettled' ? `${state.tasks.find((t) => t.id === e.data.taskId)!.templateKey}:${e.data.kind}` : e.type));

  it('given an Irish memory started 6 months after the death, when the offer is accepted, then the funeral, the registration and the first-week tasks are settled at once', () => {
    const g = given(...opened({ jurisdiction: 'Ireland', dateOfDeath: '2025-09-10' }));
    const events = g.when(cmd('SettleTasksDoneBeforeStart', {})).decided();
    expect(titlesOf(events, g.state).sort()).toEqual(['arrange-funeral:done_before', 'register-death:done_before', 'secure-property:done_before']);
    // Accepting it again (another tab) finds nothing left.
    given(...opened({ jurisdiction: 'Ireland', dateOfDeath: '2025-09-10' }), ...events)
      .when(cmd('SettleTasksDoneBeforeStart', {}))
      .thenNothing();
  });

  it('given a memory started 11 days after the death, then nothing is offered', () => {
    given(...opened())
      .when(cmd('SettleTasksDoneBeforeStart', {}))
      .thenNothing();
  });

  it('leaves a task already ticked or marked alone', () => {
    const { events } = stateAfter(opened({ jurisdiction: 'Ireland', dateOfDeath: '2025-09-10' }), cmd('CompleteTask', { taskId: 'item-2' }));
    const g = given(...events);
    const completed = g.state.tasks.find((t) => t.id === 'item-2')!.templateKey;
    expect(titlesOf(g.when(cmd('SettleTasksDoneBeforeStart', {})).decided(), g.state)).not.toContain(`${completed}:done_before`);
  });
});
