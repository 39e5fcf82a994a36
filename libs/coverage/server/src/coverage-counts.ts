import { COVERAGE_REGIONS, OTHER_REGION, type ListingCategory, type ListingStatus, type RegionName } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';

export interface CountRow {
  readonly region: RegionName;
  readonly category: ListingCategory;
  readonly status: ListingStatus;
  readonly listings: number;
  readonly promoted: number;
}

const KNOWN = new Set<string>([...COVERAGE_REGIONS, OTHER_REGION]);

/**
 * Listings per region, category and status: a few hundred groups, counted from `listings_coverage_idx`
 * alone (an index-only scan).
 */
export async function coverageCounts(prisma: PrismaClient): Promise<CountRow[]> {
  const rows = await prisma.$queryRaw<{ region: string; category: string; status: string; listings: number; promoted: number }[]>`
    SELECT coalesce(region, 'Other') AS region, category, status, count(*)::int AS listings, (count(*) FILTER (WHERE promoted))::int AS promoted
    FROM listings GROUP BY 1, 2, 3`;
  return rows.map((r) => ({ ...r, region: (KNOWN.has(r.region) ? r.region : OTHER_REGION) as RegionName }) as CountRow);
}

/** Sum of `listings` (or `promoted`) over the rows that pass `where`. */
export const sumOf = (rows: readonly CountRow[], where: (r: CountRow) => boolean, field: 'listings' | 'promoted' = 'listings'): number =>
  rows.reduce((a, r) => (where(r) ? a + r[field] : a), 0);
