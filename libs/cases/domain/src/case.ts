import {
  dueDateFor,
  generateChecklist,
  isIsoDate,
  isJurisdiction,
  isoDateIn,
  withDeadlineRule,
  type ChecklistDocument,
  type ChecklistTask,
  type DocumentCategory,
  type IdSource,
} from '@afterwards/checklist-domain';
import { CASE_MESSAGES, CaseError, type FieldError } from './case.errors';
import type { CaseDetails, CaseEvent, CasePhoto, EditableCaseDetails, FileEntry } from './case.events';
import { DEFAULT_NOTE_CATEGORY, isNoteCategory, MAX_NOTE_CONTENT_LENGTH, type NoteCategory } from './notes';
import {
  DOCUMENT_FILE_TYPES,
  MAX_FILES_PER_DOCUMENT,
  MAX_FILE_BYTES,
  MAX_FILE_TYPE_LENGTH,
  MAX_PHOTO_BYTES,
  MAX_TEXT_LENGTH,
  PHOTO_TYPES,
  RELATIONSHIPS,
  type Relationship,
} from './limits';

export type TaskStatus = 'pending' | 'in_progress' | 'complete';

export interface CaseTask extends ChecklistTask {
  status: TaskStatus;
  completedAt: string | null;
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
  /** The signed-in user; only the owner may act on a memory. */
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
  | (Base & { type: 'AttachDocumentFile'; documentId: string; file: IncomingFile })
  | (Base & { type: 'RemoveDocumentFile'; documentId: string; fileIndex: number })
  | (Base & { type: 'AddAdditionalDocument'; documentId: string; title: string; description?: string | null; file: IncomingFile })
  | (Base & { type: 'RemoveAdditionalDocument'; documentId: string })
  | (Base & { type: 'AddNote'; noteId: string; title: string; content: string; category?: string | null })
  | (Base & { type: 'EditNote'; noteId: string; title: string; content: string; category?: string | null; expectedVersion?: number })
  | (Base & { type: 'DeleteNote'; noteId: string })
  | (Base & { type: 'DeleteCase' });

// ---------------------------------------------------------------------------------------------- validation

function invalid(errors: FieldError[]): never {
  throw new CaseError('CASE_INVALID', errors[0]!.message, errors);
}

function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function checkLength(errors: FieldError[], path: string, label: string, value: string | null): void {
  if (value && value.length > MAX_TEXT_LENGTH) errors.push({ path, message: CASE_MESSAGES.tooLong(label, MAX_TEXT_LENGTH) });
}

function checkDates(errors: FieldError[], details: Pick<CaseDetails, 'dateOfDeath' | 'dateOfBirth'>, at: string): void {
  for (const path of ['dateOfDeath', 'dateOfBirth'] as const) {
    const value = details[path];
    if (value !== null && !isIsoDate(value)) errors.push({ path, message: CASE_MESSAGES.date });
  }
  if (errors.length) return;
  const today = isoDateIn(new Date(at));
  if (details.dateOfDeath && details.dateOfDeath > today) errors.push({ path: 'dateOfDeath', message: CASE_MESSAGES.futureDeath });
  if (details.dateOfBirth && details.dateOfBirth > (details.dateOfDeath ?? today)) {
    errors.push({ path: 'dateOfBirth', message: CASE_MESSAGES.birthAfterDeath });
  }
}

function checkRelationship(errors: FieldError[], value: string | null): Relationship | null {
  if (value === null) return null;
  if (!(RELATIONSHIPS as readonly string[]).includes(value)) errors.push({ path: 'relationship', message: CASE_MESSAGES.relationship });
  return value as Relationship;
}

/** Spec section 5, create memory: name, deceased name and jurisdiction are required. */
export function parseCaseDetails(input: CaseDetailsInput, at: string): CaseDetails {
  const name = optionalText(input.name);
  const deceasedName = optionalText(input.deceasedName);
  const jurisdiction = optionalText(input.jurisdiction);
  const missing: FieldError[] = [];
  if (!name) missing.push({ path: 'name', message: CASE_MESSAGES.requiredFields });
  if (!deceasedName) missing.push({ path: 'deceasedName', message: CASE_MESSAGES.requiredFields });
  if (!jurisdiction) missing.push({ path: 'jurisdiction', message: CASE_MESSAGES.requiredFields });
  if (missing.length) invalid(missing);

  const errors: FieldError[] = [];
  if (!isJurisdiction(jurisdiction)) errors.push({ path: 'jurisdiction', message: CASE_MESSAGES.jurisdiction });
  const details = {
    name: name!,
    deceasedName: deceasedName!,
    jurisdiction: jurisdiction as CaseDetails['jurisdiction'],
    relationship: checkRelationship(errors, optionalText(input.relationship)),
    dateOfDeath: optionalText(input.dateOfDeath),
    dateOfBirth: optionalText(input.dateOfBirth),
    placeOfDeath: optionalText(input.placeOfDeath),
  };
  checkLength(errors, 'name', 'Memory name', details.name);
  checkLength(errors, 'deceasedName', "Deceased person's name", details.deceasedName);
  checkLength(errors, 'placeOfDeath', 'Place of death', details.placeOfDeath);
  checkDates(errors, details, at);
  if (errors.length) invalid(errors);
  return details;
}

function parseEdit(current: CaseDetails, input: Partial<Record<keyof EditableCaseDetails, string | null>>, at: string): Partial<EditableCaseDetails> {
  const next: EditableCaseDetails = { ...current };
  const has = (key: keyof EditableCaseDetails) => Object.prototype.hasOwnProperty.call(input, key) && input[key] !== undefined;
  for (const key of ['name', 'deceasedName'] as const) {
    if (has(key)) {
      const value = optionalText(input[key]);
      if (!value) invalid([{ path: key, message: CASE_MESSAGES.editRequired }]);
      next[key] = value;
    }
  }
  const errors: FieldError[] = [];
  if (has('relationship')) next.relationship = checkRelationship(errors, optionalText(input.relationship));
  for (const key of ['dateOfDeath', 'dateOfBirth', 'placeOfDeath'] as const) {
    if (has(key)) next[key] = optionalText(input[key]);
  }
  checkLength(errors, 'name', 'Memory name', next.name);
  checkLength(errors, 'deceasedName', "Deceased person's name", next.deceasedName);
  checkLength(errors, 'placeOfDeath', 'Place of death', next.placeOfDeath);
  checkDates(errors, next, at);
  if (errors.length) invalid(errors);
  const changes: Partial<EditableCaseDetails> = {};
  for (const key of Object.keys(next) as (keyof EditableCaseDetails)[]) {
    if (next[key] !== current[key]) (changes as Record<string, unknown>)[key] = next[key];
  }
  return changes;
}

/** Size and content type of one document file (spec section 5). Null when acceptable. */
export function documentFileProblem(file: Pick<IncomingFile, 'fileName' | 'fileSize' | 'fileType'>): CaseError | null {
  if (file.fileSize > MAX_FILE_BYTES) return new CaseError('FILE_TOO_LARGE', CASE_MESSAGES.fileTooLarge(file.fileName));
  if (!Object.hasOwn(DOCUMENT_FILE_TYPES, file.fileType)) {
    return new CaseError('FILE_TYPE_NOT_ALLOWED', CASE_MESSAGES.fileType(file.fileName));
  }
  return null;
}

/** Size and content type of a memory photo (spec section 5). Null when acceptable. */
export function photoProblem(photo: Pick<CasePhoto, 'fileSize' | 'fileType'>): CaseError | null {
  if (photo.fileSize > MAX_PHOTO_BYTES) return new CaseError('PHOTO_TOO_LARGE', CASE_MESSAGES.photoTooLarge);
  if (!PHOTO_TYPES.includes(photo.fileType)) return new CaseError('PHOTO_TYPE_NOT_ALLOWED', CASE_MESSAGES.photoType);
  return null;
}

function checkPhoto(photo: CasePhoto | null | undefined): CasePhoto | null {
  if (!photo) return null;
  const problem = photoProblem(photo);
  if (problem) throw problem;
  return photo;
}

/** Spec: additional document title and file name are cut to 255 characters, file type to 100. */
function clip(file: IncomingFile, at: string): FileEntry {
  return {
    fileId: file.fileId,
    fileName: file.fileName.slice(0, MAX_TEXT_LENGTH),
    fileSize: file.fileSize,
    fileType: file.fileType.slice(0, MAX_FILE_TYPE_LENGTH),
    uploadedAt: at,
  };
}

/** Spec section 5: title and content both non-blank; the category from the list (general when none). */
export function parseNote(input: { title: string; content: string; category?: string | null }): {
  title: string;
  content: string;
  category: NoteCategory;
} {
  const title = input.title?.trim() ?? '';
  const content = input.content?.trim() ?? '';
  if (!title || !content) {
    throw new CaseError('NOTE_INVALID', CASE_MESSAGES.noteRequired, [
      ...(!title ? [{ path: 'title', message: CASE_MESSAGES.noteRequired }] : []),
      ...(!content ? [{ path: 'content', message: CASE_MESSAGES.noteRequired }] : []),
    ]);
  }
  const errors: FieldError[] = [];
  if (title.length > MAX_TEXT_LENGTH) errors.push({ path: 'title', message: CASE_MESSAGES.tooLong('Title', MAX_TEXT_LENGTH) });
  if (content.length > MAX_NOTE_CONTENT_LENGTH) {
    errors.push({ path: 'content', message: CASE_MESSAGES.tooLong('Note', MAX_NOTE_CONTENT_LENGTH) });
  }
  const category = input.category?.trim() || DEFAULT_NOTE_CATEGORY;
  if (!isNoteCategory(category)) errors.push({ path: 'category', message: CASE_MESSAGES.noteCategory });
  if (errors.length) throw new CaseError('NOTE_INVALID', errors[0]!.message, errors);
  return { title, content, category: category as NoteCategory };
}

/** Every blob a memory holds: its photo and each document's files. */
export function caseFileIds(state: Pick<CaseState, 'photo' | 'documents'>): string[] {
  return [...(state.photo ? [state.photo.fileId] : []), ...state.documents.flatMap((d) => d.files.map((f) => f.fileId))];
}

// ---------------------------------------------------------------------------------------------- decide

/** Unknown, deleted and other people's memories look the same: not found. */
function mustOwn(state: CaseState, command: Base): void {
  if (!state.exists || state.deleted || state.ownerId !== command.actorId) {
    throw new CaseError('CASE_NOT_FOUND', CASE_MESSAGES.notFound);
  }
}

function task(state: CaseState, taskId: string): CaseTask {
  const found = state.tasks.find((t) => t.id === taskId);
  if (!found) throw new CaseError('TASK_NOT_FOUND', `Task not found: ${taskId}`);
  return found;
}

function document(state: CaseState, documentId: string): CaseDocument {
  const found = state.documents.find((d) => d.id === documentId);
  if (!found) throw new CaseError('DOCUMENT_NOT_FOUND', `Document not found: ${documentId}`);
  return found;
}

/**
 * Pure: what happens when `command` meets a memory in `state`. Throws CaseError when refused. Repeating a
 * command whose effect already holds (completing a completed task) decides nothing, so two tabs sending the
 * same change never conflict.
 */
export function decideCase(command: CaseCommand, state: CaseState): CaseEvent[] {
  const { caseId, at } = command;
  if (command.type === 'OpenCase') {
    if (state.exists) throw new CaseError('CASE_ALREADY_EXISTS', `Case ${caseId} already exists`);
    const details = parseCaseDetails(command.details, at);
    const photo = checkPhoto(command.photo);
    const checklist = generateChecklist(
      {
        jurisdiction: details.jurisdiction,
        deceasedName: details.deceasedName,
        dateOfDeath: details.dateOfDeath,
        // Suggested timings count from the day the memory is started when that is after the death.
        startedOn: startedOn(at),
        ...(command.templateVersion ? { templateVersion: command.templateVersion } : {}),
      },
      command.ids,
    );
    return [
      { type: 'CaseOpened', data: { caseId, ownerId: command.actorId, details, photo, openedAt: at } },
      { type: 'ChecklistGenerated', data: { caseId, ...checklist, generatedAt: at } },
    ];
  }

  mustOwn(state, command);
  switch (command.type) {
    case 'EditCaseDetails': {
      if (command.expectedDetailsVersion !== undefined && command.expectedDetailsVersion !== state.detailsVersion) {
        throw new CaseError('CASE_CHANGED', CASE_MESSAGES.caseChanged);
      }
      const changes = parseEdit(state.details!, command.changes, at);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'CaseDetailsEdited', data: { caseId, changes, editedAt: at } }];
    }
    case 'ChangeCasePhoto': {
      const photo = checkPhoto(command.photo);
      const previousFileId = state.photo?.fileId ?? null;
      if (photo === null && previousFileId === null) return [];
      if (photo !== null && photo.fileId === previousFileId) return [];
      return [{ type: 'CasePhotoChanged', data: { caseId, photo, previousFileId, changedAt: at } }];
    }
    case 'CompleteTask': {
      if (task(state, command.taskId).status === 'complete') return [];
      return [{ type: 'TaskCompleted', data: { caseId, taskId: command.taskId, completedAt: at } }];
    }
    case 'ReopenTask': {
      if (task(state, command.taskId).status !== 'complete') return [];
      return [{ type: 'TaskReopened', data: { caseId, taskId: command.taskId, reopenedAt: at } }];
    }
    case 'CollectDocument': {
      if (document(state, command.documentId).collected) return [];
      return [{ type: 'DocumentCollected', data: { caseId, documentId: command.documentId, collectedAt: at } }];
    }
    case 'UncollectDocument': {
      if (!document(state, command.documentId).collected) return [];
      return [{ type: 'DocumentUncollected', data: { caseId, documentId: command.documentId, uncollectedAt: at } }];
    }
    case 'AttachDocumentFile': {
      const doc = document(state, command.documentId);
      if (doc.files.length >= MAX_FILES_PER_DOCUMENT) throw new CaseError('FILE_LIMIT_REACHED', CASE_MESSAGES.fileLimit);
      const problem = documentFileProblem(command.file);
      if (problem) throw problem;
      if (doc.files.some((f) => f.fileId === command.file.fileId)) return [];
      const events: CaseEvent[] = [{ type: 'DocumentFileAttached', data: { caseId, documentId: doc.id, file: clip(command.file, at) } }];
      // Spec section 4: a document with at least one uploaded file is collected.
      if (!doc.collected) events.push({ type: 'DocumentCollected', data: { caseId, documentId: doc.id, collectedAt: at } });
      return events;
    }
    case 'RemoveDocumentFile': {
      const doc = document(state, command.documentId);
      const index = command.fileIndex;
      if (!Number.isInteger(index) || index < 0 || index >= doc.files.length) {
        throw new CaseError('FILE_INDEX_INVALID', CASE_MESSAGES.invalidFileIndex);
      }
      // Removing files does not reset collected (spec section 4).
      return [
        {
          type: 'DocumentFileRemoved',
          data: { caseId, documentId: doc.id, fileIndex: index, fileId: doc.files[index]!.fileId, removedAt: at },
        },
      ];
    }
    case 'AddAdditionalDocument': {
      if (state.documents.some((d) => d.id === command.documentId)) return [];
      const problem = documentFileProblem(command.file);
      if (problem) throw problem;
      const file = clip(command.file, at);
      const title = (command.title.trim() || file.fileName).slice(0, MAX_TEXT_LENGTH);
      return [
        {
          type: 'AdditionalDocumentAdded',
          data: { caseId, documentId: command.documentId, title, description: optionalText(command.description), file, addedAt: at },
        },
      ];
    }
    case 'RemoveAdditionalDocument': {
      const doc = state.documents.find((d) => d.id === command.documentId);
      // An id that is not (or no longer) there is an error the caller hears of, never a silent success.
      if (!doc) throw new CaseError('DOCUMENT_NOT_FOUND', `Document not found: ${command.documentId}`);
      if (!doc.additional) {
        throw new CaseError('DOCUMENT_NOT_ADDITIONAL', 'Only additional documents can be deleted; checklist documents stay on the list');
      }
      return [
        {
          type: 'AdditionalDocumentRemoved',
          data: { caseId, documentId: doc.id, fileIds: doc.files.map((f) => f.fileId), removedAt: at },
        },
      ];
    }
    case 'AddNote': {
      if (state.notes.some((n) => n.id === command.noteId)) return [];
      const note = parseNote(command);
      return [{ type: 'NoteAdded', data: { caseId, noteId: command.noteId, ...note, addedAt: at } }];
    }
    case 'EditNote': {
      const current = state.notes.find((n) => n.id === command.noteId);
      if (!current) throw new CaseError('NOTE_NOT_FOUND', CASE_MESSAGES.noteNotFound);
      if (command.expectedVersion !== undefined && command.expectedVersion !== current.version) {
        throw new CaseError('NOTE_CHANGED', CASE_MESSAGES.noteChanged);
      }
      const note = parseNote(command);
      if (note.title === current.title && note.content === current.content && note.category === current.category) return [];
      return [{ type: 'NoteEdited', data: { caseId, noteId: current.id, ...note, editedAt: at } }];
    }
    case 'DeleteNote': {
      if (!state.notes.some((n) => n.id === command.noteId)) throw new CaseError('NOTE_NOT_FOUND', CASE_MESSAGES.noteNotFound);
      return [{ type: 'NoteDeleted', data: { caseId, noteId: command.noteId, deletedAt: at } }];
    }
    case 'DeleteCase':
      return [{ type: 'CaseDeleted', data: { caseId, deletedAt: at, fileIds: caseFileIds(state) } }];
    default: {
      const unreachable: never = command;
      throw new Error(`Unknown command ${(unreachable as { type: string }).type}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------- evolve

function mapTask(state: CaseState, taskId: string, change: (t: CaseTask) => CaseTask): readonly CaseTask[] {
  return state.tasks.map((t) => (t.id === taskId ? change(t) : t));
}

function mapDocument(state: CaseState, documentId: string, change: (d: CaseDocument) => CaseDocument): readonly CaseDocument[] {
  return state.documents.map((d) => (d.id === documentId ? change(d) : d));
}

/** The calendar day (UK time) a memory was started, from the instant it was opened. */
function startedOn(openedAt: string): string {
  return isoDateIn(new Date(openedAt));
}

/** Pure: the state after `event`. */
export function evolveCase(state: CaseState, event: CaseEvent): CaseState {
  switch (event.type) {
    case 'CaseOpened': {
      const { caseId, ownerId, details, photo, openedAt } = event.data;
      return { ...state, exists: true, caseId, ownerId, details, photo, openedAt, updatedAt: openedAt };
    }
    case 'ChecklistGenerated': {
      const { templateVersion, jurisdiction } = event.data;
      const deceasedName = state.details?.deceasedName ?? '';
      return {
        ...state,
        templateVersion,
        tasks: event.data.tasks.map((t) => ({ ...withDeadlineRule(t, { templateVersion, jurisdiction, deceasedName }), status: 'pending', completedAt: null })),
        documents: event.data.documents.map((d) => ({
          id: d.id,
          additional: false,
          category: d.category,
          title: d.title,
          description: d.description,
          template: d,
          collected: false,
          collectedAt: null,
          files: [],
        })),
        updatedAt: event.data.generatedAt,
      };
    }
    case 'CaseDetailsEdited': {
      const details = { ...state.details!, ...event.data.changes };
      const detailsVersion = state.detailsVersion + 1;
      const tasks =
        event.data.changes.dateOfDeath !== undefined
          ? state.tasks.map((t) => ({
              ...t,
              dueDate: dueDateFor(t, { dateOfDeath: details.dateOfDeath, jurisdiction: details.jurisdiction, startedOn: state.openedAt ? startedOn(state.openedAt) : null }),
            }))
          : state.tasks;
      return { ...state, details, detailsVersion, tasks, updatedAt: event.data.editedAt };
    }
    case 'CasePhotoChanged':
      return { ...state, photo: event.data.photo, updatedAt: event.data.changedAt };
    case 'TaskCompleted':
      return {
        ...state,
        tasks: mapTask(state, event.data.taskId, (t) => ({ ...t, status: 'complete', completedAt: event.data.completedAt })),
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
        documents: mapDocument(state, event.data.documentId, (d) => ({ ...d, collected: true, collectedAt: event.data.collectedAt })),
        updatedAt: event.data.collectedAt,
      };
    case 'DocumentUncollected':
      return {
        ...state,
        documents: mapDocument(state, event.data.documentId, (d) => ({ ...d, collected: false, collectedAt: null })),
        updatedAt: event.data.uncollectedAt,
      };
    case 'DocumentFileAttached':
      return {
        ...state,
        documents: mapDocument(state, event.data.documentId, (d) => ({ ...d, files: [...d.files, event.data.file] })),
        updatedAt: event.data.file.uploadedAt,
      };
    case 'DocumentFileRemoved':
      return {
        ...state,
        documents: mapDocument(state, event.data.documentId, (d) => ({
          ...d,
          files: d.files.filter((_f, i) => i !== event.data.fileIndex),
        })),
        updatedAt: event.data.removedAt,
      };
    case 'AdditionalDocumentAdded': {
      const { documentId, title, description, file, addedAt } = event.data;
      const doc: CaseDocument = {
        id: documentId,
        additional: true,
        category: 'additional',
        title,
        description,
        template: null,
        collected: true,
        collectedAt: addedAt,
        files: [file],
      };
      return { ...state, documents: [...state.documents, doc], updatedAt: addedAt };
    }
    case 'AdditionalDocumentRemoved':
      return {
        ...state,
        documents: state.documents.filter((d) => d.id !== event.data.documentId),
        updatedAt: event.data.removedAt,
      };
    case 'NoteAdded': {
      const { noteId, title, content, category, addedAt } = event.data;
      const note: CaseNote = { id: noteId, title, content, category, version: 0, createdAt: addedAt, updatedAt: addedAt };
      return { ...state, notes: [...state.notes, note], updatedAt: addedAt };
    }
    case 'NoteEdited': {
      const { noteId, title, content, category, editedAt } = event.data;
      return {
        ...state,
        notes: state.notes.map((n) => (n.id === noteId ? { ...n, title, content, category, version: n.version + 1, updatedAt: editedAt } : n)),
        updatedAt: editedAt,
      };
    }
    case 'NoteDeleted':
      return { ...state, notes: state.notes.filter((n) => n.id !== event.data.noteId), updatedAt: event.data.deletedAt };
    case 'CaseDeleted':
      // Nothing personal survives in the folded state either.
      return { ...initialCaseState, exists: true, deleted: true, caseId: event.data.caseId, updatedAt: event.data.deletedAt };
    default: {
      const unreachable: never = event;
      throw new Error(`Unknown event ${(unreachable as { type: string }).type}`);
    }
  }
}

export function foldCase(events: readonly CaseEvent[]): CaseState {
  return events.reduce(evolveCase, initialCaseState);
}
