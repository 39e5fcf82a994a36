// The contract pieces the CSV dialog uses, in one place.
import { CSV_REQUIRED_HEADERS } from '@afterwards/contracts';

export { CSV_IMPORTS_PATH, CSV_MESSAGES, CsvImportSchema, importPercent, type CsvImport } from '@afterwards/contracts';
export const CSV_COLUMNS_SHOWN = CSV_REQUIRED_HEADERS.join(', ');
