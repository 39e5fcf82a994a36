// The Case aggregate (a memory): decideCase and evolveCase send each command and event to the area it belongs
// to. Each area keeps its rules, decider and evolve in its own file, with its own given/when/then tests.
import { unhandled } from '@afterwards/contracts';
import type { CaseEvent } from './case.events';
import { decideChecklist, evolveChecklist } from './case.checklist';
import { decideDetails, decideOpen, evolveDetails } from './case.details';
import { decideErasure, evolveErasure } from './case.erasure';
import { decideFiles, evolveFiles } from './case.files';
import { decideNotes, evolveNotes } from './case.notes';
import { decideSettlement, evolveSettlement } from './case.settlement';
import { decideSharing, evolveSharing } from './case.sharing';
import { initialCaseState, mustBeAllowed, type CaseCommand, type CaseState } from './case.state';

export {
  initialCaseState,
  type CaseCommand,
  type CaseDetailsInput,
  type CaseDocument,
  type CaseMember,
  type CaseNote,
  type CaseState,
  type CaseTask,
  type IncomingFile,
  type Settlement,
  type TaskStatus,
} from './case.state';
export { parseCaseDetails } from './case.details';
export { photoProblem } from './photo';
export { documentFileProblem } from './case.files';
export { parseNote } from './case.notes';
export { caseFileIds } from './case.erasure';
export { roleOf } from './case.state';

/**
 * Pure: what happens when `command` meets a memory in `state`. Throws CaseError when refused. Repeating a
 * command whose effect already holds (completing a completed task) decides nothing, so two tabs sending the
 * same change never conflict.
 */
export function decideCase(command: CaseCommand, state: CaseState): CaseEvent[] {
  if (command.type === 'OpenCase') return decideOpen(command, state);
  if (command.type === 'JoinCase') return decideSharing(command, state);
  mustBeAllowed(state, command);
  switch (command.type) {
    case 'ChangeMemberRole':
    case 'RemoveMember':
      return decideSharing(command, state);
    case 'EditCaseDetails':
    case 'ChangeCasePhoto':
      return decideDetails(command, state);
    case 'CompleteTask':
    case 'ReopenTask':
    case 'CollectDocument':
    case 'UncollectDocument':
      return decideChecklist(command, state);
    case 'SettleTask':
    case 'UnsettleTask':
    case 'SettleTasksDoneBeforeStart':
    case 'SettleDocument':
    case 'UnsettleDocument':
      return decideSettlement(command, state);
    case 'AttachDocumentFile':
    case 'RemoveDocumentFile':
    case 'AddAdditionalDocument':
    case 'RemoveAdditionalDocument':
      return decideFiles(command, state);
    case 'AddNote':
    case 'EditNote':
    case 'DeleteNote':
      return decideNotes(command, state);
    case 'DeleteCase':
      return decideErasure(command, state);
    default:
      return unhandled('Unknown command', command);
  }
}

/** Pure: the state after `event`. */
export function evolveCase(state: CaseState, event: CaseEvent): CaseState {
  switch (event.type) {
    case 'CaseOpened':
    case 'CaseDetailsEdited':
    case 'CasePhotoChanged':
      return evolveDetails(state, event);
    case 'ChecklistGenerated':
    case 'TaskCompleted':
    case 'TaskReopened':
    case 'DocumentCollected':
    case 'DocumentUncollected':
      return evolveChecklist(state, event);
    case 'TaskSettled':
    case 'TaskUnsettled':
    case 'DocumentSettled':
    case 'DocumentUnsettled':
      return evolveSettlement(state, event);
    case 'DocumentFileAttached':
    case 'DocumentFileRemoved':
    case 'AdditionalDocumentAdded':
    case 'AdditionalDocumentRemoved':
      return evolveFiles(state, event);
    case 'NoteAdded':
    case 'NoteEdited':
    case 'NoteDeleted':
      return evolveNotes(state, event);
    case 'MemberJoined':
    case 'MemberRoleChanged':
    case 'MemberRemoved':
      return evolveSharing(state, event);
    case 'CaseDeleted':
      return evolveErasure(state, event);
    default:
      return unhandled('Unknown event', event);
  }
}

export function foldCase(events: readonly CaseEvent[]): CaseState {
  return events.reduce(evolveCase, initialCaseState);
}
