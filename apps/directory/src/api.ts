import { DirectorySearchResponseSchema, type DirectorySearchResponse, type ListingCategory } from '@afterwards/contracts';
import { requestJson } from '@afterwards/web-data';

export const LISTINGS_URL = '/api/directory/listings';
export const ALL_CATEGORIES = 'all';

export interface FinderQuery {
  category: ListingCategory | typeof ALL_CATEGORIES;
  /** Free text: town, postcode or postcode district. */
  location: string;
  /** The visitor's own position, when they chose 'Use my location'. */
  coords: { lat: number; lng: number } | null;
}

export const listingsQueryKey = (q: FinderQuery) => ['directory', 'listings', q] as const;
export const LISTINGS_KEY_ROOT = ['directory', 'listings'] as const;

export function listingsUrl(q: FinderQuery): string {
  const params = new URLSearchParams({ category: q.category });
  if (q.coords) {
    params.set('lat', q.coords.lat.toFixed(5));
    params.set('lng', q.coords.lng.toFixed(5));
  } else if (q.location.trim()) {
    params.set('location', q.location.trim());
  }
  return `${LISTINGS_URL}?${params.toString()}`;
}

export async function fetchListings(q: FinderQuery, signal?: AbortSignal): Promise<DirectorySearchResponse> {
  return requestJson('GET', listingsUrl(q), { schema: DirectorySearchResponseSchema, signal });
}
