import type { CsvImport } from '@afterwards/contracts';
import { canStart, checkSummary, errorsToShow, importButtonText, nothingNewText, resultText, stageOf } from './csv-import-view';

const checked = (overrides: Partial<CsvImport> = {}): CsvImport => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'listings',
  fileName: 'listings.csv',
  fileBytes: 100,
  status: 'checked',
  fileError: null,
  headers: [],
  totalRows: 12,
  validRows: 5,
  alreadyImportedRows: 0,
  newRows: 5,
  rejectedRows: 7,
  errorCount: 8,
  preview: [],
  errors: ['Row 2: name is required', 'Row 3: name is required', 'Row 4: name is required', 'Row 5: name is required', 'Row 6: name is required', 'Row 7: name is required', 'Row 8: name is required', 'Row 8: location is required'],
  progress: { checked: 0, imported: 0, duplicates: 0, rejected: 0 },
  failure: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  version: 0,
  ...overrides,
});

describe('a CSV import dialog', () => {
  it('lists 5 errors, then "... and N more errors"; after the upload 3', () => {
    expect(errorsToShow(checked(), false)).toEqual({ shown: checked().errors.slice(0, 5), more: '... and 3 more errors' });
    expect(errorsToShow(checked(), true)).toEqual({ shown: checked().errors.slice(0, 3), more: '... and 5 more errors' });
    expect(errorsToShow(checked({ errors: ['Row 2: name is required'], errorCount: 1 }), false).more).toBeNull();
  });

  it('blocks Import while rows have errors, unless staff leave them out; never for a file that cannot be read', () => {
    expect(canStart(checked(), false)).toBe(false);
    expect(canStart(checked(), true)).toBe(true);
    expect(canStart(checked({ rejectedRows: 0, errorCount: 0, errors: [] }), false)).toBe(true);
    expect(canStart(checked({ fileError: 'Missing required headers: status', validRows: 0 }), true)).toBe(false);
    expect(canStart(checked({ status: 'running' }), true)).toBe(false);
  });

  it('follows the import through its stages and says what happened', () => {
    expect(stageOf(undefined, true, false)).toBe('uploading');
    expect(stageOf(checked(), false, false)).toBe('checked');
    expect(stageOf(checked({ status: 'running' }), false, false)).toBe('importing');
    expect(stageOf(checked({ status: 'completed' }), false, false)).toBe('success');
    expect(checkSummary(checked())).toBe('12 rows checked: 5 can be imported, 7 rows have errors.');
    expect(resultText(checked({ status: 'completed', progress: { checked: 12, imported: 4, duplicates: 1, rejected: 7 } }))).toBe(
      'Imported 4 businesses. 1 row had been imported before and was skipped. 7 rows with errors were left out.',
    );
  });

  it('says before Import how many rows were imported before, and the button the number it will add', () => {
    const again = checked({ totalRows: 500, validRows: 500, alreadyImportedRows: 500, newRows: 0, rejectedRows: 0, errorCount: 0, errors: [] });
    expect(checkSummary(again)).toBe('500 rows checked: every row was imported before.');
    expect(nothingNewText(again)).toBe('All 500 businesses in this file are already in the directory: they were imported before. There is nothing new to import.');
    expect([importButtonText(again), canStart(again, false), canStart(again, true)]).toEqual(['Nothing new to import', false, false]);

    const some = checked({ totalRows: 500, validRows: 500, alreadyImportedRows: 480, newRows: 20, rejectedRows: 0, errorCount: 0, errors: [] });
    expect(checkSummary(some)).toBe('500 rows checked: 20 new can be imported, 480 rows were imported before and will be skipped.');
    expect([importButtonText(some), canStart(some, false), nothingNewText(some)]).toEqual(['Import 20 businesses', true, null]);

    const mixed = checked({ alreadyImportedRows: 1, newRows: 4 });
    expect(checkSummary(mixed)).toBe('12 rows checked: 4 new can be imported, 1 row was imported before and will be skipped, 7 rows have errors.');
    expect(importButtonText(mixed)).toBe('Import 4 businesses');
    expect(importButtonText(checked({ validRows: 1, newRows: 1 }))).toBe('Import 1 business');
    // A check recorded before the count existed: every valid row, as before.
    expect(importButtonText(checked({ alreadyImportedRows: null, newRows: null }))).toBe('Import 5 businesses');
  });

  it('counts organisations for an import of organisations', () => {
    const organisations = checked({ kind: 'organisations', totalRows: 3, validRows: 2, newRows: 2, rejectedRows: 1, errorCount: 1 });
    expect([importButtonText(organisations), importButtonText(checked({ kind: 'organisations', validRows: 1, newRows: 1 }))]).toEqual(['Import 2 organisations', 'Import 1 organisation']);
    expect(nothingNewText(checked({ kind: 'organisations', validRows: 2, alreadyImportedRows: 2, newRows: 0, rejectedRows: 0 }))).toBe(
      'All 2 organisations in this file are already in the directory. There is nothing new to import.',
    );
    expect(resultText(checked({ kind: 'organisations', status: 'completed', progress: { checked: 3, imported: 2, duplicates: 0, rejected: 1 } }))).toBe(
      'Imported 2 organisations. 1 row with errors was left out.',
    );
  });
});
