// Its own entry point (`@afterwards/file-store/receive`): the package's main one is loaded by the document
// extraction's worker thread too, which must not load the server kit (Nest and all) with it.
import { headerOf, requestBodyOf, type HttpRequest } from '@afterwards/server-kit';
import type { EncryptedFileStore, StoredFile, TempScope } from './encrypted-file-store';
import { FileTooLargeError, FileTypeNotAllowedError } from './errors';

/** What a route accepts as an uploaded file, and the errors (in its own context's words) it refuses with. */
export interface ReceiveFileRules {
  readonly maxBytes: number;
  readonly allowedTypes: readonly string[];
  readonly tooLarge: () => Error;
  readonly wrongType: () => Error;
  /** Where the partial file sits while it arrives (see TempScope); not with `stage`. */
  readonly scope?: TempScope;
  /** Leave the file staged (see EncryptedFileStore.stage): the caller commits it once a row points at it. */
  readonly stage?: boolean;
}

/**
 * Streams a request's body into the encrypted file store, the one way every upload route reads a file: a
 * declared length over the limit is refused before reading; otherwise the store counts the bytes as they
 * arrive and tells the type from the content. A refused body's unread rest is left for the server to drop,
 * so the client gets the refusal (see `dropUnreadBody`).
 */
export async function receiveFile(req: HttpRequest, files: EncryptedFileStore, rules: ReceiveFileRules): Promise<StoredFile> {
  const declared = Number(headerOf(req, 'content-length'));
  if (Number.isFinite(declared) && declared > rules.maxBytes) throw rules.tooLarge();
  const { maxBytes, allowedTypes, scope } = rules;
  try {
    const body = requestBodyOf(req);
    return await (rules.stage ? files.stage(body, { maxBytes, allowedTypes }) : files.put(body, { maxBytes, allowedTypes, ...(scope ? { scope } : {}) }));
  } catch (error) {
    if (error instanceof FileTooLargeError) throw rules.tooLarge();
    if (error instanceof FileTypeNotAllowedError) throw rules.wrongType();
    throw error;
  }
}
