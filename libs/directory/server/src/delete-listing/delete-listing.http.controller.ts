import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { StaffListings } from '../staff-listings/staff-listings.service';

/** Staff delete a listing (admin spec: Local Business Management). */
@Controller('api/admin/listings')
export class DeleteListingController {
  constructor(private readonly listings: StaffListings) {}

  /** Checks the listing exists first: a second delete answers 404 'Business not found: …'. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@Req() req: HttpRequest, @Param('id') id: string): Promise<void> {
    const listingId = StaffListings.idOf(id);
    await this.listings.change(req, listingId, 'listing_deleted', [{ type: 'DeleteListing', listingId }]);
  }
}
