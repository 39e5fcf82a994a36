import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DIRECTORY_SEARCH_RADIUS_MILES,
  MISSING_POSITION,
  type DirectorySearchResponse,
  type ResolvedPlace,
} from '@afterwards/contracts';
import { Prisma, type PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { EARTH_RADIUS_MILES } from '@afterwards/directory-domain';
import { loadGazetteer } from '@afterwards/places';
import { listingColumns, toPublicListing, type ListingRow } from '../listings-projection/listing-row';
import { SearchListings } from './search-listings.query';
import { recordUnmetSearch } from './unmet-searches';

/** At most this many cards per answer; `total` still counts them all. */
export const SEARCH_RESULT_LIMIT = 100;
const MILES_PER_DEGREE_LAT = 69.05;

/** A listing row of the page, with its distance and the count of every match. */
type Row = ListingRow & { distance_miles: string | null; total: bigint };

const PAGE_COLUMNS = listingColumns('l');

/** Promoted first by position (missing counts as 999), then nearest, then by name. */
const ORDER = Prisma.sql`ORDER BY promoted DESC, CASE WHEN promoted THEN coalesce(position, ${MISSING_POSITION}) END,
  distance_miles ASC NULLS LAST, name ASC, id ASC`;
const PAGE_ORDER = Prisma.sql`ORDER BY l.promoted DESC, CASE WHEN l.promoted THEN coalesce(l.position, ${MISSING_POSITION}) END,
  page.distance_miles ASC NULLS LAST, l.name ASC, l.id ASC`;

@QueryHandler(SearchListings)
export class SearchListingsHandler implements IQueryHandler<SearchListings, DirectorySearchResponse> {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async execute({ criteria }: SearchListings): Promise<DirectorySearchResponse> {
    const radiusMiles = criteria.radiusMiles ?? DIRECTORY_SEARCH_RADIUS_MILES;
    let place: ResolvedPlace | null = null;
    let searchType: DirectorySearchResponse['searchType'] = 'all';
    if (criteria.lat !== undefined && criteria.lng !== undefined) {
      place = { label: 'Your location', kind: 'coordinates', latitude: criteria.lat, longitude: criteria.lng };
    } else if (criteria.location) {
      place = loadGazetteer().resolve(criteria.location);
      if (!place) searchType = 'not_found';
    }
    if (place) searchType = 'nearby';

    const category = criteria.category ? Prisma.sql`AND category = ${criteria.category}` : Prisma.empty;
    // Two phases: the narrow columns that decide order and count (from the covering index), then
    // the full rows of the one page shown.
    const rows = place
      ? await this.nearby(place, radiusMiles, category)
      : await this.prisma.$queryRaw<Row[]>`
          WITH page AS (
            SELECT id, promoted, position, name, NULL::numeric AS distance_miles, count(*) OVER () AS total
            FROM listings WHERE status = 'Active' ${category}
            ${ORDER} LIMIT ${SEARCH_RESULT_LIMIT}
          )
          SELECT ${PAGE_COLUMNS}, page.distance_miles, page.total
          FROM page JOIN listings l ON l.id = page.id
          ${PAGE_ORDER} LIMIT ${SEARCH_RESULT_LIMIT}`;

    const listings = rows.map((r) => toPublicListing(r, r.distance_miles === null ? null : Number(r.distance_miles)));
    const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (place && total === 0) await recordUnmetSearch(this.prisma, place, criteria.category);
    return { listings, total, featured: listings.filter((l) => l.promoted).length, place, searchType, radiusMiles };
  }

  /**
   * A bounding box narrows the rows through `listings_active_geo_v2_idx` (or its per-category twin),
   * whose included columns give the distance, the count and the order without reading the table
   * (an index-only scan). The haversine distance is computed once per row, in whole tenths of a mile
   * (`floor(10d + 0.5)`, the finder's rounding), in float arithmetic; only the page's 100 rows are read
   * in full. A search around London (about 18,000 listings within 25 miles at 100,000 listings) never
   * sorts or reads wide rows.
   */
  private nearby(place: ResolvedPlace, radiusMiles: number, category: Prisma.Sql): Promise<Row[]> {
    const { latitude: lat, longitude: lng } = place;
    const dLat = (radiusMiles + 0.1) / MILES_PER_DEGREE_LAT;
    const dLng = (radiusMiles + 0.1) / (MILES_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
    const maxTenths = Math.floor(radiusMiles * 10 + 1e-9);
    return this.prisma.$queryRaw<Row[]>`
      WITH candidates AS MATERIALIZED (
        SELECT id, promoted, position, name,
          floor(20 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
            power(sin(radians(latitude - ${lat}::float8) / 2), 2) +
            cos(radians(${lat}::float8)) * cos(radians(latitude)) * power(sin(radians(longitude - ${lng}::float8) / 2), 2)
          ))) + 0.5) AS tenths
        FROM listings
        WHERE status = 'Active' ${category}
          AND latitude BETWEEN ${lat - dLat}::float8 AND ${lat + dLat}::float8
          AND longitude BETWEEN ${lng - dLng}::float8 AND ${lng + dLng}::float8
      ), page AS (
        SELECT id, tenths::numeric / 10 AS distance_miles FROM candidates
        WHERE tenths <= ${maxTenths}::float8
        ORDER BY promoted DESC, CASE WHEN promoted THEN coalesce(position, ${MISSING_POSITION}) END, tenths ASC, name ASC, id ASC
        LIMIT ${SEARCH_RESULT_LIMIT}
      )
      SELECT ${PAGE_COLUMNS}, page.distance_miles,
        (SELECT count(*) FROM candidates WHERE tenths <= ${maxTenths}::float8) AS total
      FROM page JOIN listings l ON l.id = page.id
      ${PAGE_ORDER} LIMIT ${SEARCH_RESULT_LIMIT}`;
  }
}
