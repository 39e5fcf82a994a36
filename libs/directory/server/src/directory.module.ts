import { Module } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { IMPORT_ERROR_STATUS } from '@afterwards/directory-domain';
import type { EventStore } from '@afterwards/event-store';
import { createFileStore, type EncryptedFileStore } from '@afterwards/file-store';
import type { JobQueue } from '@afterwards/jobs';
import type { PrismaClient } from '@afterwards/persistence';
import { APP_CONFIG, EVENT_STORE, JOB_QUEUE, PRISMA, registerErrorCodes, type AppConfig } from '@afterwards/server-kit';
import { SettingsService } from '@afterwards/settings-server';
import { IMPORT_RUNTIME, type ImportRuntime } from './imports/import-runtime';
import { CsvImportsController } from './import-listings-csv/csv-imports.http.controller';
import { ImportDocumentsController } from './import-documents/import-documents.http.controller';
import { ReviewImportsController } from './review-imports/review-imports.http.controller';
import { ChangeListingHandler } from './change-listing/change-listing.handler';
import { SubmitListingsHandler } from './change-listing/submit-listings.handler';
import { SearchListingsHandler } from './search-listings/search-listings.handler';
import { SearchListingsController } from './search-listings/search-listings.http.controller';
import { RecordInteractionsHandler } from './record-interactions/record-interactions.handler';
import { RecordInteractionsController } from './record-interactions/record-interactions.http.controller';
import { SuggestPlacesController } from './suggest-places/suggest-places.http.controller';
import { SearchStaffListingsHandler, StaffListingIdsHandler } from './search-staff-listings/search-staff-listings.handler';
import { SearchStaffListingsController } from './search-staff-listings/search-staff-listings.http.controller';
import { StaffListings } from './staff-listing-commands/staff-listings.service';
import { StaffListingCommandsController } from './staff-listing-commands/staff-listing-commands.http.controller';
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
    StaffListingCommandsController,
    StaffDashboardController,
    CsvImportsController,
    ImportDocumentsController,
    ReviewImportsController,
  ],
  providers: [
    ChangeListingHandler,
    SubmitListingsHandler,
    SearchListingsHandler,
    RecordInteractionsHandler,
    SearchStaffListingsHandler,
    StaffListingIdsHandler,
    StaffListings,
    ListingAuditNames,
    {
      provide: IMPORT_RUNTIME,
      useFactory: (store: EventStore, prisma: PrismaClient, commands: CommandBus, jobs: JobQueue, config: AppConfig, settings: SettingsService): ImportRuntime => {
        let files: EncryptedFileStore | undefined;
        return { store, prisma, commands, jobs, files: () => (files ??= createFileStore(config)), settings: () => settings.current() };
      },
      inject: [EVENT_STORE, PRISMA, CommandBus, JOB_QUEUE, APP_CONFIG, SettingsService],
    },
  ],
  exports: [IMPORT_RUNTIME],
})
export class DirectoryModule {}
