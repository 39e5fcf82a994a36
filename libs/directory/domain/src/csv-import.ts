import { CSV_MESSAGES, unhandled, type CsvPreviewRow, type ImportKind, type ImportProgress, type ImportStatus } from '@afterwards/contracts';

/**
 * A bulk CSV import (admin spec: Bulk CSV Upload) as its own event stream, `import-<id>`: checked on
 * upload, started by staff, then progress and the result from the job that imports the rows. Being
 * events, its progress reaches staff screens through the projections (from whichever process runs the
 * job) and its history stays for audit. Pure decide/evolve, like every aggregate.
 */
export interface CsvImportCheck {
  importId: string;
  /** What the rows add; absent from checks recorded before organisations could be imported (listings). */
  kind?: ImportKind;
  fileName: string;
  /** The uploaded file in the encrypted file store. */
  fileId: string;
  fileSha256: string;
  fileBytes: number;
  headers: string[];
  fileError: string | null;
  totalRows: number;
  validRows: number;
  /**
   * Accepted rows imported before, by the import's own duplicate rule (their listing exists, or an earlier
   * row of the file names it): the import will skip them. Absent from checks recorded before it was counted.
   */
  alreadyImportedRows?: number;
  rejectedRows: number;
  errorCount: number;
  /** The first row errors, for the screen; all of them are in the rejected-rows file. */
  errors: string[];
  preview: CsvPreviewRow[];
  /** Every rejected row with its reason, as CSV in the file store; null when none was rejected. */
  rejectsFileId: string | null;
}

export type CsvImportEvent =
  | { type: 'CsvImportChecked'; data: CsvImportCheck }
  | { type: 'CsvImportStarted'; data: { importId: string; skipRejected: boolean } }
  | { type: 'CsvImportProgressed'; data: { importId: string; progress: ImportProgress } }
  | { type: 'CsvImportCompleted'; data: { importId: string; progress: ImportProgress } }
  | { type: 'CsvImportFailed'; data: { importId: string; reason: string; progress: ImportProgress } };

export type CsvImportCommand =
  | { type: 'CheckCsvImport'; check: CsvImportCheck }
  | { type: 'StartCsvImport'; importId: string; skipRejected: boolean }
  | { type: 'RecordCsvImportProgress'; importId: string; progress: ImportProgress }
  | { type: 'CompleteCsvImport'; importId: string; progress: ImportProgress }
  | { type: 'FailCsvImport'; importId: string; reason: string; progress: ImportProgress };

export interface CsvImportState {
  readonly exists: boolean;
  readonly kind: ImportKind;
  readonly status: ImportStatus | null;
  readonly fileId: string | null;
  readonly fileName: string | null;
  readonly fileError: string | null;
  readonly validRows: number;
  /** Accepted rows not imported before, as the check found them; null when the check did not count them. */
  readonly newRows: number | null;
  readonly rejectedRows: number;
  readonly skipRejected: boolean;
  readonly progress: ImportProgress;
}

export const NO_PROGRESS: ImportProgress = Object.freeze({ checked: 0, imported: 0, duplicates: 0, rejected: 0 });

export const initialCsvImportState: CsvImportState = {
  exists: false,
  kind: 'listings',
  status: null,
  fileId: null,
  fileName: null,
  fileError: null,
  validRows: 0,
  newRows: null,
  rejectedRows: 0,
  skipRejected: false,
  progress: NO_PROGRESS,
};

export type ImportErrorCode =
  | 'IMPORT_NOT_FOUND'
  | 'IMPORT_ALREADY_EXISTS'
  | 'IMPORT_ALREADY_STARTED'
  | 'IMPORT_FILE_INVALID'
  | 'IMPORT_HAS_ERRORS'
  | 'IMPORT_NOTHING_TO_IMPORT'
  | 'IMPORT_NOTHING_NEW'
  | 'IMPORT_NOT_RUNNING';

export const IMPORT_ERROR_STATUS: Record<ImportErrorCode, number> = {
  IMPORT_NOT_FOUND: 404,
  IMPORT_ALREADY_EXISTS: 409,
  IMPORT_ALREADY_STARTED: 409,
  IMPORT_FILE_INVALID: 409,
  IMPORT_HAS_ERRORS: 409,
  IMPORT_NOTHING_TO_IMPORT: 409,
  IMPORT_NOTHING_NEW: 409,
  IMPORT_NOT_RUNNING: 409,
};

export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

export const IMPORT_STREAM_PREFIX = 'import-';
export const importStreamId = (importId: string): string => `${IMPORT_STREAM_PREFIX}${importId}`;
export const CSV_IMPORT_EVENT_TYPES: readonly CsvImportEvent['type'][] = ['CsvImportChecked', 'CsvImportStarted', 'CsvImportProgressed', 'CsvImportCompleted', 'CsvImportFailed'];

const running = (state: CsvImportState) => state.status === 'queued' || state.status === 'running';

function mustExist(state: CsvImportState, importId: string): void {
  if (!state.exists) throw new ImportError('IMPORT_NOT_FOUND', `Import not found: ${importId}`);
}

export function decideCsvImport(command: CsvImportCommand, state: CsvImportState): CsvImportEvent[] {
  switch (command.type) {
    case 'CheckCsvImport':
      if (state.exists) throw new ImportError('IMPORT_ALREADY_EXISTS', `Import ${command.check.importId} already exists`);
      return [{ type: 'CsvImportChecked', data: command.check }];
    case 'StartCsvImport': {
      mustExist(state, command.importId);
      if (state.status !== 'checked') throw new ImportError('IMPORT_ALREADY_STARTED', 'This import has already been started.');
      if (state.fileError) throw new ImportError('IMPORT_FILE_INVALID', state.fileError);
      if (state.validRows === 0) throw new ImportError('IMPORT_NOTHING_TO_IMPORT', 'No row of this file can be imported. Correct the rows and upload it again.');
      if (state.newRows === 0) throw new ImportError('IMPORT_NOTHING_NEW', CSV_MESSAGES.nothingNew(state.validRows, state.kind));
      if (state.rejectedRows > 0 && !command.skipRejected) throw new ImportError('IMPORT_HAS_ERRORS', CSV_MESSAGES.blocked(state.rejectedRows));
      return [{ type: 'CsvImportStarted', data: { importId: command.importId, skipRejected: command.skipRejected } }];
    }
    case 'RecordCsvImportProgress':
      mustExist(state, command.importId);
      // A job that runs again after the import ended (a retry that lost a race) changes nothing.
      if (!running(state)) return [];
      return [{ type: 'CsvImportProgressed', data: { importId: command.importId, progress: command.progress } }];
    case 'CompleteCsvImport':
      mustExist(state, command.importId);
      if (!running(state)) return [];
      return [{ type: 'CsvImportCompleted', data: { importId: command.importId, progress: command.progress } }];
    case 'FailCsvImport':
      mustExist(state, command.importId);
      if (!running(state)) return [];
      return [{ type: 'CsvImportFailed', data: { importId: command.importId, reason: command.reason, progress: command.progress } }];
    default:
      return unhandled('Unknown command', command);
  }
}

export function evolveCsvImport(state: CsvImportState, event: CsvImportEvent): CsvImportState {
  switch (event.type) {
    case 'CsvImportChecked': {
      const c = event.data;
      const newRows = c.alreadyImportedRows === undefined ? null : c.validRows - c.alreadyImportedRows;
      return { ...state, exists: true, kind: c.kind ?? 'listings', status: 'checked', fileId: c.fileId, fileName: c.fileName, fileError: c.fileError, validRows: c.validRows, newRows, rejectedRows: c.rejectedRows };
    }
    case 'CsvImportStarted':
      return { ...state, status: 'queued', skipRejected: event.data.skipRejected };
    case 'CsvImportProgressed':
      return { ...state, status: 'running', progress: event.data.progress };
    case 'CsvImportCompleted':
      return { ...state, status: 'completed', progress: event.data.progress };
    case 'CsvImportFailed':
      return { ...state, status: 'failed', progress: event.data.progress };
    default:
      return unhandled('Unknown event', event);
  }
}
