import {
  COVERAGE_REGIONS,
  COVERAGE_RULES,
  LISTING_CATEGORIES,
  OTHER_REGION,
  type CoverageReport,
  type ListingCategory,
  type ListingStatus,
  type RegionName,
} from '@afterwards/contracts';
import { OPPORTUNITY_CATEGORIES, categoryGaps, per100k, regionGaps, topCounts } from '@afterwards/coverage-domain';
import type { PrismaClient } from '@afterwards/persistence';
import { coverageCounts, sumOf, type CountRow } from '../coverage-counts';
import { coverageStatics } from '../coverage-statics';

export type Selection = 'all' | RegionName;

/** Listings in 'Other' listed by name for staff to place; more are counted. */
export const UNPLACED_SHOWN = 50;
/** Weeks are counted in the platform's home time zone, Monday first. */
export const TREND_TIME_ZONE = 'Europe/London';

/**
 * The coverage screen's figures for all regions or one (admin spec: getCoverageAnalytics): the grouped counts
 * of the listings (index-only, kept until the listings change), and two small indexed reads.
 */
export async function coverageReport(prisma: PrismaClient, selection: Selection): Promise<CoverageReport> {
  // Kept per selection until the listings projection or the weekly fold moves on: nothing else changes it.
  const [at] = await prisma.$queryRaw<{ stamp: string | null }[]>`
    SELECT (SELECT "commit"::text || ':' || prepare::text FROM projection_checkpoints WHERE projection = 'directory.listings')
      || '|' || (SELECT last_tx::text || ':' || last_id::text FROM listing_interaction_checkpoints WHERE name = 'coverage')
      || '|' || (date_trunc('week', now() AT TIME ZONE ${TREND_TIME_ZONE})::date)::text AS stamp`;
  const stamp = at?.stamp ?? `none:${Date.now()}`;
  const byPrisma = keptReports.get(prisma) ?? new Map<Selection, { stamp: string; value: Promise<CoverageReport> }>();
  keptReports.set(prisma, byPrisma);
  const hit = byPrisma.get(selection);
  if (hit && hit.stamp === stamp) return hit.value;
  const value = buildReport(prisma, selection);
  byPrisma.set(selection, { stamp, value });
  value.catch(() => {
    if (byPrisma.get(selection)?.value === value) byPrisma.delete(selection);
  });
  return value;
}

const keptReports = new WeakMap<PrismaClient, Map<Selection, { stamp: string; value: Promise<CoverageReport> }>>();

async function buildReport(prisma: PrismaClient, selection: Selection): Promise<CoverageReport> {
  const inSelection = (r: { region: RegionName }) => selection === 'all' || r.region === selection;
  const [{ rows: counts, rejected }, trend, unplaced] = await Promise.all([
    coverageCounts(prisma),
    prisma.$queryRaw<{ week_start: string; views: number; contacts: number }[]>`
      WITH weeks AS (
        SELECT (date_trunc('week', now() AT TIME ZONE ${TREND_TIME_ZONE})::date - 7 * g)::date AS week_start
        FROM generate_series(0, ${COVERAGE_RULES.trendWeeks - 1}::int) AS g
      )
      SELECT to_char(w.week_start, 'YYYY-MM-DD') AS week_start, coalesce(sum(c.views), 0)::int AS views, coalesce(sum(c.contacts), 0)::int AS contacts
      FROM weeks w LEFT JOIN coverage_interaction_weeks c ON c.week_start = w.week_start AND (${selection} = 'all' OR c.region = ${selection})
      GROUP BY w.week_start ORDER BY w.week_start`,
    prisma.$queryRaw<{ id: string; name: string; location: string; status: ListingStatus }[]>`
      SELECT id::text AS id, name, location, status FROM listings WHERE region = 'Other' OR region IS NULL ORDER BY name, id LIMIT ${UNPLACED_SHOWN}`,
  ]);
  const { populations, totalPopulation } = coverageStatics();
  const active = (r: CountRow) => r.status === 'Active';
  const selected = counts.filter(inSelection);

  const regions = COVERAGE_REGIONS.map((region) => {
    const mine = counts.filter((r) => r.region === region);
    const activeHere = sumOf(mine, active);
    const categories: Record<string, number> = {};
    for (const r of mine) if (active(r)) categories[r.category] = (categories[r.category] ?? 0) + r.listings;
    return { region, listings: sumOf(mine, () => true), active: activeHere, population: populations[region], activePer100k: per100k(activeHere, populations[region]), categories };
  });

  const byRegion = new Map<RegionName, number>();
  for (const r of counts) if (active(r)) byRegion.set(r.region, (byRegion.get(r.region) ?? 0) + r.listings);
  const byCategory = new Map<ListingCategory, number>();
  for (const r of selected) if (active(r)) byCategory.set(r.category, (byCategory.get(r.category) ?? 0) + r.listings);

  const gapAnalysis =
    selection === 'all'
      ? regionGaps(COVERAGE_REGIONS.map((region) => ({ region, count: byRegion.get(region) ?? 0 })))
      : selection === OTHER_REGION
        ? []
        : categoryGaps(
            selection,
            OPPORTUNITY_CATEGORIES.map((category) => ({ category, count: byCategory.get(category) ?? 0 })),
          );

  const totalActive = sumOf(counts, (r) => active(r) && r.region !== OTHER_REGION);
  return {
    selectedRegion: selection,
    totalBusinessesInRegion: sumOf(selected, () => true),
    totalBusinesses: sumOf(counts, () => true),
    activeBusinesses: sumOf(selected, active),
    pendingBusinesses: sumOf(selected, (r) => r.status === 'Pending Review'),
    rejectedBusinesses: selection === 'all' ? [...rejected.values()].reduce((a, n) => a + n, 0) : (rejected.get(selection) ?? 0),
    suspendedBusinesses: sumOf(selected, (r) => r.status === 'Suspended'),
    regionBreakdown: topCounts(byRegion, COVERAGE_RULES.regionBreakdownTop).map(({ key, count }) => ({ region: key, count })),
    categoryBreakdown: topCounts(byCategory, COVERAGE_RULES.categoryBreakdownTop)
      .filter(({ key }) => (LISTING_CATEGORIES as readonly string[]).includes(key))
      .map(({ key, count }) => ({ category: key, count })),
    gapAnalysis,
    regions,
    overallActivePer100k: per100k(totalActive, totalPopulation),
    trend: trend.map((w) => ({ weekStart: w.week_start, views: w.views, contacts: w.contacts })),
    unplaced: { count: sumOf(counts, (r) => r.region === OTHER_REGION), listings: unplaced },
    generatedAt: new Date().toISOString(),
  };
}
