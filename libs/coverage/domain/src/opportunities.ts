import {
  COVERAGE_RULES,
  LISTING_CATEGORIES,
  formatPounds,
  type CoverageRegion,
  type ListingCategory,
  type Opportunity,
  type OpportunityAnalysis,
  type OpportunityPriority,
  type OpportunitySignal,
  type Recommendation,
} from '@afterwards/contracts';
import { greedyCover, type Located } from './nearest';
import { per100k, type DemandTown } from './population';

/**
 * Opportunity analysis: stated, deterministic rules over the data. For each region and each category that
 * families look for, three rules look for a gap; an opportunity is a region and category where one or more
 * of them fire. The same text is shown on the screen (OPPORTUNITY_RULES), so every figure can be checked.
 */
export const OPPORTUNITY_CATEGORIES: readonly ListingCategory[] = LISTING_CATEGORIES.filter((c) => c !== 'Other Services' && c !== 'Support Services');

export const OPPORTUNITY_CONSTANTS = {
  /** Per head: a region with fewer than half the national rate of a category's Active listings. */
  perHeadShare: 0.5,
  /** Distance: the finder's search radius; a town farther than this from every listing finds none. */
  radiusMiles: 25,
  /** Demand: at least this many finder searches near the region's places found nothing, over the window. */
  minUnmetSearches: 3,
  unmetSearchDays: 90,
  /** Impact from people out of reach or unmet searches; effort from listings needed. */
  highImpactPeople: 100_000,
  mediumImpactPeople: 20_000,
  highImpactSearches: 10,
  mediumShortfall: 5,
  lowEffortListings: 3,
  mediumEffortListings: 10,
} as const;

const C = OPPORTUNITY_CONSTANTS;

export const OPPORTUNITY_RULES: readonly string[] = [
  `Per head: a region has fewer than half the Active listings of a category per 100,000 people that the UK and Ireland have together. Listings needed: enough to reach the national rate.`,
  `Distance: a town of 10,000+ people has no Active listing of the category within ${C.radiusMiles} miles (the finder's radius). Listings needed: picking the largest town still out of reach, then the next, each pick bringing every town within ${C.radiusMiles} miles of it into reach.`,
  `Demand: at least ${C.minUnmetSearches} finder searches near the region's places found nothing within the radius in the last ${C.unmetSearchDays} days (a search for every category counts toward each). Listings needed: one for each group of places ${C.radiusMiles} miles apart.`,
  `Impact is High with ${C.highImpactPeople.toLocaleString('en-GB')}+ people out of reach or ${C.highImpactSearches}+ unmet searches; Medium with ${C.mediumImpactPeople.toLocaleString('en-GB')}+ people, ${C.minUnmetSearches}+ searches or a shortfall of ${C.mediumShortfall}+; else Low. Effort is Low up to ${C.lowEffortListings} listings needed, Medium up to ${C.mediumEffortListings}, else High. Priority is High for High impact unless the effort is High, Low for Low impact, else Medium.`,
  `Estimated revenue: listings needed × the share of Active listings promoted today × the monthly plan's price in Settings × 12, a year of promotions at today's take-up.`,
];

export interface RegionInput {
  readonly region: CoverageRegion;
  readonly population: number;
  readonly active: Partial<Record<ListingCategory, number>>;
  readonly pending: Partial<Record<ListingCategory, number>>;
}

export interface UnmetSearch extends Located {
  readonly place: string;
  readonly region: CoverageRegion;
  /** null: a search for every category. */
  readonly category: ListingCategory | null;
  readonly searches: number;
}

export interface OpportunityInputs {
  readonly regions: readonly RegionInput[];
  readonly towns: readonly DemandTown[];
  /** Per category, per town (same order as `towns`): miles to the nearest Active listing, null if none in the radius. */
  readonly nearest: ReadonlyMap<ListingCategory, readonly (number | null)[]>;
  readonly unmet: readonly UnmetSearch[];
  /** Share of Active listings promoted now (0 to 1). */
  readonly promotedShare: number;
  /** Price of the monthly plan in Settings, pounds. */
  readonly monthlyPrice: number;
  /** Price of the 14-day plan in Settings, pounds. */
  readonly entryPrice: number;
}

const RANK: Record<OpportunityPriority, number> = { High: 0, Medium: 1, Low: 2 };
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
const num = (n: number) => n.toLocaleString('en-GB');
const rate1 = (n: number) => n.toFixed(1);
const list = (names: readonly string[], max = 3) =>
  names.length <= max ? names.join(names.length === 2 ? ' and ' : ', ').replace(/, ([^,]*)$/, ' and $1') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;

export const effortFor = (listingsNeeded: number): OpportunityPriority =>
  listingsNeeded <= C.lowEffortListings ? 'Low' : listingsNeeded <= C.mediumEffortListings ? 'Medium' : 'High';
export function impactFor(people: number, searches: number, shortfall: number): OpportunityPriority {
  if (people >= C.highImpactPeople || searches >= C.highImpactSearches) return 'High';
  if (people >= C.mediumImpactPeople || searches >= C.minUnmetSearches || shortfall >= C.mediumShortfall) return 'Medium';
  return 'Low';
}
export const priorityFor = (impact: OpportunityPriority, effort: OpportunityPriority): OpportunityPriority =>
  impact === 'High' ? (effort === 'High' ? 'Medium' : 'High') : impact === 'Low' ? 'Low' : 'Medium';
const TIMEFRAME: Record<OpportunityPriority, string> = { Low: '1–2 months', Medium: '3–6 months', High: '6–12 months' };
const DIFFICULTY: Record<OpportunityPriority, string> = { Low: 'Easy', Medium: 'Moderate', High: 'Hard' };

export const estimatedRevenue = (listingsNeeded: number, promotedShare: number, monthlyPrice: number): number =>
  Math.round(listingsNeeded * promotedShare * monthlyPrice * 12);

/** National Active listings per 100,000 people for each category. */
function nationalRates(inputs: OpportunityInputs): Map<ListingCategory, number> {
  const population = inputs.regions.reduce((a, r) => a + r.population, 0);
  return new Map(OPPORTUNITY_CATEGORIES.map((c) => [c, per100k(inputs.regions.reduce((a, r) => a + (r.active[c] ?? 0), 0), population)]));
}

/** Every opportunity the rules find, most important first. */
export function findOpportunities(inputs: OpportunityInputs): Opportunity[] {
  const rates = nationalRates(inputs);
  const out: Opportunity[] = [];
  for (const r of inputs.regions) {
    const towns = inputs.towns.map((t, i) => ({ t, i })).filter(({ t }) => t.region === r.region);
    for (const category of OPPORTUNITY_CATEGORIES) {
      const active = r.active[category] ?? 0;
      const pending = r.pending[category] ?? 0;
      const rate = per100k(active, r.population);
      const national = rates.get(category) ?? 0;
      const signals: OpportunitySignal[] = [];

      // Per head.
      const target = Math.round((national * r.population) / 100_000);
      const shortfall = Math.max(0, target - active);
      const perHead = national > 0 && rate < C.perHeadShare * national && shortfall >= 1;
      if (perHead) signals.push('per-head');

      // Distance.
      const distances = inputs.nearest.get(category);
      const outOfReach = towns.filter(({ i }) => (distances?.[i] ?? null) === null).map(({ t }) => t);
      const reachPicks = greedyCover(outOfReach, (t) => t.population, C.radiusMiles);
      const people = outOfReach.reduce((a, t) => a + t.population, 0);
      if (outOfReach.length > 0) signals.push('distance');

      // Demand.
      const unmet = inputs.unmet.filter((u) => u.region === r.region && (u.category === category || u.category === null));
      const searches = unmet.reduce((a, u) => a + u.searches, 0);
      const places = [...new Map(unmet.map((u) => [u.place, u])).values()];
      const demandPicks = greedyCover(places, (p) => unmet.filter((u) => u.place === p.place).reduce((a, u) => a + u.searches, 0), C.radiusMiles);
      if (searches >= C.minUnmetSearches) signals.push('demand');

      if (signals.length === 0) continue;
      const listingsNeeded = Math.max(1, perHead ? shortfall : 0, reachPicks.length, signals.includes('demand') ? demandPicks.length : 0);
      const impact = impactFor(people, signals.includes('demand') ? searches : 0, perHead ? shortfall : 0);
      const effort = effortFor(listingsNeeded);
      const priority = priorityFor(impact, effort);
      const revenue = estimatedRevenue(listingsNeeded, inputs.promotedShare, inputs.monthlyPrice);
      const townsInReach = towns.length - outOfReach.length;

      const sentences: string[] = [];
      if (outOfReach.length > 0) {
        sentences.push(
          `${count(outOfReach.length, 'town')} of 10,000+ people in ${r.region} (${num(people)} people) ${outOfReach.length === 1 ? 'has' : 'have'} no Active ${category} listing within ${C.radiusMiles} miles: ${list(outOfReach.map((t) => t.name))}.`,
        );
      }
      if (perHead) sentences.push(`${r.region} has ${rate1(rate)} Active ${category} listings per 100,000 people against ${rate1(national)} across the UK and Ireland.`);
      if (signals.includes('demand')) sentences.push(`${count(searches, 'finder search', 'finder searches')} near ${list(places.map((p) => p.place))} found nothing in the last ${C.unmetSearchDays} days.`);

      const recommendations: Recommendation[] = [];
      if (pending > 0) {
        recommendations.push({
          title: `Review the ${count(pending, `waiting ${category} listing`)}`,
          description: `${count(pending, 'listing')} of ${category} in ${r.region} ${pending === 1 ? 'is' : 'are'} Pending Review; approving the sound ones adds coverage at once.`,
          priority: 'High',
          effort: 'Low',
          impact: pending >= listingsNeeded ? impact : 'Medium',
        });
      }
      if (outOfReach.length > 0) {
        recommendations.push({
          title: `Recruit ${category} near ${list(reachPicks.map((t) => t.name))}`,
          description: `${count(reachPicks.length, 'listing')} placed in ${list(reachPicks.map((t) => t.name), 5)} would bring all ${count(outOfReach.length, 'town')} (${num(people)} people) within ${C.radiusMiles} miles of one.`,
          priority,
          effort: effortFor(reachPicks.length),
          impact: impactFor(people, 0, 0),
        });
      }
      if (signals.includes('demand')) {
        recommendations.push({
          title: `Answer the searches near ${list(demandPicks.map((p) => p.place))}`,
          description: `People searched ${count(searches, 'time')} near ${list(places.map((p) => p.place), 5)} and found no ${category} within ${C.radiusMiles} miles.`,
          priority: searches >= C.highImpactSearches ? 'High' : 'Medium',
          effort: effortFor(demandPicks.length),
          impact: impactFor(0, searches, 0),
        });
      }
      if (perHead) {
        recommendations.push({
          title: `Bring ${category} in ${r.region} up to the national rate`,
          description: `${count(shortfall, 'more Active listing', 'more Active listings')} would give ${r.region} the ${rate1(national)} per 100,000 people the UK and Ireland have (it has ${rate1(rate)}).`,
          priority: shortfall >= C.mediumShortfall ? 'Medium' : 'Low',
          effort: effortFor(shortfall),
          impact: impactFor(0, 0, shortfall),
        });
      }
      recommendations.push({
        title: 'Offer new listings a featured start',
        description:
          `Promotions start at ${formatPounds(inputs.entryPrice)} for 14 days. At today's take-up (${Math.round(inputs.promotedShare * 1000) / 10}% of Active listings promoted), ` +
          `${count(listingsNeeded, 'new listing')} on the monthly plan (${formatPounds(inputs.monthlyPrice)}) would bring about ${formatPounds(revenue)} a year.`,
        priority: 'Low',
        effort: 'Low',
        impact: revenue >= inputs.monthlyPrice * 12 ? 'Medium' : 'Low',
      });

      const successFactors = [
        ...(outOfReach.length > 0 ? [`Services placed by postcode in or near ${list(reachPicks.map((t) => t.name), 2)}, so a search from those towns finds them`] : []),
        ...(signals.includes('demand') ? [`A listing within ${C.radiusMiles} miles of ${list(demandPicks.map((p) => p.place), 2)}, where people already search`] : []),
        `A service radius that covers the ${count(towns.length, 'town')} of 10,000+ people in ${r.region}`,
        'Complete details (phone, website, prices) so families can act on a listing',
        ...(pending > 0 ? ['Prompt review of listings waiting in Pending Review'] : []),
      ];

      out.push({
        id: `${r.region}|${category}`,
        region: r.region,
        category,
        title: `${category} in ${r.region}`,
        signals,
        priority,
        listingsNeeded,
        peopleOutOfReach: people,
        unmetSearches: signals.includes('demand') ? searches : 0,
        analysis: {
          summary: sentences.join(' '),
          currentState: [
            { label: `Active ${category} listings`, value: num(active) },
            { label: 'Per 100,000 people', value: `${rate1(rate)} (UK and Ireland: ${rate1(national)})` },
            { label: 'Population', value: num(r.population) },
            { label: `Towns of 10,000+ with one within ${C.radiusMiles} miles`, value: `${num(townsInReach)} of ${num(towns.length)}` },
            { label: 'Pending Review', value: num(pending) },
          ],
          marketGap: [
            { label: 'Listings to match the national rate', value: num(target) },
            { label: 'Shortfall against the national rate', value: num(shortfall) },
            { label: 'Towns out of reach', value: `${num(outOfReach.length)} (${num(people)} people)` },
            { label: `Searches that found nothing (${C.unmetSearchDays} days)`, value: num(searches) },
            { label: 'Listings needed', value: num(listingsNeeded) },
          ],
          recommendations,
          estimatedRevenue: revenue,
          timeframe: TIMEFRAME[effort],
          difficulty: DIFFICULTY[effort],
          successFactors,
        },
      });
    }
  }
  return out.sort(
    (a, b) =>
      RANK[a.priority] - RANK[b.priority] ||
      b.peopleOutOfReach - a.peopleOutOfReach ||
      b.unmetSearches - a.unmetSearches ||
      b.listingsNeeded - a.listingsNeeded ||
      a.region.localeCompare(b.region) ||
      a.category.localeCompare(b.category),
  );
}

/**
 * The analysis of one region as a whole (the gap list's 'Analyse'), drawn from its opportunities; null when
 * the rules found none there ('No detailed analysis available for this opportunity.').
 */
export function regionAnalysis(
  region: CoverageRegion,
  opportunities: readonly Opportunity[],
  figures: { active: number; population: number; nationalPer100k: number; townsTotal: number; townsInReach: number; pending: number; unmetSearches: number },
): OpportunityAnalysis | null {
  const mine = opportunities.filter((o) => o.region === region);
  if (mine.length === 0) return null;
  const r = COVERAGE_RULES.allRegions;
  const potential = Math.round(Math.max(r.minPotential, r.factor * figures.active));
  const needed = mine.reduce((a, o) => a + o.listingsNeeded, 0);
  const effort = effortFor(needed);
  const seen = new Set<string>();
  const recommendations = mine
    .flatMap((o) => o.analysis.recommendations.filter((x) => x.title !== 'Offer new listings a featured start'))
    .sort((a, b) => RANK[a.priority] - RANK[b.priority] || RANK[a.effort] - RANK[b.effort])
    .filter((x) => !seen.has(x.title) && seen.add(x.title))
    .slice(0, 5);
  const factors = [...new Set(mine.flatMap((o) => o.analysis.successFactors))].slice(0, 5);
  const rate = per100k(figures.active, figures.population);
  return {
    summary:
      `${region} has ${count(figures.active, 'Active listing')} for about ${num(figures.population)} people (${rate1(rate)} per 100,000; ${rate1(figures.nationalPer100k)} across the UK and Ireland). ` +
      `The rules found ${count(mine.length, 'opportunity', 'opportunities')} here; the first is ${mine[0]!.title}. ${mine[0]!.analysis.summary}`,
    currentState: [
      { label: 'Active listings', value: num(figures.active) },
      { label: 'Per 100,000 people', value: `${rate1(rate)} (UK and Ireland: ${rate1(figures.nationalPer100k)})` },
      { label: 'Population', value: num(figures.population) },
      { label: `Towns of 10,000+ with a listing within ${C.radiusMiles} miles`, value: `${num(figures.townsInReach)} of ${num(figures.townsTotal)}` },
      { label: 'Pending Review', value: num(figures.pending) },
    ],
    marketGap: [
      { label: 'Potential (spec rule: larger of 100 and 1.5 × Active)', value: num(potential) },
      { label: 'Gap to potential', value: num(Math.max(0, potential - figures.active)) },
      { label: 'Categories with an opportunity', value: num(mine.length) },
      { label: 'Listings needed (all opportunities)', value: num(needed) },
      { label: `Searches that found nothing (${C.unmetSearchDays} days)`, value: num(figures.unmetSearches) },
    ],
    recommendations,
    estimatedRevenue: mine.reduce((a, o) => a + o.analysis.estimatedRevenue, 0),
    timeframe: TIMEFRAME[effort],
    difficulty: DIFFICULTY[effort],
    successFactors: factors,
  };
}
