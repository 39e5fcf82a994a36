// The Bulk CSV Upload of businesses (admin spec: Local Business Management): the one CSV import dialog,
// with the listings' columns.
import { CSV_REQUIRED_HEADERS } from '@afterwards/contracts';
import { CsvImportDialog } from '@afterwards/web-staff/csv-import';

const PREVIEW_COLUMNS = ['name', 'category', 'location', 'status'] as const;

export function BulkCsvDialog({ onClose }: { onClose: () => void }) {
  return (
    <CsvImportDialog
      kind="listings"
      title="Bulk CSV Upload"
      previewColumns={PREVIEW_COLUMNS}
      onClose={onClose}
      intro={
        <>
          A CSV file with the headers <code>{CSV_REQUIRED_HEADERS.join(', ')}</code>. Every row is checked before anything is imported; a row imported
          before is not added twice.
        </>
      }
    />
  );
}
