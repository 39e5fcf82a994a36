import { Module } from '@nestjs/common';
import { registerErrorCodes } from '@afterwards/server-kit';
import { ChangeListingHandler } from './change-listing/change-listing.handler';
import { SearchListingsHandler } from './search-listings/search-listings.handler';
import { SearchListingsController } from './search-listings/search-listings.http.controller';

registerErrorCodes({
  LISTING_INVALID: 400,
  LISTING_REASON_REQUIRED: 400,
  LISTING_NOT_FOUND: 404,
  LISTING_ALREADY_EXISTS: 409,
  LISTING_INVALID_TRANSITION: 409,
});

/** The local-services directory: listings, their read model and the public finder. */
@Module({
  controllers: [SearchListingsController],
  providers: [ChangeListingHandler, SearchListingsHandler],
})
export class DirectoryModule {}
