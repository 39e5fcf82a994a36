import { Inject, Injectable } from '@nestjs/common';
import {
  COVERAGE_REGIONS,
  LISTING_CATEGORIES,
  OTHER_REGION,
  type CoverageOpportunities,
  type CoverageRegion,
  type ListingCategory,
  type Opportunity,
  type OpportunityAnalysis,
} from '@afterwards/contracts';
import {
  findOpportunities,
  nearestByCategory,
  OPPORTUNITY_CONSTANTS,
  per100k,
  regionAnalysis,
  regionOf,
  type ListingPoint,
  type RegionInput,
  type UnmetSearch,
} from '@afterwards/coverage-domain';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { SettingsService } from '@afterwards/settings-server';
import { coverageCounts, sumOf } from '../coverage-counts';
import type { Selection } from '../coverage-report/coverage-report';
import { coverageStatics } from '../coverage-statics';

interface Analysis {
  readonly opportunities: readonly Opportunity[];
  readonly regionAnalyses: Record<CoverageRegion, OpportunityAnalysis | null>;
  /** Per region: towns of 10,000+ people, and those with an Active listing of any category within the radius. */
  readonly towns: Record<CoverageRegion, { total: number; covered: number }>;
  readonly basis: CoverageOpportunities['basis'];
  readonly computedAt: string;
}

const CATEGORIES = new Set<string>(LISTING_CATEGORIES);

/**
 * Opportunity analysis over the whole directory: every Active listing's point against every town of 10,000+
 * people, the counts per region, the unmet finder searches and the prices in Settings. It is worked out once
 * and kept until something it reads changes (the listings projection's position, the searches counted, the
 * settings' version), so screens reloading after each change share one computation.
 */
@Injectable()
export class CoverageAnalysis {
  private cached: { key: string; value: Promise<Analysis> } | undefined;

  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    private readonly settings: SettingsService,
  ) {}

  async opportunities(selection: Selection): Promise<CoverageOpportunities> {
    const analysis = await this.current();
    const regions: readonly CoverageRegion[] = selection === 'all' ? COVERAGE_REGIONS : selection === OTHER_REGION ? [] : [selection];
    const towns = { total: 0, covered: 0 };
    for (const r of regions) {
      towns.total += analysis.towns[r].total;
      towns.covered += analysis.towns[r].covered;
    }
    return {
      selectedRegion: selection,
      towns: { ...towns, percentage: towns.total > 0 ? Math.round((towns.covered / towns.total) * 1000) / 10 : 0 },
      opportunities: analysis.opportunities.filter((o) => selection === 'all' || o.region === selection),
      regionAnalyses: Object.fromEntries(regions.map((r) => [r, analysis.regionAnalyses[r]])),
      basis: analysis.basis,
      computedAt: analysis.computedAt,
    };
  }

  private async current(): Promise<Analysis> {
    const settings = await this.settings.withVersion();
    const stamp = await this.prisma.$queryRaw<{ listings: string | null; searches: string }[]>`
      SELECT (SELECT "commit"::text || ':' || prepare::text FROM projection_checkpoints WHERE projection = 'directory.listings') AS listings,
             (SELECT coalesce(sum(searches), 0)::text || ':' || count(*)::text FROM finder_unmet_searches) AS searches`;
    const key = `${stamp[0]?.listings ?? ''}|${stamp[0]?.searches ?? ''}|${settings.version}|${new Date().toISOString().slice(0, 10)}`;
    if (this.cached?.key !== key) {
      const value = this.compute(settings.settings.promotionPricing.monthly.price, settings.settings.promotionPricing['14-day'].price);
      this.cached = { key, value };
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined;
      });
    }
    return this.cached.value;
  }

  private async compute(monthlyPrice: number, entryPrice: number): Promise<Analysis> {
    const [{ rows: counts }, points, unmetRows] = await Promise.all([
      coverageCounts(this.prisma),
      this.prisma.$queryRaw<{ category: string; latitude: number; longitude: number }[]>`
        SELECT category, latitude, longitude FROM listings WHERE status = 'Active' AND latitude IS NOT NULL AND longitude IS NOT NULL`,
      this.prisma.$queryRaw<{ place: string; category: string; region: string; latitude: number; longitude: number; searches: number }[]>`
        SELECT place, category, region, latitude, longitude, sum(searches)::int AS searches FROM finder_unmet_searches
        WHERE day > (now() AT TIME ZONE 'Europe/London')::date - ${OPPORTUNITY_CONSTANTS.unmetSearchDays}::int
        GROUP BY place, category, region, latitude, longitude`,
    ]);
    const { populations, totalPopulation, towns } = coverageStatics();
    const listingPoints: ListingPoint[] = points.filter((p) => CATEGORIES.has(p.category)) as ListingPoint[];
    const nearest = nearestByCategory(towns, listingPoints, OPPORTUNITY_CONSTANTS.radiusMiles);
    const unmet: UnmetSearch[] = unmetRows.flatMap((u) => {
      const region = (COVERAGE_REGIONS as readonly string[]).includes(u.region) ? (u.region as CoverageRegion) : regionOf(u.latitude, u.longitude);
      if (region === OTHER_REGION) return [];
      return [{ place: u.place, latitude: u.latitude, longitude: u.longitude, region, category: u.category === 'all' ? null : (u.category as ListingCategory), searches: u.searches }];
    });

    const regionInputs: RegionInput[] = COVERAGE_REGIONS.map((region) => {
      const active: Partial<Record<ListingCategory, number>> = {};
      const pending: Partial<Record<ListingCategory, number>> = {};
      for (const r of counts) {
        if (r.region !== region) continue;
        if (r.status === 'Active') active[r.category] = (active[r.category] ?? 0) + r.listings;
        if (r.status === 'Pending Review') pending[r.category] = (pending[r.category] ?? 0) + r.listings;
      }
      return { region, population: populations[region], active, pending };
    });
    const activeAll = sumOf(counts, (r) => r.status === 'Active');
    const promotedShare = activeAll > 0 ? sumOf(counts, (r) => r.status === 'Active', 'promoted') / activeAll : 0;
    const opportunities = findOpportunities({ regions: regionInputs, towns, nearest, unmet, promotedShare, monthlyPrice, entryPrice });

    const townReach = Object.fromEntries(COVERAGE_REGIONS.map((r) => [r, { total: 0, covered: 0 }])) as Record<CoverageRegion, { total: number; covered: number }>;
    towns.forEach((town, i) => {
      townReach[town.region].total += 1;
      if ([...nearest.values()].some((d) => d[i] !== null)) townReach[town.region].covered += 1;
    });
    const nationalPer100k = per100k(
      sumOf(counts, (r) => r.status === 'Active' && r.region !== OTHER_REGION),
      totalPopulation,
    );
    const regionAnalyses = Object.fromEntries(
      regionInputs.map((r) => [
        r.region,
        regionAnalysis(r.region, opportunities, {
          active: Object.values(r.active).reduce((a, b) => a + (b ?? 0), 0),
          population: r.population,
          nationalPer100k,
          townsTotal: townReach[r.region].total,
          townsInReach: townReach[r.region].covered,
          pending: Object.values(r.pending).reduce((a, b) => a + (b ?? 0), 0),
          unmetSearches: unmet.filter((u) => u.region === r.region).reduce((a, u) => a + u.searches, 0),
        }),
      ]),
    ) as Record<CoverageRegion, OpportunityAnalysis | null>;

    return {
      opportunities,
      regionAnalyses,
      towns: townReach,
      basis: { promotedShare: Math.round(promotedShare * 1000) / 1000, monthlyPrice, unmetSearchDays: OPPORTUNITY_CONSTANTS.unmetSearchDays },
      computedAt: new Date().toISOString(),
    };
  }
}
