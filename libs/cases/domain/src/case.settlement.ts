// Starting late, and items that do not apply: a task or checklist document marked 'not needed' or 'done
// before I started' is settled, so progress can reach 100% for every family. Completing the task or
// collecting the document later replaces the mark (case.checklist.ts); undoing it makes the item open again.
import { SETTLEMENT_REASON_MAX } from '@afterwards/contracts';
import { CASE_MESSAGES, CaseError } from './case.errors';
import type { CaseEvent, DocumentSettled, DocumentUnsettled, TaskSettled, TaskUnsettled } from './case.events';
import { doneBeforeStartOffer } from '@afterwards/checklist-domain';
import { findTask, mapTask, startedOn } from './case.checklist';
import { findDocument, mapDocument, optionalText, type CaseState, type CaseTask, type CommandOf, type Settlement } from './case.state';

export type SettlementCommand = CommandOf<'SettleTask' | 'UnsettleTask' | 'SettleTasksDoneBeforeStart' | 'SettleDocument' | 'UnsettleDocument'>;

/** The open tasks a late start offers as 'done before I started', by the checklist domain's one rule. */
function doneBeforeStartTasks(state: CaseState): readonly CaseTask[] {
  if (!state.details || !state.openedAt) return [];
  const { dateOfDeath, jurisdiction } = state.details;
  return doneBeforeStartOffer(state.tasks, { dateOfDeath, jurisdiction, startedOn: startedOn(state.openedAt) });
}

const sameMark = (current: Settlement | null, kind: string, reason: string | null) => current?.kind === kind && current.reason === reason;

function reasonOf(command: { reason?: string | null }): string | null {
  const reason = optionalText(command.reason);
  if (reason && reason.length > SETTLEMENT_REASON_MAX) {
    const message = CASE_MESSAGES.tooLong('The reason', SETTLEMENT_REASON_MAX);
    throw new CaseError('CASE_INVALID', message, [{ path: 'reason', message }]);
  }
  return reason;
}

/** Intents, never toggles: marking an item as it already is decides nothing. */
export function decideSettlement(command: SettlementCommand, state: CaseState): CaseEvent[] {
  const { caseId, at } = command;
  switch (command.type) {
    case 'SettleTask': {
      const task = findTask(state, command.taskId);
      if (task.status === 'complete') throw new CaseError('ITEM_ALREADY_DONE', CASE_MESSAGES.taskAlreadyDone);
      const reason = reasonOf(command);
      if (sameMark(task.settled, command.kind, reason)) return [];
      return [{ type: 'TaskSettled', data: { caseId, taskId: task.id, kind: command.kind, reason, settledAt: at } }];
    }
    case 'SettleTasksDoneBeforeStart':
      // One step for a family starting late; repeating it (another tab) finds nothing left to settle.
      return doneBeforeStartTasks(state).map((task): CaseEvent => ({ type: 'TaskSettled', data: { caseId, taskId: task.id, kind: 'done_before', reason: null, settledAt: at } }));
    case 'UnsettleTask':
      if (!findTask(state, command.taskId).settled) return [];
      return [{ type: 'TaskUnsettled', data: { caseId, taskId: command.taskId, unsettledAt: at } }];
    case 'SettleDocument': {
      const document = findDocument(state, command.documentId);
      if (document.additional) throw new CaseError('DOCUMENT_NOT_SETTLEABLE', CASE_MESSAGES.additionalNotSettleable);
      if (document.collected) throw new CaseError('ITEM_ALREADY_DONE', CASE_MESSAGES.documentAlreadyCollected);
      const reason = reasonOf(command);
      if (sameMark(document.settled, command.kind, reason)) return [];
      return [{ type: 'DocumentSettled', data: { caseId, documentId: document.id, kind: command.kind, reason, settledAt: at } }];
    }
    case 'UnsettleDocument':
      if (!findDocument(state, command.documentId).settled) return [];
      return [{ type: 'DocumentUnsettled', data: { caseId, documentId: command.documentId, unsettledAt: at } }];
  }
}

export function evolveSettlement(state: CaseState, event: TaskSettled | TaskUnsettled | DocumentSettled | DocumentUnsettled): CaseState {
  switch (event.type) {
    case 'TaskSettled': {
      const { taskId, kind, reason, settledAt } = event.data;
      return { ...state, tasks: mapTask(state, taskId, (t) => ({ ...t, settled: { kind, reason, settledAt } })), updatedAt: settledAt };
    }
    case 'TaskUnsettled':
      return { ...state, tasks: mapTask(state, event.data.taskId, (t) => ({ ...t, settled: null })), updatedAt: event.data.unsettledAt };
    case 'DocumentSettled': {
      const { documentId, kind, reason, settledAt } = event.data;
      return { ...state, documents: mapDocument(state, documentId, (d) => ({ ...d, settled: { kind, reason, settledAt } })), updatedAt: settledAt };
    }
    case 'DocumentUnsettled':
      return { ...state, documents: mapDocument(state, event.data.documentId, (d) => ({ ...d, settled: null })), updatedAt: event.data.unsettledAt };
  }
}
