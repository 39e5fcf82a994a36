import { FILE_NAME_HEADER } from '@afterwards/contracts';
import { FileTooLargeError, FileTypeNotAllowedError, fileNameFromHeader, type EncryptedFileStore, type StoredFile } from '@afterwards/file-store';
import { headerOf, ProblemError, requestBodyOf, type HttpRequest } from '@afterwards/server-kit';

export const importFileName = (req: HttpRequest, fallback: string): string => fileNameFromHeader(headerOf(req, FILE_NAME_HEADER), 255, fallback);

export interface ImportFileRules {
  readonly maxBytes: number;
  readonly allowedTypes: readonly string[];
  readonly tooLarge: () => ProblemError;
  readonly wrongType: () => ProblemError;
  /** Leave the file staged (see EncryptedFileStore.stage): the caller commits it once a row points at it. */
  readonly stage?: boolean;
}

/**
 * Streams an uploaded file into the encrypted file store: a declared length over the cap is refused before
 * reading, otherwise the store counts the bytes as they arrive and tells the type from the content. A refused
 * body's unread rest is left for the server to drop, so the client gets the refusal (see `dropUnreadBody`).
 */
export async function receiveImportFile(req: HttpRequest, files: EncryptedFileStore, rules: ImportFileRules): Promise<StoredFile> {
  const declared = Number(headerOf(req, 'content-length'));
  if (Number.isFinite(declared) && declared > rules.maxBytes) throw rules.tooLarge();
  try {
    const body = requestBodyOf(req);
    const options = { maxBytes: rules.maxBytes, allowedTypes: rules.allowedTypes };
    return await (rules.stage ? files.stage(body, options) : files.put(body, options));
  } catch (error) {
    if (error instanceof FileTooLargeError) throw rules.tooLarge();
    if (error instanceof FileTypeNotAllowedError) throw rules.wrongType();
    throw error;
  }
}
