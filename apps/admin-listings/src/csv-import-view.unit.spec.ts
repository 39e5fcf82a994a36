import type { CsvImport } from '@afterwards/contracts';
import { canStart, checkSummary, errorsToShow, resultText, stageOf } from './csv-import-view';

const checked = (overrides: Partial<CsvImport> = {}): CsvImport => ({
  id: '00000000-0000-4000-8000-000000000001',
  fileName: 'listings.csv',
  fileBytes: 100,
  status: 'checked',
  fileError: null,
  headers: [],
  totalRows: 12,
  validRows: 5,
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

describe('Bulk CSV Upload dialog', () => {
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
});
