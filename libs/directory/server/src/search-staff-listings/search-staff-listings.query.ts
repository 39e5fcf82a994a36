import { Query } from '@nestjs/cqrs';
import type { AdminListingFilter, AdminListingIdsResponse, AdminListingsQuery, AdminListingsResponse } from '@afterwards/contracts';

/** A page of the staff list: filters, sort and page, with the stat tiles. */
export class SearchStaffListings extends Query<AdminListingsResponse> {
  constructor(readonly criteria: AdminListingsQuery) {
    super();
  }
}

/** Every id of the filtered set (select-all), up to ADMIN_SELECT_ALL_LIMIT. */
export class StaffListingIds extends Query<AdminListingIdsResponse> {
  constructor(readonly filter: AdminListingFilter) {
    super();
  }
}
