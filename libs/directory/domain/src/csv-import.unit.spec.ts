import { CSV_MESSAGES } from '@afterwards/contracts';
import { givenWhenThen } from '@afterwards/testing/decider';
import { decideCsvImport, evolveCsvImport, initialCsvImportState, ImportError, NO_PROGRESS, type CsvImportCheck, type CsvImportEvent } from './csv-import';

const importId = '0b4f7f5e-2f63-4c1a-9a3e-6b3f3c1b2a10';
const check = (overrides: Partial<CsvImportCheck> = {}): CsvImportCheck => ({
  importId,
  fileName: 'listings.csv',
  fileId: '5a0c6f0e-1b2c-4d3e-8f40-0a1b2c3d4e5f',
  fileSha256: 'abc',
  fileBytes: 100,
  headers: ['name'],
  fileError: null,
  totalRows: 3,
  validRows: 3,
  rejectedRows: 0,
  errorCount: 0,
  errors: [],
  preview: [],
  rejectsFileId: null,
  ...overrides,
});
const progress = { checked: 3, imported: 2, duplicates: 1, rejected: 0 };

const given = givenWhenThen({ initialState: initialCsvImportState, decide: decideCsvImport, evolve: evolveCsvImport }, ImportError);

const checked: CsvImportEvent = { type: 'CsvImportChecked', data: check() };
const started: CsvImportEvent = { type: 'CsvImportStarted', data: { importId, skipRejected: false } };

describe('CSV import aggregate', () => {
  it('given nothing, when a file is checked, then it is recorded', () => {
    given().when({ type: 'CheckCsvImport', check: check() }).then([checked]);
  });

  it('given a clean check, when started, then it is queued', () => {
    given(checked).when({ type: 'StartCsvImport', importId, skipRejected: false }).then([started]);
  });

  it('given rows in error, when started without leaving them out, then it is refused with the count', () => {
    const withErrors: CsvImportEvent = { type: 'CsvImportChecked', data: check({ validRows: 1, rejectedRows: 2 }) };
    given(withErrors).when({ type: 'StartCsvImport', importId, skipRejected: false }).thenRefused('IMPORT_HAS_ERRORS');
    given(withErrors).when({ type: 'StartCsvImport', importId, skipRejected: true }).then([{ type: 'CsvImportStarted', data: { importId, skipRejected: true } }]);
  });

  it('given a file without its headers or without one good row, when started, then it is refused', () => {
    given({ type: 'CsvImportChecked', data: check({ fileError: 'Missing required headers: status', validRows: 0 }) }).when({ type: 'StartCsvImport', importId, skipRejected: true }).thenRefused('IMPORT_FILE_INVALID');
    given({ type: 'CsvImportChecked', data: check({ validRows: 0, rejectedRows: 3 }) }).when({ type: 'StartCsvImport', importId, skipRejected: true }).thenRefused('IMPORT_NOTHING_TO_IMPORT');
  });

  it('given a check that found every valid row imported before, when started, then it is refused: nothing is new', () => {
    given({ type: 'CsvImportChecked', data: check({ validRows: 3, alreadyImportedRows: 3 }) }).when({ type: 'StartCsvImport', importId, skipRejected: false }).thenRefused('IMPORT_NOTHING_NEW');
    given({ type: 'CsvImportChecked', data: check({ validRows: 3, alreadyImportedRows: 2 }) }).when({ type: 'StartCsvImport', importId, skipRejected: false }).then([started]);
    // A check recorded before rows imported before were counted starts as it did.
    given(checked).when({ type: 'StartCsvImport', importId, skipRejected: false }).then([started]);
    expect([{ type: 'CsvImportChecked', data: check({ validRows: 3, alreadyImportedRows: 1 }) } as CsvImportEvent].reduce(evolveCsvImport, initialCsvImportState).newRows).toBe(2);
    expect([checked].reduce(evolveCsvImport, initialCsvImportState).newRows).toBeNull();
  });

  it('given a check of organisations, it keeps its kind and says in its words that nothing is new; a check without a kind is of listings', () => {
    const organisations = { type: 'CsvImportChecked', data: { ...check({ validRows: 2, alreadyImportedRows: 2 }), kind: 'organisations' } } as CsvImportEvent;
    given(organisations).when({ type: 'StartCsvImport', importId, skipRejected: false }).thenRefused('IMPORT_NOTHING_NEW', CSV_MESSAGES.nothingNew(2, 'organisations'));
    expect([organisations].reduce(evolveCsvImport, initialCsvImportState).kind).toBe('organisations');
    expect([checked].reduce(evolveCsvImport, initialCsvImportState).kind).toBe('listings');
  });

  it('given a started import, when started again, then it is refused', () => {
    given(checked, started).when({ type: 'StartCsvImport', importId, skipRejected: false }).thenRefused('IMPORT_ALREADY_STARTED');
  });

  it('given a running import, progress and completion are recorded; after completion a late job changes nothing', () => {
    given(checked, started).when({ type: 'RecordCsvImportProgress', importId, progress }).then([{ type: 'CsvImportProgressed', data: { importId, progress } }]);
    const completed: CsvImportEvent = { type: 'CsvImportCompleted', data: { importId, progress } };
    given(checked, started).when({ type: 'CompleteCsvImport', importId, progress }).then([completed]);
    given(checked, started, completed).when({ type: 'RecordCsvImportProgress', importId, progress: NO_PROGRESS }).then([]);
    given(checked, started, completed).when({ type: 'FailCsvImport', importId, reason: 'x', progress }).then([]);
  });

  it('given an import only checked, progress is not recorded', () => {
    given(checked).when({ type: 'CompleteCsvImport', importId, progress }).then([]);
    given().when({ type: 'CompleteCsvImport', importId, progress }).thenRefused('IMPORT_NOT_FOUND');
  });
});
