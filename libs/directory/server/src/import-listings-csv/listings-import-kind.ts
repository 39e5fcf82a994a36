import { CSV_OPTIONAL_HEADERS, CSV_REQUIRED_HEADERS, CSV_SOURCE, type AdminSettings, type ListingDetailsParsed, type ListingStatus } from '@afterwards/contracts';
import { checkCsvRow, csvRowIdentity, listingStreamId } from '@afterwards/directory-domain';
import type { ListingCommands } from '../change-listing/listing-commands';
import type { CsvImportKind } from '../imports/import-kind';
import { uuidFromName } from '../imports/import-runtime';
import { rowDefaults } from './row-defaults';

/** What an accepted listing row submits. */
export interface ListingRow {
  readonly details: ListingDetailsParsed;
  readonly status: ListingStatus;
}

/** Where an accepted row's listing lives: named by the row itself, so the same row twice is one listing. */
export const csvRowListingId = (identity: string): string => uuidFromName(`afterwards-csv-row:${identity}`);

/** The listing an accepted row makes. */
export const listingOfRow = (row: ListingRow): string => csvRowListingId(csvRowIdentity(row.details, row.status));

/**
 * The Bulk CSV Upload of businesses (admin spec section 5): the directory's own import kind. A row's listing
 * is named by the row itself; accepted rows are submitted as the Add form's SubmitListing (source 'Bulk Upload').
 */
export function listingsImportKind(listings: Pick<ListingCommands, 'submitMany'>, settings: () => Promise<AdminSettings>): CsvImportKind<ListingRow> {
  return {
    kind: 'listings',
    requiredHeaders: CSV_REQUIRED_HEADERS,
    optionalHeaders: CSV_OPTIONAL_HEADERS,
    async rowRules() {
      const defaults = rowDefaults(await settings());
      return (record, row) => {
        const result = checkCsvRow(record, row, defaults);
        if (!result.ok) return result;
        const submission = { details: result.details, status: result.status };
        return { ok: true, entryId: listingOfRow(submission), submission };
      };
    },
    streamId: listingStreamId,
    submitMany: (rows, context, fileName) =>
      listings.submitMany(
        rows.map(({ entryId, submission, importRow }) => ({ type: 'SubmitListing', listingId: entryId, ...submission, source: CSV_SOURCE, originalFilename: fileName, importRow })),
        context,
      ),
  };
}
