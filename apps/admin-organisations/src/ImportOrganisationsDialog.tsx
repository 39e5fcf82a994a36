// Import from CSV: the directory's one CSV import dialog, for organisations. The columns are said here and
// in docs/samples/organisations.csv, a file to start from.
import { ORGANISATION_CSV_OPTIONAL_HEADERS, ORGANISATION_CSV_REQUIRED_HEADERS } from '@afterwards/contracts';
import { CsvImportDialog } from '@afterwards/web-staff/csv-import';

const PREVIEW_COLUMNS = ['name', 'kind', 'jurisdictions', 'reviewed_on'] as const;

export function ImportOrganisationsDialog({ onClose }: { onClose: () => void }) {
  return (
    <CsvImportDialog
      kind="organisations"
      title="Import organisations from CSV"
      previewColumns={PREVIEW_COLUMNS}
      onClose={onClose}
      intro={
        <>
          A CSV file with the headers <code>{ORGANISATION_CSV_REQUIRED_HEADERS.join(', ')}</code>, and if you have them{' '}
          <code>{ORGANISATION_CSV_OPTIONAL_HEADERS.join(', ')}</code>. Separate jurisdictions and sources with <code>;</code>, address lines and needs with{' '}
          <code>|</code>; write a source as <code>title|https://…</code> and yes or no for the two services. Every row is checked before anything is imported;
          an organisation already in the directory (the same name, or the same key) is not added twice.
        </>
      }
    />
  );
}
