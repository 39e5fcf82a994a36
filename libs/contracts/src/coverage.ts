import { z } from './zod';
import { ListingStatusSchema } from './directory';
import { ListingCategorySchema } from './directory-search';
import { ADMIN_API } from './admin';

/**
 * Coverage analytics (admin spec: Coverage Analytics, Opportunity analysis, section 9). Every listing with
 * coordinates belongs to the region whose boundary contains its point (the twelve ITL1 regions of the UK
 * and the Republic of Ireland); a listing without coordinates is in 'Other' until staff place it.
 *
 * - `GET /api/admin/coverage?region=`                 CoverageReport (counts, breakdowns, gaps, 12-week trend)
 * - `GET /api/admin/coverage/opportunities?region=`   CoverageOpportunities (towns in reach, opportunities)
 * - `GET /api/admin/coverage/points?region=`          CoveragePoints (Active listings of one region, for the map)
 */
export const ADMIN_COVERAGE_PATH = `${ADMIN_API}/coverage`;

/** ITL1 names as the Office for National Statistics gives them, then Ireland. */
export const UK_REGIONS = [
  'North East',
  'North West',
  'Yorkshire and The Humber',
  'East Midlands',
  'West Midlands',
  'East of England',
  'London',
  'South East',
  'South West',
  'Wales',
  'Scotland',
  'Northern Ireland',
] as const;
export const COVERAGE_REGIONS = [...UK_REGIONS, 'Ireland'] as const;
export const CoverageRegionSchema = z.enum(COVERAGE_REGIONS);
export type CoverageRegion = z.infer<typeof CoverageRegionSchema>;
/** Listings without coordinates (they cannot be found by distance, so staff should place them). */
export const OTHER_REGION = 'Other';
export const RegionNameSchema = z.union([CoverageRegionSchema, z.literal(OTHER_REGION)]);
export type RegionName = z.infer<typeof RegionNameSchema>;

/** Coverage analytics: the rules the figures follow. */
export const COVERAGE_RULES = {
  /** All regions: a region's potential is the larger of 100 and 1.5 × its count; a gap over 10 counts; the top 5 show. */
  allRegions: { minPotential: 100, factor: 1.5, minGap: 10, top: 5 },
  /** One region (by category within it): the larger of 20 and 2 × the count; a gap over 5 counts; the top 8 show. */
  oneRegion: { minPotential: 20, factor: 2, minGap: 5, top: 8 },
  regionBreakdownTop: 10,
  categoryBreakdownTop: 8,
  /** Reload after this long without a change, and open the live channel this long after the screen appears. */
  reloadAfterQuietMs: 2_000,
  realtimeStartDelayMs: 1_000,
  /** What the screen shows as total areas when the coverage cannot be loaded (section 8). */
  failureTotalAreas: 15_000,
  /** Weeks of listing views and contact actions in the trend chart. */
  trendWeeks: 12,
} as const;

/** Region dot colour (section 9): over 500 green, over 100 yellow, over 10 orange, otherwise red. */
export type DotTone = 'green' | 'yellow' | 'orange' | 'red';
export const dotTone = (count: number): DotTone => (count > 500 ? 'green' : count > 100 ? 'yellow' : count > 10 ? 'orange' : 'red');

export const CoverageQuerySchema = z.object({
  region: z.union([z.literal('all'), RegionNameSchema]).default('all'),
});
export type CoverageQuery = z.input<typeof CoverageQuerySchema>;

export const CoverageMessages = {
  loadFailed: 'Failed to load coverage analytics. Please try again.',
  noGaps: 'No significant gaps identified',
  noAnalysis: 'No detailed analysis available for this opportunity.',
  connectionIssue: 'Connection issue',
  liveDisabled: 'Live updates disabled',
} as const;

export const RegionFiguresSchema = z.object({
  region: CoverageRegionSchema,
  /** Every listing placed in the region, whatever its status. */
  listings: z.number().int(),
  active: z.number().int(),
  /** People living in the region, from the bundled places data (see the screen's notes). */
  population: z.number().int(),
  /** Active listings per 100,000 people, one decimal place. */
  activePer100k: z.number(),
  categories: z.record(z.string(), z.number().int()),
});
export type RegionFigures = z.infer<typeof RegionFiguresSchema>;

export const GapItemSchema = z.object({
  region: RegionNameSchema,
  /** Set when a single region is selected: the gap is of one category within it. */
  category: z.nullable(ListingCategorySchema),
  currentCount: z.number().int(),
  potential: z.number().int(),
  gap: z.number().int(),
});
export type GapItem = z.infer<typeof GapItemSchema>;

export const TrendWeekSchema = z.object({
  /** Monday of the week (YYYY-MM-DD), weeks counted in the platform's time zone. */
  weekStart: z.string(),
  views: z.number().int(),
  /** Calls, e-mails, website visits and directions. */
  contacts: z.number().int(),
});
export type TrendWeek = z.infer<typeof TrendWeekSchema>;

export const UnplacedListingSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  location: z.string(),
  status: ListingStatusSchema,
});

export const CoverageReportSchema = z.object({
  selectedRegion: z.union([z.literal('all'), RegionNameSchema]),
  /** The spec's totals: of the selected region, and of the whole directory. */
  totalBusinessesInRegion: z.number().int(),
  totalBusinesses: z.number().int(),
  activeBusinesses: z.number().int(),
  pendingBusinesses: z.number().int(),
  /** Rejected listings are 'Inactive' with a rejection reason. */
  rejectedBusinesses: z.number().int(),
  suspendedBusinesses: z.number().int(),
  /** Active listings per region, most first (top 10). */
  regionBreakdown: z.array(z.object({ region: RegionNameSchema, count: z.number().int() })),
  /** Active listings per category in the selection, most first (top 8). */
  categoryBreakdown: z.array(z.object({ category: ListingCategorySchema, count: z.number().int() })),
  gapAnalysis: z.array(GapItemSchema),
  /** Every region of the map, in the order of COVERAGE_REGIONS. */
  regions: z.array(RegionFiguresSchema),
  /** Active listings per 100,000 people over the UK and Ireland. */
  overallActivePer100k: z.number(),
  trend: z.array(TrendWeekSchema),
  /** Listings in 'Other' (no coordinates): how many, and the first 50 by name, so staff can place them. */
  unplaced: z.object({ count: z.number().int(), listings: z.array(UnplacedListingSchema) }),
  generatedAt: z.string(),
});
export type CoverageReport = z.infer<typeof CoverageReportSchema>;

export const OpportunityPrioritySchema = z.enum(['High', 'Medium', 'Low']);
export type OpportunityPriority = z.infer<typeof OpportunityPrioritySchema>;
export const KeyValueSchema = z.array(z.object({ label: z.string(), value: z.string() }));

export const RecommendationSchema = z.object({
  title: z.string(),
  description: z.string(),
  priority: OpportunityPrioritySchema,
  effort: OpportunityPrioritySchema,
  impact: OpportunityPrioritySchema,
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

/** The spec's opportunity analysis. */
export const OpportunityAnalysisSchema = z.object({
  summary: z.string(),
  currentState: KeyValueSchema,
  marketGap: KeyValueSchema,
  recommendations: z.array(RecommendationSchema),
  /** Pounds a year from promotions, by the stated rule. */
  estimatedRevenue: z.number(),
  timeframe: z.string(),
  difficulty: z.string(),
  successFactors: z.array(z.string()),
});
export type OpportunityAnalysis = z.infer<typeof OpportunityAnalysisSchema>;

/** Which rules found the opportunity. */
export const OpportunitySignalSchema = z.enum(['per-head', 'distance', 'demand']);
export type OpportunitySignal = z.infer<typeof OpportunitySignalSchema>;

export const OpportunitySchema = z.object({
  id: z.string(),
  region: CoverageRegionSchema,
  category: ListingCategorySchema,
  title: z.string(),
  signals: z.array(OpportunitySignalSchema),
  priority: OpportunityPrioritySchema,
  listingsNeeded: z.number().int(),
  peopleOutOfReach: z.number().int(),
  unmetSearches: z.number().int(),
  analysis: OpportunityAnalysisSchema,
});
export type Opportunity = z.infer<typeof OpportunitySchema>;

export const CoverageOpportunitiesSchema = z.object({
  selectedRegion: z.union([z.literal('all'), RegionNameSchema]),
  /** Towns of 10,000+ people in the selection with an Active listing (any category) within the finder's radius. */
  towns: z.object({ total: z.number().int(), covered: z.number().int(), percentage: z.number() }),
  opportunities: z.array(OpportunitySchema),
  /** The region-level analysis for each gap item's region (null when no rule found anything there). */
  regionAnalyses: z.record(z.string(), OpportunityAnalysisSchema.nullable()),
  /** What the revenue estimate rests on. */
  basis: z.object({ promotedShare: z.number(), monthlyPrice: z.number(), unmetSearchDays: z.number().int() }),
  computedAt: z.string(),
});
export type CoverageOpportunities = z.infer<typeof CoverageOpportunitiesSchema>;

export const CoveragePointsQuerySchema = z.object({ region: CoverageRegionSchema });
export const CoveragePointsSchema = z.object({
  region: CoverageRegionSchema,
  /** Active listings, grouped where they share a point to 0.01°: [longitude, latitude, listings]. */
  points: z.array(z.tuple([z.number(), z.number(), z.number().int()])),
  total: z.number().int(),
});
export type CoveragePoints = z.infer<typeof CoveragePointsSchema>;
