// The Case aggregate's state and commands, shared by the deciders of each area (case.details.ts,
// case.checklist.ts, case.files.ts, case.notes.ts, case.settlement.ts, case.erasure.ts) and put together in case.ts.
import type { ChecklistDocument, ChecklistTask, DocumentCategory, IdSource } from '@afterwards/checklist-domain';
import { LEAST_ROLE, memoryMay, type MemberRole, type MemoryAction, type SettlementKind } from '@afterwards/contracts';
import { CASE_MESSAGES, CaseError } from './case.errors';
import type { CaseDetails, CasePhoto, EditableCaseDetails, FileEntry } from './case.events';
import type { NoteCategory } from './notes';

export type TaskStatus = 'pending' | 'in_progress' | 'complete';

/** A task or document the family marked not needed, or done before they started: settled, not to do. */
export interface Settlement {
  kind: SettlementKind;
  reason: string | null;
  settledAt: string;
}

export interface CaseTask extends ChecklistTask {
  status: TaskStatus;
  completedAt: string | null;
  settled: Settlement | null;
}

export interface CaseDocument {
  id: string;
  /** Extra documents the owner uploaded (spec: category or document_type 'additional'). */
  additional: boolean;
  category: DocumentCategory | 'additional';
  title: string;
  description: string | null;
  /** The checklist item it came from; null for additional documents. */
  template: ChecklistDocument | null;
  collected: boolean;
  collectedAt: string | null;
  settled: Settlement | null;
  files: FileEntry[];
}

export interface CaseNote {
  id: string;
  title: string;
  content: string;
  category: NoteCategory;
  /** Counts edits: an edit made on an older version is refused rather than overwriting another tab's. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Someone the owner shared the memory with. */
export interface CaseMember {
  userId: string;
  role: MemberRole;
}

export interface CaseState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly caseId: string | null;
  readonly ownerId: string | null;
  readonly details: CaseDetails | null;
  /** Counts detail edits, for the same stale-form check as notes. */
  readonly detailsVersion: number;
  readonly photo: CasePhoto | null;
  readonly openedAt: string | null;
  readonly updatedAt: string | null;
  readonly templateVersion: string | null;
  readonly tasks: readonly CaseTask[];
  readonly documents: readonly CaseDocument[];
  readonly notes: readonly CaseNote[];
  readonly members: readonly CaseMember[];
}

export const initialCaseState: CaseState = {
  exists: false,
  deleted: false,
  caseId: null,
  ownerId: null,
  details: null,
  detailsVersion: 0,
  photo: null,
  openedAt: null,
  updatedAt: null,
  templateVersion: null,
  tasks: [],
  documents: [],
  notes: [],
  members: [],
};

/** What the create form sends; strings are trimmed, blank optional fields become null. */
export interface CaseDetailsInput {
  name: string;
  deceasedName: string;
  jurisdiction: string;
  relationship?: string | null;
  dateOfDeath?: string | null;
  dateOfBirth?: string | null;
  placeOfDeath?: string | null;
}

/** A file the server has stored and typed from its content, ready to be attached. */
export type IncomingFile = Omit<FileEntry, 'uploadedAt'>;

interface Base {
  caseId: string;
  /** The signed-in user: the owner, or a person the memory is shared with, as their role allows. */
  actorId: string;
  /** ISO timestamp of the request, passed in so decisions stay pure. */
  at: string;
}

export type CaseCommand =
  | (Base & {
      type: 'OpenCase';
      details: CaseDetailsInput;
      photo?: CasePhoto | null;
      templateVersion?: string;
      /** Ids for the generated tasks and documents. */
      ids: IdSource;
    })
  | (Base & {
      type: 'EditCaseDetails';
      changes: Partial<Record<keyof EditableCaseDetails, string | null>>;
      /** The details version the form was filled from; a newer one means another tab edited first. */
      expectedDetailsVersion?: number;
    })
  | (Base & { type: 'ChangeCasePhoto'; photo: CasePhoto | null })
  | (Base & { type: 'CompleteTask'; taskId: string })
  | (Base & { type: 'ReopenTask'; taskId: string })
  | (Base & { type: 'CollectDocument'; documentId: string })
  | (Base & { type: 'UncollectDocument'; documentId: string })
  | (Base & { type: 'SettleTask'; taskId: string; kind: SettlementKind; reason?: string | null })
  | (Base & { type: 'UnsettleTask'; taskId: string })
  /** A late start: every open task that must have happened before the memory was started, 'done before I started'. */
  | (Base & { type: 'SettleTasksDoneBeforeStart' })
  | (Base & { type: 'SettleDocument'; documentId: string; kind: SettlementKind; reason?: string | null })
  | (Base & { type: 'UnsettleDocument'; documentId: string })
  | (Base & { type: 'AttachDocumentFile'; documentId: string; file: IncomingFile })
  | (Base & { type: 'RemoveDocumentFile'; documentId: string; fileIndex: number })
  | (Base & { type: 'AddAdditionalDocument'; documentId: string; title: string; description?: string | null; file: IncomingFile })
  | (Base & { type: 'RemoveAdditionalDocument'; documentId: string })
  | (Base & { type: 'AddNote'; noteId: string; title: string; content: string; category?: string | null })
  | (Base & { type: 'EditNote'; noteId: string; title: string; content: string; category?: string | null; expectedVersion?: number })
  | (Base & { type: 'DeleteNote'; noteId: string })
  /** `because`: the owner's account is being deleted (the people on it are told so), not only this memory. */
  | (Base & { type: 'DeleteCase'; because?: 'account-deleted' })
  /** The actor accepted an invitation (checked by the server: the link, its address, its expiry). */
  | (Base & { type: 'JoinCase'; invitationId: string; role: MemberRole })
  | (Base & { type: 'ChangeMemberRole'; memberId: string; role: MemberRole })
  /** The owner removes a person, or a person leaves (memberId is the actor). */
  | (Base & { type: 'RemoveMember'; memberId: string });

/** The commands of the given types: what one area's decider accepts. */
export type CommandOf<T extends CaseCommand['type']> = Extract<CaseCommand, { type: T }>;

/** Trimmed text, or null when blank. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A task, document or note of the memory by its id, or the area's own not-found refusal. */
export function findById<T extends { id: string }>(items: readonly T[], id: string, notFound: () => CaseError): T {
  const found = items.find((item) => item.id === id);
  if (!found) throw notFound();
  return found;
}

/** The list with the item of this id changed, the others as they were. */
export function replaceById<T extends { id: string }>(items: readonly T[], id: string, change: (item: T) => T): readonly T[] {
  return items.map((item) => (item.id === id ? change(item) : item));
}

export function findDocument(state: CaseState, documentId: string): CaseDocument {
  return findById(state.documents, documentId, () => new CaseError('DOCUMENT_NOT_FOUND', `Document not found: ${documentId}`));
}

export function mapDocument(state: CaseState, documentId: string, change: (d: CaseDocument) => CaseDocument): readonly CaseDocument[] {
  return replaceById(state.documents, documentId, change);
}

/** What a person is to a memory: its owner, someone it is shared with, or nobody (null). */
export function roleOf(state: CaseState, userId: string): 'owner' | MemberRole | null {
  if (!state.exists || state.deleted) return null;
  if (state.ownerId === userId) return 'owner';
  return state.members.find((m) => m.userId === userId)?.role ?? null;
}

/** What each command is, in the one rule of who may do what (MEMORY_ACTIONS in the contracts). */
export const COMMAND_ACTIONS: Readonly<Record<Exclude<CaseCommand['type'], 'OpenCase' | 'JoinCase'>, MemoryAction>> = {
  EditCaseDetails: 'edit-details',
  ChangeCasePhoto: 'edit-details',
  DeleteCase: 'delete',
  ChangeMemberRole: 'share',
  RemoveMember: 'share',
  CompleteTask: 'tick',
  ReopenTask: 'tick',
  CollectDocument: 'tick',
  UncollectDocument: 'tick',
  SettleTask: 'tick',
  UnsettleTask: 'tick',
  SettleTasksDoneBeforeStart: 'tick',
  SettleDocument: 'tick',
  UnsettleDocument: 'tick',
  AttachDocumentFile: 'upload',
  RemoveDocumentFile: 'upload',
  AddAdditionalDocument: 'upload',
  RemoveAdditionalDocument: 'upload',
  AddNote: 'write-notes',
  EditNote: 'write-notes',
  DeleteNote: 'write-notes',
};

/**
 * Unknown, deleted and other people's memories look the same: not found. A person the memory is shared
 * with is told plainly what their role does not allow; leaving (removing oneself) is allowed to anyone on it.
 */
export function mustBeAllowed(state: CaseState, command: Exclude<CaseCommand, { type: 'OpenCase' | 'JoinCase' }>): void {
  const role = roleOf(state, command.actorId);
  if (role === null) throw new CaseError('CASE_NOT_FOUND', CASE_MESSAGES.notFound);
  if (command.type === 'RemoveMember' && command.memberId === command.actorId) return;
  const action: MemoryAction | undefined = COMMAND_ACTIONS[command.type];
  // A command of no known type is the decider's to refuse, loudly, by name.
  if (action === undefined || memoryMay(role, action)) return;
  if (LEAST_ROLE[action] === 'owner') throw new CaseError('CASE_OWNER_ONLY', CASE_MESSAGES.ownerOnly);
  throw new CaseError('CASE_READ_ONLY', CASE_MESSAGES.readOnly);
}
