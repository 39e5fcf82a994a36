// Files: uploads attached to checklist documents, and additional documents the owner adds.
import { CASE_MESSAGES, CaseError } from './case.errors';
import type { AdditionalDocumentAdded, AdditionalDocumentRemoved, CaseEvent, DocumentFileAttached, DocumentFileRemoved, FileEntry } from './case.events';
import { findDocument, mapDocument, optionalText, type CaseDocument, type CaseState, type CommandOf, type IncomingFile } from './case.state';
import { DOCUMENT_FILE_TYPES, MAX_FILES_PER_DOCUMENT, MAX_FILE_BYTES, MAX_FILE_TYPE_LENGTH, MAX_TEXT_LENGTH } from './limits';

/** Size and content type of one document file. Null when acceptable. */
export function documentFileProblem(file: Pick<IncomingFile, 'fileName' | 'fileSize' | 'fileType'>): CaseError | null {
  if (file.fileSize > MAX_FILE_BYTES) return new CaseError('FILE_TOO_LARGE', CASE_MESSAGES.fileTooLarge(file.fileName));
  if (!Object.hasOwn(DOCUMENT_FILE_TYPES, file.fileType)) {
    return new CaseError('FILE_TYPE_NOT_ALLOWED', CASE_MESSAGES.fileType(file.fileName));
  }
  return null;
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

export type FilesCommand = CommandOf<'AttachDocumentFile' | 'RemoveDocumentFile' | 'AddAdditionalDocument' | 'RemoveAdditionalDocument'>;

export function decideFiles(command: FilesCommand, state: CaseState): CaseEvent[] {
  const { caseId, at } = command;
  switch (command.type) {
    case 'AttachDocumentFile': {
      const doc = findDocument(state, command.documentId);
      if (doc.files.length >= MAX_FILES_PER_DOCUMENT) throw new CaseError('FILE_LIMIT_REACHED', CASE_MESSAGES.fileLimit);
      const problem = documentFileProblem(command.file);
      if (problem) throw problem;
      if (doc.files.some((f) => f.fileId === command.file.fileId)) return [];
      const events: CaseEvent[] = [{ type: 'DocumentFileAttached', data: { caseId, documentId: doc.id, file: clip(command.file, at) } }];
      // A document with at least one uploaded file is collected.
      if (!doc.collected) events.push({ type: 'DocumentCollected', data: { caseId, documentId: doc.id, collectedAt: at } });
      return events;
    }
    case 'RemoveDocumentFile': {
      const doc = findDocument(state, command.documentId);
      const index = command.fileIndex;
      if (!Number.isInteger(index) || index < 0 || index >= doc.files.length) {
        throw new CaseError('FILE_INDEX_INVALID', CASE_MESSAGES.invalidFileIndex);
      }
      // Removing files does not reset collected.
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
  }
}

export function evolveFiles(state: CaseState, event: DocumentFileAttached | DocumentFileRemoved | AdditionalDocumentAdded | AdditionalDocumentRemoved): CaseState {
  switch (event.type) {
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
        settled: null,
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
  }
}
