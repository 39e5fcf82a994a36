/** Typed errors with stable codes; the server registers `FILE_STORE_ERROR_STATUSES` to turn them into problem details. */
export type FileStoreErrorCode = 'FILE_TOO_LARGE' | 'FILE_TYPE_NOT_ALLOWED' | 'FILE_NOT_FOUND' | 'FILE_NOT_AN_IMAGE' | 'FILE_UNREADABLE';

export abstract class FileStoreError extends Error {
  abstract readonly code: FileStoreErrorCode;
}

export class FileTooLargeError extends FileStoreError {
  readonly code = 'FILE_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

export class FileTypeNotAllowedError extends FileStoreError {
  readonly code = 'FILE_TYPE_NOT_ALLOWED';
  /** `detectedType` is null when the content is none of the known types. */
  constructor(
    readonly detectedType: string | null,
    readonly allowedTypes: readonly string[],
  ) {
    super(detectedType ? `Files of type ${detectedType} are not allowed here` : 'The file is not of an allowed type');
    this.name = 'FileTypeNotAllowedError';
  }
}

export class FileNotFoundError extends FileStoreError {
  readonly code = 'FILE_NOT_FOUND';
  constructor(readonly fileId: string) {
    super('File not found');
    this.name = 'FileNotFoundError';
  }
}

export class FileNotAnImageError extends FileStoreError {
  readonly code = 'FILE_NOT_AN_IMAGE';
  constructor(readonly fileId: string) {
    super('The file is not an image that can be previewed');
    this.name = 'FileNotAnImageError';
  }
}

/** The blob failed authentication: changed on disk, truncated, or written under another master key. */
export class FileUnreadableError extends FileStoreError {
  readonly code = 'FILE_UNREADABLE';
  constructor(readonly fileId: string) {
    super('The stored file cannot be read: it was changed or was written with another key');
    this.name = 'FileUnreadableError';
  }
}

export const FILE_STORE_ERROR_STATUSES: Record<FileStoreErrorCode, number> = {
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_NOT_FOUND: 404,
  FILE_NOT_AN_IMAGE: 415,
  FILE_UNREADABLE: 500,
};
