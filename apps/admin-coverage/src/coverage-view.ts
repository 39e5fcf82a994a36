// Pure rules of the Coverage Analytics screen: choropleth classes, chart series and wording.
import { COVERAGE_REGIONS, LISTING_CATEGORIES, OTHER_REGION, type CoverageReport, type ListingCategory, type RegionFigures, type RegionName } from '@afterwards/contracts';

export const REGION_OPTIONS: { value: string; label: string }[] = [
  { value: 'all', label: 'All regions' },
  ...COVERAGE_REGIONS.map((r) => ({ value: r, label: r })),
  { value: OTHER_REGION, label: 'Other (no coordinates)' },
];

export const isRegionName = (v: string): v is RegionName => v === OTHER_REGION || (COVERAGE_REGIONS as readonly string[]).includes(v);

/** Light to dark: listings per 100,000 people, five classes. Colours hold 3:1 against the map's white borders from the third class on. */
export const CHOROPLETH_COLOURS = ['#eef4f2', '#c5ddd6', '#8fbcb0', '#4f8a80', '#24504b'] as const;
export const NO_DATA_COLOUR = '#f3efe8';

export interface ChoroplethClass {
  readonly from: number;
  readonly to: number;
  readonly colour: string;
}

/**
 * Five classes of equal width from 0 to the highest region's figure (rounded up to a readable step), so the
 * legend reads in plain numbers and a region's shade moves only when its own figure does.
 */
export function choroplethClasses(values: readonly number[]): ChoroplethClass[] {
  const max = Math.max(0, ...values);
  const raw = max / CHOROPLETH_COLOURS.length;
  const step = raw <= 0 ? 0.1 : niceStep(raw);
  return CHOROPLETH_COLOURS.map((colour, i) => ({ from: round1(i * step), to: round1((i + 1) * step), colour }));
}

function niceStep(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  const m = x / p;
  const nice = m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10;
  return nice * p;
}
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The class a value falls in (the top class takes everything above its start). */
export function classOf(value: number, classes: readonly ChoroplethClass[]): ChoroplethClass {
  for (let i = classes.length - 1; i >= 0; i--) if (value >= classes[i]!.from && (i === classes.length - 1 || value < classes[i]!.to)) return classes[i]!;
  return classes[0]!;
}

export const formatCount = (n: number) => n.toLocaleString('en-GB');
export const formatRate = (n: number) => n.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What a region says to a screen reader and in its tooltip. */
export function regionSummary(r: RegionFigures): string {
  return `${r.region}: ${plural(r.active, 'Active listing')}, ${formatRate(r.activePer100k)} per 100,000 people (population ${formatCount(r.population)}), ${plural(r.listings, 'listing')} in all`;
}

/** Category colours for the charts: distinct hues, each 3:1 or more against white. */
export const CATEGORY_COLOURS: Record<ListingCategory, string> = {
  'Funeral Directors': '#2e5e5a',
  'Register Offices': '#8a5a00',
  'Legal Services': '#3b5ba5',
  'Religious Services': '#8e4585',
  'Coroner Services': '#5f6b2d',
  Crematoriums: '#a14a2f',
  'Counseling Services': '#2f7f93',
  'Financial Advisors': '#6b4fa1',
  Accountants: '#7a6a55',
  Charities: '#b0344f',
  'Other Services': '#6f6f6f',
  'Support Services': '#4d7a3a',
};
export const OTHER_CATEGORIES_COLOUR = '#9a9288';

export interface StackSegment {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly colour: string;
}
export interface StackRow {
  readonly region: RegionName;
  readonly total: number;
  readonly segments: readonly StackSegment[];
}

/**
 * Active listings by category per region, for the stacked bars: the `top` categories overall keep their own
 * colour, the rest are one 'Other categories' segment. Regions most listings first; empty regions stay, at 0.
 */
export function categoryStacks(regions: readonly RegionFigures[], top = 6): { rows: StackRow[]; keys: StackSegment[] } {
  const totals = new Map<ListingCategory, number>();
  for (const r of regions) for (const [c, n] of Object.entries(r.categories)) totals.set(c as ListingCategory, (totals.get(c as ListingCategory) ?? 0) + n);
  const shown = [...totals]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([c]) => c);
  const hasRest = [...totals].some(([c, n]) => n > 0 && !shown.includes(c));
  const keys: StackSegment[] = [
    ...shown.map((c) => ({ key: c, label: c, value: totals.get(c)!, colour: CATEGORY_COLOURS[c] })),
    ...(hasRest ? [{ key: 'rest', label: 'Other categories', value: [...totals].filter(([c]) => !shown.includes(c)).reduce((a, [, n]) => a + n, 0), colour: OTHER_CATEGORIES_COLOUR }] : []),
  ];
  const rows = regions
    .map((r) => {
      const segments = keys.map((k) => ({
        ...k,
        value: k.key === 'rest' ? Object.entries(r.categories).reduce((a, [c, n]) => (shown.includes(c as ListingCategory) ? a : a + n), 0) : (r.categories[k.key] ?? 0),
      }));
      return { region: r.region, total: segments.reduce((a, s) => a + s.value, 0), segments };
    })
    .sort((a, b) => b.total - a.total || a.region.localeCompare(b.region));
  return { rows, keys };
}

/** '17 Nov' for a week starting on that Monday. */
export const weekLabel = (weekStart: string) => new Date(`${weekStart}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A round top for a chart's axis (1, 2, 2.5 or 5 × a power of ten), at least 1. */
export function axisMax(value: number): number {
  if (value <= 1) return 1;
  const step = niceStep(value / 5);
  return Math.ceil(value / step) * step;
}

/** The report the screen shows when coverage cannot be loaded. */
export const FAILED_TOTAL_AREAS = 15_000;

export const categoriesInOrder = (report: CoverageReport | undefined) => (report ? report.categoryBreakdown.map((c) => c.category) : LISTING_CATEGORIES);
