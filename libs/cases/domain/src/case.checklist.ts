// Checklist: the tasks generated for a memory and which of its documents are collected.
import { dueDateFor, isoDateIn, withDeadlineRule } from '@afterwards/checklist-domain';
import { CaseError } from './case.errors';
import type { CaseDetails, CaseEvent, ChecklistGenerated, DocumentCollected, DocumentUncollected, TaskCompleted, TaskReopened } from './case.events';
import { findById, findDocument, mapDocument, replaceById, type CaseState, type CaseTask, type CommandOf } from './case.state';

/** The calendar day (UK time) a memory was started, from the instant it was opened. */
export function startedOn(openedAt: string): string {
  return isoDateIn(new Date(openedAt));
}

/** Every task's due date for these details: legal deadlines from the death, suggested timings from the later of the death and the start. */
export function withDueDates(state: CaseState, details: CaseDetails): readonly CaseTask[] {
  const started = state.openedAt ? startedOn(state.openedAt) : null;
  return state.tasks.map((t) => ({ ...t, dueDate: dueDateFor(t, { dateOfDeath: details.dateOfDeath, jurisdiction: details.jurisdiction, startedOn: started }) }));
}

export function findTask(state: CaseState, taskId: string): CaseTask {
  return findById(state.tasks, taskId, () => new CaseError('TASK_NOT_FOUND', `Task not found: ${taskId}`));
}

export function mapTask(state: CaseState, taskId: string, change: (t: CaseTask) => CaseTask): readonly CaseTask[] {
  return replaceById(state.tasks, taskId, change);
}

export type ChecklistCommand = CommandOf<'CompleteTask' | 'ReopenTask' | 'CollectDocument' | 'UncollectDocument'>;

/** Intents, never toggles: repeating one whose effect holds decides nothing, so two tabs never conflict. */
export function decideChecklist(command: ChecklistCommand, state: CaseState): CaseEvent[] {
  const { caseId, at } = command;
  switch (command.type) {
    case 'CompleteTask':
      if (findTask(state, command.taskId).status === 'complete') return [];
      return [{ type: 'TaskCompleted', data: { caseId, taskId: command.taskId, completedAt: at } }];
    case 'ReopenTask':
      if (findTask(state, command.taskId).status !== 'complete') return [];
      return [{ type: 'TaskReopened', data: { caseId, taskId: command.taskId, reopenedAt: at } }];
    case 'CollectDocument':
      if (findDocument(state, command.documentId).collected) return [];
      return [{ type: 'DocumentCollected', data: { caseId, documentId: command.documentId, collectedAt: at } }];
    case 'UncollectDocument':
      if (!findDocument(state, command.documentId).collected) return [];
      return [{ type: 'DocumentUncollected', data: { caseId, documentId: command.documentId, uncollectedAt: at } }];
  }
}

export function evolveChecklist(state: CaseState, event: ChecklistGenerated | TaskCompleted | TaskReopened | DocumentCollected | DocumentUncollected): CaseState {
  switch (event.type) {
    case 'ChecklistGenerated': {
      const { templateVersion, jurisdiction } = event.data;
      const deceasedName = state.details?.deceasedName ?? '';
      return {
        ...state,
        templateVersion,
        tasks: event.data.tasks.map((t) => ({ ...withDeadlineRule(t, { templateVersion, jurisdiction, deceasedName }), status: 'pending', completedAt: null, settled: null })),
        documents: event.data.documents.map((d) => ({
          id: d.id,
          additional: false,
          category: d.category,
          title: d.title,
          description: d.description,
          template: d,
          collected: false,
          collectedAt: null,
          settled: null,
          files: [],
        })),
        updatedAt: event.data.generatedAt,
      };
    }
    case 'TaskCompleted':
      return {
        ...state,
        tasks: mapTask(state, event.data.taskId, (t) => ({ ...t, status: 'complete', completedAt: event.data.completedAt, settled: null })),
        updatedAt: event.data.completedAt,
      };
    case 'TaskReopened':
      return {
        ...state,
        tasks: mapTask(state, event.data.taskId, (t) => ({ ...t, status: 'pending', completedAt: null })),
        updatedAt: event.data.reopenedAt,
      };
    case 'DocumentCollected':
      return {
        ...state,
        documents: mapDocument(state, event.data.documentId, (d) => ({ ...d, collected: true, collectedAt: event.data.collectedAt, settled: null })),
        updatedAt: event.data.collectedAt,
      };
    case 'DocumentUncollected':
      return {
        ...state,
        documents: mapDocument(state, event.data.documentId, (d) => ({ ...d, collected: false, collectedAt: null })),
        updatedAt: event.data.uncollectedAt,
      };
  }
}
