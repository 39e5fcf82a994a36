import { Module } from '@nestjs/common';
import { registerErrorCodes } from '@afterwards/server-kit';
import { ChangeListingHandler } from './change-listing/change-listing.handler';
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

registerErrorCodes({
  LISTING_INVALID: 400,
  LISTING_REASON_REQUIRED: 400,
  LISTING_NOT_FOUND: 404,
  LISTING_ALREADY_EXISTS: 409,
  LISTING_INVALID_TRANSITION: 409,
  LISTING_CHANGED: 409,
  INTERACTIONS_RATE_LIMITED: 429,
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
  ],
  providers: [ChangeListingHandler, SearchListingsHandler, RecordInteractionsHandler, SearchStaffListingsHandler, StaffListingIdsHandler, StaffListings],
})
export class DirectoryModule {}
