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

/** Listings per region, category and status, from the counts kept beside the rows (a few hundred rows). */
export async function coverageCounts(prisma: PrismaClient): Promise<CountRow[]> {
  const rows = await prisma.$queryRaw<{ region: string; category: string; status: string; listings: number; promoted: number }[]>`
    SELECT region, category, status, listings::int AS listings, promoted::int AS promoted FROM coverage_counts WHERE listings > 0`;
  return rows.map((r) => ({ ...r, region: (KNOWN.has(r.region) ? r.region : OTHER_REGION) as RegionName }) as CountRow);
}

/** Sum of `listings` (or `promoted`) over the rows that pass `where`. */
export const sumOf = (rows: readonly CountRow[], where: (r: CountRow) => boolean, field: 'listings' | 'promoted' = 'listings'): number =>
  rows.reduce((a, r) => (where(r) ? a + r[field] : a), 0);
