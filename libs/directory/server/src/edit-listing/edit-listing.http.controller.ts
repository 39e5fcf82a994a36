import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { AdminEditListingSchema, type AdminListing } from '@afterwards/contracts';
import type { ListingCommand } from '@afterwards/directory-domain';
import { StaffListings } from '../staff-listings/staff-listings.service';

/** Edit Business (admin spec: Local Business Management). Answers the listing after the change. */
@Controller('api/admin/listings')
export class EditListingController {
  constructor(private readonly listings: StaffListings) {}

  /** All twelve fields; `expectedVersion` refuses an edit made on a stale copy (409 LISTING_CHANGED). */
  @Put(':id')
  async edit(@Req() req: HttpRequest, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminListing> {
    const current = await this.listings.read(rawId);
    const { status, expectedVersion, ...details } = AdminEditListingSchema.parse(body ?? {});
    const commands: ListingCommand[] = [{ type: 'EditListing', listingId: current.id, changes: details }];
    // A status picked on the form is its own event, after the edit, as the status menu sends it.
    if (status && status !== current.status) commands.push({ type: 'ChangeListingStatus', listingId: current.id, status });
    const listing = await this.listings.change(req, current.id, 'listing_updated', commands, expectedVersion === undefined ? undefined : BigInt(expectedVersion));
    if (!listing) throw StaffListings.notFound(rawId);
    return listing;
  }
}
