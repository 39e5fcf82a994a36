import { CSV_MESSAGES, type ListingDetailsParsed, type ListingStatus } from '@afterwards/contracts';
import { CSV_COLUMNS, checkCsvRow, missingHeaders, normaliseHeader, type CsvRowDefaults, type CsvRowResult } from '@afterwards/directory-domain';
import { CsvFileError } from './csv-records';

export interface CsvRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  readonly row: number;
  readonly cells: readonly string[];
  /** The import's columns by normalised header. */
  readonly record: Readonly<Record<string, string>>;
  readonly result: CsvRowResult;
}

export type ValidRow = CsvRow & { readonly result: { ok: true; details: ListingDetailsParsed; status: ListingStatus } };

/**
 * The header check, then every data row through the domain's rules, in file order. Used alike by the
 * check made on upload and by the import job, so both judge each row the same way.
 */
export async function* checkedRows(records: AsyncIterable<string[]>, defaults: CsvRowDefaults, onHeader: (headers: string[]) => void): AsyncGenerator<CsvRow> {
  let columns: (string | null)[] | undefined;
  let row = 1;
  for await (const cells of records) {
    if (!columns) {
      const headers = cells.map((c) => c.replace(/^\uFEFF/, '').trim());
      onHeader(headers);
      const missing = missingHeaders(headers);
      if (missing.length > 0) throw new CsvFileError(CSV_MESSAGES.missingHeaders(missing));
      // Only the import's columns are read; a column named twice counts once (the first).
      const seen = new Set<string>();
      columns = headers.map((h) => {
        const key = normaliseHeader(h);
        if (!CSV_COLUMNS.includes(key) || seen.has(key)) return null;
        seen.add(key);
        return key;
      });
      continue;
    }
    row += 1;
    const record: Record<string, string> = {};
    columns.forEach((key, i) => {
      if (key) record[key] = cells[i] ?? '';
    });
    yield { row, cells, record, result: checkCsvRow(record, row, defaults) };
  }
  if (!columns) throw new CsvFileError(CSV_MESSAGES.parse('the file is empty'));
}
