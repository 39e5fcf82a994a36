import { Controller, Get, Header, Param, ParseUUIDPipe, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminListingFilterSchema, AdminListingsQuerySchema, type AdminListing, type AdminListingIdsResponse, type AdminListingsResponse } from '@afterwards/contracts';
import { StaffListings } from '../staff-listings/staff-listings.service';
import { SearchStaffListings, StaffListingIds } from './search-staff-listings.query';

/** Staff reads of the directory (guarded by the StaffGuard as every `/api/admin/*` route). */
@Controller('api/admin/listings')
export class SearchStaffListingsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly listings: StaffListings,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  search(@QueryParams() raw: Record<string, string>): Promise<AdminListingsResponse> {
    return this.queries.execute(new SearchStaffListings(AdminListingsQuerySchema.parse(raw)));
  }

  /** Select-all: the ids of the whole filtered set, not just the page. */
  @Get('ids')
  @Header('Cache-Control', 'no-store')
  ids(@QueryParams() raw: Record<string, string>): Promise<AdminListingIdsResponse> {
    return this.queries.execute(new StaffListingIds(AdminListingFilterSchema.parse(raw)));
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  one(@Param('id', new ParseUUIDPipe({ exceptionFactory: () => StaffListings.notFound('') })) id: string): Promise<AdminListing> {
    return this.listings.read(id);
  }
}
