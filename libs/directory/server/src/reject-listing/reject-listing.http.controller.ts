import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { ReasonSchema, type AdminListing } from '@afterwards/contracts';
import { StaffListings } from '../staff-listings/staff-listings.service';

/** Staff reject a listing, with the reason the business is told (admin spec: Local Business Management). Answers the listing after the change. */
@Controller('api/admin/listings')
export class RejectListingController {
  constructor(private readonly listings: StaffListings) {}

  @Post(':id/reject')
  @HttpCode(200)
  async reject(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<AdminListing> {
    const { reason } = ReasonSchema.parse(body ?? {});
    return this.listings.act(req, id, 'listing_rejected', (listingId) => ({ type: 'RejectListing', listingId, reason }));
  }
}
