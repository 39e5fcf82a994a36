import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ReasonSchema, type AdminListing } from '@afterwards/contracts';
import { StaffListings } from '../staff-listings/staff-listings.service';

/**
 * Staff take a listing out of the finder with the reason the business is told (admin spec: Local Business
 * Management): they reject one waiting for review, or suspend an Active one. Answers the listing after the change.
 */
@Controller('api/admin/listings')
export class ModerateListingController {
  constructor(private readonly listings: StaffListings) {}

  @Post(':id/reject')
  @HttpCode(200)
  async reject(@Req() req: Request, @Param('id') id: string, @Body() body: unknown): Promise<AdminListing> {
    const { reason } = ReasonSchema.parse(body ?? {});
    return this.listings.act(req, id, 'listing_rejected', (listingId) => ({ type: 'RejectListing', listingId, reason }));
  }

  @Post(':id/suspend')
  @HttpCode(200)
  async suspend(@Req() req: Request, @Param('id') id: string, @Body() body: unknown): Promise<AdminListing> {
    const { reason } = ReasonSchema.parse(body ?? {});
    return this.listings.act(req, id, 'listing_suspended', (listingId) => ({ type: 'SuspendListing', listingId, reason }));
  }
}
