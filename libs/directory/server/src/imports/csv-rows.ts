import { CSV_MESSAGES } from '@afterwards/contracts';
import { missingHeaders, normaliseHeader } from '@afterwards/directory-domain';
import type { CsvImportKind, ImportRowResult, ImportRowRules } from './import-kind';
import { CsvFileError } from './csv-records';

export interface CsvRow<S> {
  /** As a spreadsheet numbers it: the header is row 1. */
  readonly row: number;
  readonly cells: readonly string[];
  /** The import's columns by normalised header. */
  readonly record: Readonly<Record<string, string>>;
  readonly result: ImportRowResult<S>;
}

/** The columns a kind reads, as they appear in the header once normalised. */
export const columnsOf = (kind: Pick<CsvImportKind<unknown>, 'requiredHeaders' | 'optionalHeaders'>): readonly string[] => [...kind.requiredHeaders, ...kind.optionalHeaders];

/**
 * The header check, then every data row through the kind's rules, in file order. Used alike by the
 * check made on upload and by the import job, so both judge each row the same way.
 */
export async function* checkedRows<S>(
  records: AsyncIterable<string[]>,
  kind: Pick<CsvImportKind<S>, 'requiredHeaders' | 'optionalHeaders'>,
  rules: ImportRowRules<S>,
  onHeader: (headers: string[]) => void,
): AsyncGenerator<CsvRow<S>> {
  const known = columnsOf(kind);
  let columns: (string | null)[] | undefined;
  let row = 1;
  for await (const cells of records) {
    if (!columns) {
      const headers = cells.map((c) => c.replace(/^\uFEFF/, '').trim());
      onHeader(headers);
      const missing = missingHeaders(headers, kind.requiredHeaders);
      if (missing.length > 0) throw new CsvFileError(CSV_MESSAGES.missingHeaders(missing));
      // Only the import's columns are read; a column named twice counts once (the first).
      const seen = new Set<string>();
      columns = headers.map((h) => {
        const key = normaliseHeader(h);
        if (!known.includes(key) || seen.has(key)) return null;
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
    yield { row, cells, record, result: rules(record, row) };
  }
  if (!columns) throw new CsvFileError(CSV_MESSAGES.parse('the file is empty'));
}
