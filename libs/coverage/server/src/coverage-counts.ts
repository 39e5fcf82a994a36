import { COVERAGE_REGIONS, OTHER_REGION, type ListingCategory, type ListingStatus, type RegionName } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';

export interface CountRow {
  readonly region: RegionName;
  readonly category: ListingCategory;
  readonly status: ListingStatus;
  readonly listings: number;
  readonly promoted: number;
}

export interface CoverageCounts {
  readonly rows: readonly CountRow[];
  /** Inactive listings with a rejection reason, per region. */
  readonly rejected: ReadonlyMap<RegionName, number>;
}

const KNOWN = new Set<string>([...COVERAGE_REGIONS, OTHER_REGION]);
const regionName = (r: string): RegionName => (KNOWN.has(r) ? r : OTHER_REGION) as RegionName;

/**
 * Listings per region, category and status (a few hundred groups, counted from `listings_coverage_idx`
 * alone), and the rejected ones per region (from `listings_rejected_region_idx`).
 */
export async function countCoverage(prisma: PrismaClient): Promise<CoverageCounts> {
  const [rows, rejected] = await Promise.all([
    prisma.$queryRaw<{ region: string; category: string; status: string; listings: number; promoted: number }[]>`
      SELECT coalesce(region, 'Other') AS region, category, status, count(*)::int AS listings, (count(*) FILTER (WHERE promoted))::int AS promoted
      FROM listings GROUP BY 1, 2, 3`,
    prisma.$queryRaw<{ region: string; n: number }[]>`
      SELECT coalesce(region, 'Other') AS region, count(*)::int AS n FROM listings
      WHERE status = 'Inactive' AND rejection_reason IS NOT NULL GROUP BY 1`,
  ]);
  return {
    rows: rows.map((r) => ({ ...r, region: regionName(r.region) }) as CountRow),
    rejected: new Map(rejected.map((r) => [regionName(r.region), r.n])),
  };
}

const kept = new WeakMap<PrismaClient, { stamp: string; value: Promise<CoverageCounts> }>();

/**
 * The counts, kept until the listings projection moves on: the only writer of `listings` once the process
 * has started, so screens reloading after the same change share one count. One small read tells.
 */
export async function coverageCounts(prisma: PrismaClient): Promise<CoverageCounts> {
  const [at] = await prisma.$queryRaw<{ stamp: string | null }[]>`
    SELECT "commit"::text || ':' || prepare::text AS stamp FROM projection_checkpoints WHERE projection = 'directory.listings'`;
  const stamp = at?.stamp ?? 'none';
  const hit = kept.get(prisma);
  if (hit && hit.stamp === stamp) return hit.value;
  const value = countCoverage(prisma);
  kept.set(prisma, { stamp, value });
  value.catch(() => {
    if (kept.get(prisma)?.value === value) kept.delete(prisma);
  });
  return value;
}

/** Sum of `listings` (or `promoted`) over the rows that pass `where`. */
export const sumOf = (rows: readonly CountRow[], where: (r: CountRow) => boolean, field: 'listings' | 'promoted' = 'listings'): number =>
  rows.reduce((a, r) => (where(r) ? a + r[field] : a), 0);
