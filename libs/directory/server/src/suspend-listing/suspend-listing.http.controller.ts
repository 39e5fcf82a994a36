import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { ReasonSchema, type AdminListing } from '@afterwards/contracts';
import { StaffListings } from '../staff-listings/staff-listings.service';

/** Staff suspend an Active listing, with a reason (admin spec: Local Business Management). Answers the listing after the change. */
@Controller('api/admin/listings')
export class SuspendListingController {
  constructor(private readonly listings: StaffListings) {}

  @Post(':id/suspend')
  @HttpCode(200)
  async suspend(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<AdminListing> {
    const { reason } = ReasonSchema.parse(body ?? {});
    return this.listings.act(req, id, 'listing_suspended', (listingId) => ({ type: 'SuspendListing', listingId, reason }));
  }
}
