export { DirectoryModule } from './directory.module';
export { directoryMigrations } from './directory.migrations';
export { listingsProjection } from './listings-projection/listings.projection';
export { staffActivityProjection } from './staff-activity-projection/staff-activity.projection';
export { SearchStaffListings, StaffListingIds } from './search-staff-listings/search-staff-listings.query';
export { SearchStaffListingsHandler } from './search-staff-listings/search-staff-listings.handler';
export { ChangeListing, type ListingChangeResult } from './change-listing/change-listing.command';
// The directory's command API: every change to a listing, whichever context asks for it.
export { ListingCommands, listingCommands, listingDecider } from './change-listing/listing-commands';
export { SearchListings } from './search-listings/search-listings.query';
export { SEARCH_RESULT_LIMIT, SearchListingsHandler } from './search-listings/search-listings.handler';
export { RecordInteractions, type InteractionSource } from './record-interactions/record-interactions.command';
export { InteractionLimits, INTERACTION_LIMITS } from './record-interactions/interaction-limits';
export {
  aggregateInteractions,
  aggregateInteractionsBatch,
  aggregateInteractionsJob,
  aggregateInteractionsProcessor,
  AGGREGATE_EVERY_MS,
} from './aggregate-interactions/aggregate-interactions.job';
export { staffListStatements } from './search-staff-listings/search-staff-listings.handler';
export { importsProjection } from './imports-projection/imports.projection';
export { importCsvProcessor, importCsvJob, runCsvImport, type ImportCsvPayload } from './imports/import-csv.job';
export { IMPORT_RUNTIME, csvImportCommands, runCsvImportCommand, uuidFromName, type ImportRuntime } from './imports/import-runtime';
export { ImportKinds, importOutcomesOf, type CsvImportKind, type ImportOutcome, type ImportRowResult, type ImportRowRules, type ImportSubmission } from './imports/import-kind';
export { checkCsvUpload } from './imports/check-csv-upload';
export { csvRowListingId, listingsImportKind } from './import-listings-csv/listings-import-kind';
export { addedToTotals, foldAllInteractions, foldInteractionBatch, interactionFoldProcessor, type InteractionBatchResult } from './aggregate-interactions/interaction-batches';
export { StaffDashboardController } from './staff-dashboard/staff-dashboard.http.controller';
export { staffListingStats } from './search-staff-listings/search-staff-listings.handler';
