// Listings and pages for the unit tests.
import type { AdminListing, AdminListingsResponse } from '@afterwards/contracts';

export function listing(overrides: Partial<AdminListing> = {}): AdminListing {
  return {
    id: '00000000-0000-4000-8000-000000000001',
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
    status: 'Active',
    promoted: false,
    position: null,
    rating: null,
    totalReviews: 0,
    latitude: null,
    longitude: null,
    rejectionReason: null,
    suspensionReason: null,
    source: null,
    originalFilename: null,
    version: 3,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function page(listings: AdminListing[], total = listings.length): AdminListingsResponse {
  return {
    listings,
    total,
    page: 1,
    pageSize: 25,
    stats: { total, byStatus: { 'Pending Review': 0, Active: total, Inactive: 0, Suspended: 0 }, promoted: 0 },
  };
}
