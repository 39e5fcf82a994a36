/** Problem codes of "Download everything", with their HTTP statuses (registered in cases.module.ts). */
export const MEMORY_EXPORT_ERROR_STATUSES = {
  EXPORT_NOT_FOUND: 404,
  EXPORT_NOT_READY: 409,
  EXPORT_EXPIRED: 410,
} as const;

export type MemoryExportErrorCode = keyof typeof MEMORY_EXPORT_ERROR_STATUSES;

export class MemoryExportError extends Error {
  constructor(
    readonly code: MemoryExportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'MemoryExportError';
  }
}
