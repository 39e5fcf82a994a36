// What a CSV import dialog shows (listings' Bulk CSV Upload, organisations' Import from CSV), as pure
// functions (unit-tested). The import's kind says what its rows add.
import { CSV_ERRORS_AFTER_UPLOAD, CSV_ERRORS_SHOWN, CSV_MESSAGES, importedThings, moreErrorsText, type CsvImport } from '@afterwards/contracts';

export type CsvStage = 'idle' | 'uploading' | 'checked' | 'importing' | 'success' | 'error';

/** The dialog's stage for an import as the server has it. */
export function stageOf(current: CsvImport | undefined, uploading: boolean, failed: boolean): CsvStage {
  if (uploading) return 'uploading';
  if (failed) return 'error';
  if (!current) return 'idle';
  if (current.status === 'checked') return 'checked';
  if (current.status === 'completed') return 'success';
  if (current.status === 'failed') return 'error';
  return 'importing';
}

/** The errors listed (5 before the import, 3 after it) and the '... and N more errors' line. */
export function errorsToShow(current: CsvImport, afterUpload: boolean): { shown: string[]; more: string | null } {
  const limit = afterUpload ? CSV_ERRORS_AFTER_UPLOAD : CSV_ERRORS_SHOWN;
  const shown = current.errors.slice(0, limit);
  return { shown, more: moreErrorsText(current.errorCount, shown.length) };
}

/** Valid rows the import would add, as the server's check counted them (every valid row for a check that did not count). */
export const newRowsOf = (current: CsvImport): number => current.newRows ?? current.validRows;

/** Valid rows the server found imported before: the import skips them. */
const importedBeforeOf = (current: CsvImport): number => current.alreadyImportedRows ?? 0;

/**
 * Whether Import may be pressed: a readable file with rows that are new to the directory, and rows in
 * error only when staff chose to leave them out.
 */
export function canStart(current: CsvImport, skipRejected: boolean): boolean {
  return current.status === 'checked' && !current.fileError && newRowsOf(current) > 0 && (current.rejectedRows === 0 || skipRejected);
}

/** Every valid row was imported before: the plain message shown instead of an Import to press. */
export function nothingNewText(current: CsvImport): string | null {
  return current.status === 'checked' && !current.fileError && current.validRows > 0 && newRowsOf(current) === 0 ? CSV_MESSAGES.nothingNew(current.validRows, current.kind) : null;
}

const n = (value: number) => value.toLocaleString('en-GB');
const rows = (value: number) => `${n(value)} ${value === 1 ? 'row' : 'rows'}`;

/** The Import button: the number of businesses (or organisations) the import will add. */
export function importButtonText(current: CsvImport): string {
  const fresh = newRowsOf(current);
  if (fresh === 0) return 'Nothing new to import';
  return `Import ${importedThings(fresh, current.kind)}`;
}

export function checkSummary(current: CsvImport): string {
  const before = importedBeforeOf(current);
  const fresh = newRowsOf(current);
  const checked = `${rows(current.totalRows)} checked:`;
  if (before === 0 && current.rejectedRows === 0) return `${checked} every row can be imported.`;
  if (before === current.totalRows) return `${checked} every row was imported before.`;
  const parts = [before === 0 ? `${n(fresh)} can be imported` : `${n(fresh)} new can be imported`];
  if (before > 0) parts.push(`${rows(before)} ${before === 1 ? 'was' : 'were'} imported before and will be skipped`);
  if (current.rejectedRows > 0) parts.push(`${rows(current.rejectedRows)} ${current.rejectedRows === 1 ? 'has' : 'have'} errors`);
  return `${checked} ${parts.join(', ')}.`;
}

export function progressText(current: CsvImport): string {
  const p = current.progress;
  return `Checked ${n(p.checked)} of ${rows(current.totalRows)} · imported ${n(p.imported)} · already imported ${n(p.duplicates)} · rejected ${n(p.rejected)}`;
}

export function resultText(current: CsvImport): string {
  const p = current.progress;
  const parts = [CSV_MESSAGES.finished(p.imported, current.kind)];
  if (p.duplicates > 0) parts.push(`${rows(p.duplicates)} had been imported before and ${p.duplicates === 1 ? 'was' : 'were'} skipped.`);
  if (p.rejected > 0) parts.push(`${rows(p.rejected)} with errors ${p.rejected === 1 ? 'was' : 'were'} left out.`);
  return parts.join(' ');
}
