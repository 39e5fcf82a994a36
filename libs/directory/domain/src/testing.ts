// One listing for the tests of every layer (`@afterwards/directory-domain/testing`): the event that submits
// it (the decider, the projection, the bench) and the record staff see (AdminListing: the back-office
// screens, the audit diff), both built from the same fields, so a new listing field is added here once.
// Tests only: no product code imports this entry.
import type { AdminListing, AdminListingsResponse } from '@afterwards/contracts';
import type { ListingSubmitted } from './listing.events';

export type SubmittedListingData = ListingSubmitted['data'];

/** A listing id that reads as its number: listingIdOf(7) is 00000000-0000-4000-8000-000000000007. */
export const listingIdOf = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** What a ListingSubmitted event carries: an Active funeral director in Leeds, with `overrides`. */
export function submittedListingData(overrides: Partial<SubmittedListingData> = {}): SubmittedListingData {
  return {
    listingId: listingIdOf(1),
    name: 'Hartley & Sons Funeral Directors',
    category: 'Funeral Directors',
    location: 'Leeds',
    address: '1 Park Row, Leeds',
    phone: null,
    email: null,
    website: null,
    description: null,
    pricing: null,
    serviceRadiusMiles: 5,
    servesSurroundingAreas: false,
    latitude: null,
    longitude: null,
    status: 'Active',
    source: null,
    rating: null,
    totalReviews: 0,
    ...overrides,
  };
}

export function listingSubmitted(overrides: Partial<SubmittedListingData> = {}): ListingSubmitted {
  return { type: 'ListingSubmitted', data: submittedListingData(overrides) };
}

/** The same listing as staff see it (GET /admin/listings), with `overrides`. */
export function adminListing(overrides: Partial<AdminListing> = {}): AdminListing {
  const { listingId, originalFilename, importRow: _importRow, ...fields } = submittedListingData();
  return {
    id: listingId,
    ...fields,
    promoted: false,
    position: null,
    rejectionReason: null,
    suspensionReason: null,
    originalFilename: originalFilename ?? null,
    version: 3,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

/** One page of the staff listings search holding `listings`, all Active. */
export function adminListingsPage(listings: AdminListing[], total = listings.length): AdminListingsResponse {
  return {
    listings,
    total,
    page: 1,
    pageSize: 25,
    stats: { total, byStatus: { 'Pending Review': 0, Active: total, Inactive: 0, Suspended: 0 }, promoted: 0 },
  };
}
