import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { SetListingStatusSchema, type AdminListing } from '@afterwards/contracts';
import { StaffListings } from '../staff-listings/staff-listings.service';

/** Staff set a listing's status from its menu (admin spec: Local Business Management). Answers the listing after the change. */
@Controller('api/admin/listings')
export class SetListingStatusController {
  constructor(private readonly listings: StaffListings) {}

  @Put(':id/status')
  async status(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<AdminListing> {
    const { status } = SetListingStatusSchema.parse(body ?? {});
    return this.listings.act(req, id, 'listing_status_changed', (listingId) => ({ type: 'ChangeListingStatus', listingId, status }));
  }
}
