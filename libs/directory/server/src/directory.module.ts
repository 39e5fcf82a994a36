import { Module } from '@nestjs/common';
import { IMPORT_ERROR_STATUS } from '@afterwards/directory-domain';
import type { EventStore } from '@afterwards/event-store';
import { createFileStore, type EncryptedFileStore } from '@afterwards/file-store';
import type { JobQueue } from '@afterwards/jobs';
import type { PrismaClient } from '@afterwards/persistence';
import { APP_CONFIG, CommandPipeline, EVENT_STORE, JOB_QUEUE, PRISMA, registerErrorCodes, type AppConfig } from '@afterwards/server-kit';
import { SettingsService } from '@afterwards/settings-server';
import { csvImportCommands, IMPORT_RUNTIME, type ImportRuntime } from './imports/import-runtime';
import { ImportKinds } from './imports/import-kind';
import { listingsImportKind } from './import-listings-csv/listings-import-kind';
import { ListingCommands } from './change-listing/listing-commands';
import { CsvImportsController } from './imports/csv-imports.http.controller';
import { ImportDocumentsController } from './import-documents/import-documents.http.controller';
import { ReviewImportsController } from './review-imports/review-imports.http.controller';
import { ChangeListingHandler } from './change-listing/change-listing.handler';
import { SearchListingsHandler } from './search-listings/search-listings.handler';
import { SearchListingsController } from './search-listings/search-listings.http.controller';
import { RecordInteractionsHandler } from './record-interactions/record-interactions.handler';
import { RecordInteractionsController } from './record-interactions/record-interactions.http.controller';
import { SuggestPlacesController } from './suggest-places/suggest-places.http.controller';
import { SearchStaffListingsHandler, StaffListingIdsHandler } from './search-staff-listings/search-staff-listings.handler';
import { SearchStaffListingsController } from './search-staff-listings/search-staff-listings.http.controller';
import { StaffListings } from './staff-listings/staff-listings.service';
import { CreateListingController } from './create-listing/create-listing.http.controller';
import { EditListingController } from './edit-listing/edit-listing.http.controller';
import { ApproveListingController } from './approve-listing/approve-listing.http.controller';
import { RejectListingController } from './reject-listing/reject-listing.http.controller';
import { SuspendListingController } from './suspend-listing/suspend-listing.http.controller';
import { SetListingStatusController } from './set-listing-status/set-listing-status.http.controller';
import { DeleteListingController } from './delete-listing/delete-listing.http.controller';
import { BulkChangeListingsController } from './bulk-change-listings/bulk-change-listings.http.controller';
import { StaffDashboardController } from './staff-dashboard/staff-dashboard.http.controller';
import { ListingAuditNames } from './audit-names/listing-audit-names';

registerErrorCodes({
  LISTING_INVALID: 400,
  LISTING_REASON_REQUIRED: 400,
  LISTING_NOT_FOUND: 404,
  LISTING_ALREADY_EXISTS: 409,
  LISTING_INVALID_TRANSITION: 409,
  LISTING_CHANGED: 409,
  INTERACTIONS_RATE_LIMITED: 429,
  ...IMPORT_ERROR_STATUS,
});

/** The local-services directory: listings, their read model, the public finder and its interactions. */
@Module({
  controllers: [
    SearchListingsController,
    SuggestPlacesController,
    RecordInteractionsController,
    // Staff: the bulk route is declared before ':id' routes so 'bulk' is never taken for an id.
    BulkChangeListingsController,
    SearchStaffListingsController,
    CreateListingController,
    EditListingController,
    ApproveListingController,
    RejectListingController,
    SuspendListingController,
    SetListingStatusController,
    DeleteListingController,
    StaffDashboardController,
    CsvImportsController,
    ImportDocumentsController,
    ReviewImportsController,
  ],
  providers: [
    ListingCommands,
    ChangeListingHandler,
    SearchListingsHandler,
    RecordInteractionsHandler,
    SearchStaffListingsHandler,
    StaffListingIdsHandler,
    StaffListings,
    ListingAuditNames,
    {
      provide: IMPORT_RUNTIME,
      useFactory: (store: EventStore, prisma: PrismaClient, listings: ListingCommands, jobs: JobQueue, config: AppConfig, settings: SettingsService): ImportRuntime => {
        let files: EncryptedFileStore | undefined;
        const imports = new CommandPipeline(store, csvImportCommands);
        const current = () => settings.current();
        const kinds = new ImportKinds().register(listingsImportKind(listings, current));
        return { store, prisma, kinds, imports, jobs, files: () => (files ??= createFileStore(config)), settings: current };
      },
      inject: [EVENT_STORE, PRISMA, ListingCommands, JOB_QUEUE, APP_CONFIG, SettingsService],
    },
  ],
  exports: [IMPORT_RUNTIME, ListingCommands],
})
export class DirectoryModule {}
