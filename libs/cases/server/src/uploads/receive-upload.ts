import { FILE_NAME_HEADER } from '@afterwards/contracts';
import { headerOf, type HttpRequest } from '@afterwards/server-kit';
import { fileNameFromHeader, type EncryptedFileStore, type StoredFile } from '@afterwards/file-store';
import { receiveFile, type ReceiveFileRules } from '@afterwards/file-store/receive';
import { CASE_MESSAGES, CaseError, DOCUMENT_FILE_TYPES, MAX_FILE_BYTES, MAX_TEXT_LENGTH, type FileEntry } from '@afterwards/cases-domain';
import { memoryTempScope } from '../file-purge/memory-temp-files';

/** The file's name as the person chose it, without any path or control characters; never trusted for its type. */
function uploadedFileName(req: HttpRequest): string {
  return fileNameFromHeader(headerOf(req, FILE_NAME_HEADER), MAX_TEXT_LENGTH);
}

/** A checklist or additional document's file: 5 MB, PDF, JPG, PNG, DOC or DOCX, with the spec's messages. */
function documentFileRules(fileName: string): ReceiveFileRules {
  return {
    maxBytes: MAX_FILE_BYTES,
    allowedTypes: Object.keys(DOCUMENT_FILE_TYPES),
    tooLarge: () => new CaseError('FILE_TOO_LARGE', CASE_MESSAGES.fileTooLarge(fileName)),
    wrongType: () => new CaseError('FILE_TYPE_NOT_ALLOWED', CASE_MESSAGES.fileType(fileName)),
  };
}

/** Runs `attach` with a stored file, and drops the blob again when the memory refuses it. */
export async function keepIfAccepted<T>(files: EncryptedFileStore, stored: StoredFile, attach: () => Promise<T>): Promise<T> {
  try {
    return await attach();
  } catch (error) {
    await files.delete(stored.fileId).catch(() => undefined);
    throw error;
  }
}

/**
 * A document's file sent to memory `caseId` (a checklist or an additional document): stored under the
 * document rules with the name the person gave it, then kept only if `attach`, given the file as the
 * memory's command takes it, is accepted.
 */
export async function receiveDocumentFile<T>(req: HttpRequest, files: EncryptedFileStore, caseId: string, attach: (file: Omit<FileEntry, 'uploadedAt'>) => Promise<T>): Promise<T> {
  const fileName = uploadedFileName(req);
  // The partial file sits in the memory's scope, so deleting the memory removes it even after a crash.
  const stored = await receiveFile(req, files, { ...documentFileRules(fileName), scope: memoryTempScope(caseId) });
  return keepIfAccepted(files, stored, () => attach({ fileId: stored.fileId, fileName, fileSize: stored.fileSize, fileType: stored.fileType }));
}
