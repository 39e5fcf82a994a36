import { COVERAGE_RULES, type GapItem, type ListingCategory, type RegionName } from '@afterwards/contracts';

/**
 * The spec's gap analysis (section 9). Over all regions: each region's potential is the larger of 100 and
 * 1.5 × its count, and a gap (potential − count) over 10 counts; the 5 largest show. Within one selected
 * region the items are its categories: potential the larger of 20 and 2 × the count, a gap over 5, the top 8.
 * Counts are of Active listings. Ties go by name so the list is the same on every load.
 */
export function regionGaps(counts: ReadonlyArray<{ region: RegionName; count: number }>): GapItem[] {
  const r = COVERAGE_RULES.allRegions;
  return counts
    .map(({ region, count }) => {
      const potential = Math.round(Math.max(r.minPotential, r.factor * count));
      return { region, category: null, currentCount: count, potential, gap: potential - count };
    })
    .filter((g) => g.gap > r.minGap)
    .sort((a, b) => b.gap - a.gap || a.region.localeCompare(b.region))
    .slice(0, r.top);
}

export function categoryGaps(region: RegionName, counts: ReadonlyArray<{ category: ListingCategory; count: number }>): GapItem[] {
  const r = COVERAGE_RULES.oneRegion;
  return counts
    .map(({ category, count }) => {
      const potential = Math.round(Math.max(r.minPotential, r.factor * count));
      return { region, category, currentCount: count, potential, gap: potential - count };
    })
    .filter((g) => g.gap > r.minGap)
    .sort((a, b) => b.gap - a.gap || a.category!.localeCompare(b.category!))
    .slice(0, r.top);
}

/** Largest first, ties by name, at most `top`. */
export function topCounts<K extends string>(counts: ReadonlyMap<K, number>, top: number): { key: K; count: number }[] {
  return [...counts]
    .filter(([, n]) => n > 0)
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, top);
}
