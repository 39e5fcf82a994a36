import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import type { AdminListing } from '@afterwards/contracts';
import { StaffListings } from '../staff-listings/staff-listings.service';

/** Staff approve a listing waiting for review (admin spec: Local Business Management). Answers the listing after the change. */
@Controller('api/admin/listings')
export class ApproveListingController {
  constructor(private readonly listings: StaffListings) {}

  @Post(':id/approve')
  @HttpCode(200)
  approve(@Req() req: HttpRequest, @Param('id') id: string): Promise<AdminListing> {
    return this.listings.act(req, id, 'listing_approved', (listingId) => ({ type: 'ApproveListing', listingId }));
  }
}
