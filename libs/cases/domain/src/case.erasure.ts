// Erasure: Delete Forever leaves a tombstone naming only the blobs to remove, nothing personal.
import type { CaseDeleted, CaseEvent } from './case.events';
import { initialCaseState, type CaseState, type CommandOf } from './case.state';

/** Every blob a memory holds: its photo and each document's files. */
export function caseFileIds(state: Pick<CaseState, 'photo' | 'documents'>): string[] {
  return [...(state.photo ? [state.photo.fileId] : []), ...state.documents.flatMap((d) => d.files.map((f) => f.fileId))];
}

export function decideErasure(command: CommandOf<'DeleteCase'>, state: CaseState): CaseEvent[] {
  const because = command.because ? { because: command.because } : {};
  return [{ type: 'CaseDeleted', data: { caseId: command.caseId, deletedAt: command.at, fileIds: caseFileIds(state), ...because } }];
}

export function evolveErasure(_state: CaseState, event: CaseDeleted): CaseState {
  // Nothing personal survives in the folded state either.
  return { ...initialCaseState, exists: true, deleted: true, caseId: event.data.caseId, updatedAt: event.data.deletedAt };
}
