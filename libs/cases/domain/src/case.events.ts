import type { ChecklistDocument, ChecklistTask, Jurisdiction } from '@afterwards/checklist-domain';
import type { MemberRole, SettlementKind } from '@afterwards/contracts';
import type { Relationship } from './limits';
import type { NoteCategory } from './notes';

/** What the owner can say about a memory. Optional fields are null when not given. Dates are YYYY-MM-DD. */
export interface CaseDetails {
  name: string;
  deceasedName: string;
  jurisdiction: Jurisdiction;
  relationship: Relationship | null;
  dateOfDeath: string | null;
  dateOfBirth: string | null;
  placeOfDeath: string | null;
}

/** Fields the edit dialog may change. The jurisdiction is fixed: the checklist was generated for it. */
export type EditableCaseDetails = Omit<CaseDetails, 'jurisdiction'>;

/** A stored file: the blob lives in the file store under `fileId`; rows and events never hold its bytes. */
export interface FileEntry {
  fileId: string;
  fileName: string;
  fileSize: number;
  /** The MIME type detected from the content. */
  fileType: string;
  uploadedAt: string;
}

export interface CasePhoto {
  fileId: string;
  fileType: string;
  fileSize: number;
}

export interface CaseOpened {
  type: 'CaseOpened';
  data: { caseId: string; ownerId: string; details: CaseDetails; photo: CasePhoto | null; openedAt: string };
}
/** Always decided together with CaseOpened, by the same command: a memory never exists without its checklist. */
export interface ChecklistGenerated {
  type: 'ChecklistGenerated';
  data: {
    caseId: string;
    templateVersion: string;
    jurisdiction: Jurisdiction;
    tasks: ChecklistTask[];
    documents: ChecklistDocument[];
    generatedAt: string;
  };
}
export interface CaseDetailsEdited {
  type: 'CaseDetailsEdited';
  data: { caseId: string; changes: Partial<EditableCaseDetails>; editedAt: string };
}
export interface CasePhotoChanged {
  type: 'CasePhotoChanged';
  /** photo null: removed. previousFileId lets the file store drop the old blob. */
  data: { caseId: string; photo: CasePhoto | null; previousFileId: string | null; changedAt: string };
}
export interface TaskCompleted {
  type: 'TaskCompleted';
  data: { caseId: string; taskId: string; completedAt: string };
}
export interface TaskReopened {
  type: 'TaskReopened';
  data: { caseId: string; taskId: string; reopenedAt: string };
}
export interface DocumentCollected {
  type: 'DocumentCollected';
  data: { caseId: string; documentId: string; collectedAt: string };
}
export interface DocumentUncollected {
  type: 'DocumentUncollected';
  data: { caseId: string; documentId: string; uncollectedAt: string };
}
/** Marked not needed, or done before the memory was started: counted as settled. */
export interface TaskSettled {
  type: 'TaskSettled';
  data: { caseId: string; taskId: string; kind: SettlementKind; reason: string | null; settledAt: string };
}
export interface TaskUnsettled {
  type: 'TaskUnsettled';
  data: { caseId: string; taskId: string; unsettledAt: string };
}
export interface DocumentSettled {
  type: 'DocumentSettled';
  data: { caseId: string; documentId: string; kind: SettlementKind; reason: string | null; settledAt: string };
}
export interface DocumentUnsettled {
  type: 'DocumentUnsettled';
  data: { caseId: string; documentId: string; unsettledAt: string };
}
export interface DocumentFileAttached {
  type: 'DocumentFileAttached';
  data: { caseId: string; documentId: string; file: FileEntry };
}
export interface DocumentFileRemoved {
  type: 'DocumentFileRemoved';
  data: { caseId: string; documentId: string; fileIndex: number; fileId: string; removedAt: string };
}
export interface AdditionalDocumentAdded {
  type: 'AdditionalDocumentAdded';
  data: { caseId: string; documentId: string; title: string; description: string | null; file: FileEntry; addedAt: string };
}
export interface AdditionalDocumentRemoved {
  type: 'AdditionalDocumentRemoved';
  data: { caseId: string; documentId: string; fileIds: string[]; removedAt: string };
}
export interface NoteAdded {
  type: 'NoteAdded';
  data: { caseId: string; noteId: string; title: string; content: string; category: NoteCategory; addedAt: string };
}
export interface NoteEdited {
  type: 'NoteEdited';
  data: { caseId: string; noteId: string; title: string; content: string; category: NoteCategory; editedAt: string };
}
export interface NoteDeleted {
  type: 'NoteDeleted';
  data: { caseId: string; noteId: string; deletedAt: string };
}
/**
 * Sharing. Events name people by account id only: the invited address lives in the invitations table,
 * which can be deleted, never in the log.
 */
export interface MemberJoined {
  type: 'MemberJoined';
  data: { caseId: string; memberId: string; role: MemberRole; invitationId: string; joinedAt: string };
}
export interface MemberRoleChanged {
  type: 'MemberRoleChanged';
  data: { caseId: string; memberId: string; role: MemberRole; changedAt: string };
}
export interface MemberRemoved {
  type: 'MemberRemoved';
  /** left: the person removed themselves. */
  data: { caseId: string; memberId: string; left: boolean; removedAt: string };
}
/**
 * Tombstone: carries no personal data, so it can outlive Delete Forever in the audit trail. The file ids
 * (random, meaningless without the deleted rows) let the file store drop every blob, retried until done.
 */
export interface CaseDeleted {
  type: 'CaseDeleted';
  /** because: set when the memory went with its owner's account (the people on it are told so). */
  data: { caseId: string; deletedAt: string; fileIds: string[]; because?: 'account-deleted' };
}

export type CaseEvent =
  | CaseOpened
  | ChecklistGenerated
  | CaseDetailsEdited
  | CasePhotoChanged
  | TaskCompleted
  | TaskReopened
  | DocumentCollected
  | DocumentUncollected
  | TaskSettled
  | TaskUnsettled
  | DocumentSettled
  | DocumentUnsettled
  | DocumentFileAttached
  | DocumentFileRemoved
  | AdditionalDocumentAdded
  | AdditionalDocumentRemoved
  | NoteAdded
  | NoteEdited
  | NoteDeleted
  | MemberJoined
  | MemberRoleChanged
  | MemberRemoved
  | CaseDeleted;

export type CaseEventType = CaseEvent['type'];

export const CASE_EVENT_TYPES: readonly CaseEventType[] = [
  'CaseOpened',
  'ChecklistGenerated',
  'CaseDetailsEdited',
  'CasePhotoChanged',
  'TaskCompleted',
  'TaskReopened',
  'DocumentCollected',
  'DocumentUncollected',
  'TaskSettled',
  'TaskUnsettled',
  'DocumentSettled',
  'DocumentUnsettled',
  'DocumentFileAttached',
  'DocumentFileRemoved',
  'AdditionalDocumentAdded',
  'AdditionalDocumentRemoved',
  'NoteAdded',
  'NoteEdited',
  'NoteDeleted',
  'MemberJoined',
  'MemberRoleChanged',
  'MemberRemoved',
  'CaseDeleted',
];

export const CASE_STREAM_PREFIX = 'case-';
export const caseStreamId = (caseId: string): string => `${CASE_STREAM_PREFIX}${caseId}`;
