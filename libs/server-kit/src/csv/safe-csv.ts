import { stringify } from 'csv-stringify/sync';

/** A cell: text, or a number written as a number. */
export type CsvValue = string | number | null | undefined;

/**
 * Text a spreadsheet program could take for a formula (OWASP, CSV injection: = + - @ tab and carriage
 * return first), also after quotes this writer added, so that taking one quote off is an exact inverse.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** One text cell as the product writes it: a single quote before text that starts like a formula. */
export function neutraliseCsvText(value: string): string {
  return FORMULA_LIKE.test(value) ? `'${value}` : value;
}

/**
 * The text a cell held before neutraliseCsvText: a file the product wrote (rejected rows), corrected and
 * uploaded again, reads as its original cells.
 */
export function restoreCsvText(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

/**
 * A finite number is written as a number (`-3` stays a number a spreadsheet computes with, and cannot be
 * a formula); any text is neutralised, `-3` included, so a text column never starts a formula.
 */
function cell(value: CsvValue): string | number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : neutraliseCsvText(String(value));
  return neutraliseCsvText(value ?? '');
}

/**
 * Rows as CSV (RFC 4180, CRLF line ends, quoted where needed) through csv-stringify: the one writer of
 * every CSV the product hands out, so none can carry a formula into a spreadsheet.
 */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  return stringify(
    rows.map((row) => row.map(cell)),
    // A lone CR or LF is quoted too: csv-stringify quotes only the record delimiter itself (CRLF).
    { record_delimiter: 'windows', eof: true, quoted_match: /[\r\n]/ },
  );
}
