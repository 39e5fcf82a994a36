import type { ListingCategory } from '@afterwards/contracts';
import { distanceMiles } from '@afterwards/directory-domain';
import {
  demandTowns,
  effortFor,
  estimatedRevenue,
  findOpportunities,
  greedyCover,
  impactFor,
  nearestByCategory,
  priorityFor,
  regionAnalysis,
  regionPopulations,
  type ListingPoint,
  type OpportunityInputs,
} from './index';

const inverness = { name: 'Inverness', latitude: 57.47908, longitude: -4.22398, population: 50_000, featureCode: 'PPLA2' };
const nairn = { name: 'Nairn', latitude: 57.58612, longitude: -3.86919, population: 12_000, featureCode: 'PPL' };
const wick = { name: 'Wick', latitude: 58.43906, longitude: -3.09424, population: 15_000, featureCode: 'PPL' };
const croydon = { name: 'Croydon', latitude: 51.38333, longitude: -0.1, population: 170_000, featureCode: 'PPLA3' };
const village = { name: 'Tain', latitude: 57.81, longitude: -4.05, population: 3_500, featureCode: 'PPL' };

const glasgow = (category: ListingCategory): ListingPoint => ({ category, latitude: 55.8652, longitude: -4.2576 });
const london = (category: ListingCategory, i: number): ListingPoint => ({ category, latitude: 51.5 + i * 0.001, longitude: -0.12 });

function inputs(overrides: Partial<OpportunityInputs> = {}): OpportunityInputs {
  const towns = demandTowns([inverness, nairn, wick, croydon, village]);
  const points = [glasgow('Funeral Directors'), glasgow('Funeral Directors'), ...Array.from({ length: 20 }, (_, i) => london('Funeral Directors', i))];
  return {
    regions: [
      { region: 'Scotland', population: 1_000_000, active: { 'Funeral Directors': 2 }, pending: { 'Funeral Directors': 1 } },
      { region: 'London', population: 1_000_000, active: { 'Funeral Directors': 20 }, pending: {} },
    ],
    towns,
    nearest: nearestByCategory(towns, points, 25),
    unmet: [
      { place: 'Wick', latitude: wick.latitude, longitude: wick.longitude, region: 'Scotland', category: 'Funeral Directors', searches: 2 },
      { place: 'Wick', latitude: wick.latitude, longitude: wick.longitude, region: 'Scotland', category: null, searches: 2 },
    ],
    promotedShare: 0.1,
    monthlyPrice: 79,
    entryPrice: 49,
    ...overrides,
  };
}

describe('opportunity rules', () => {
  it('finds a region short of a category by all three rules, with the figures stated', () => {
    const found = findOpportunities(inputs());
    const o = found.find((x) => x.id === 'Scotland|Funeral Directors')!;
    // Per head: 2 per million against 22 per 2 million (1.1 per 100,000): target 11, shortfall 9.
    // Distance: Inverness, Wick and Nairn are more than 25 miles from Glasgow; Inverness covers Nairn, so 2 picks.
    // Demand: 2 searches for funeral directors and 2 for everything near Wick.
    expect(o).toMatchObject({
      region: 'Scotland',
      category: 'Funeral Directors',
      signals: ['per-head', 'distance', 'demand'],
      listingsNeeded: 9,
      peopleOutOfReach: 77_000,
      unmetSearches: 4,
      priority: 'Medium',
    });
    expect(o.analysis.estimatedRevenue).toBe(853); // 9 × 10% × £79 × 12 = £853.20
    expect(o.analysis.timeframe).toBe('3–6 months');
    expect(o.analysis.difficulty).toBe('Moderate');
    expect(o.analysis.summary).toBe(
      '3 towns of 10,000+ people in Scotland (77,000 people) have no Active Funeral Directors listing within 25 miles: Inverness, Wick and Nairn. ' +
        'Scotland has 0.2 Active Funeral Directors listings per 100,000 people against 1.1 across the UK and Ireland. ' +
        '4 finder searches near Wick found nothing in the last 90 days.',
    );
    expect(o.analysis.currentState).toContainEqual({ label: 'Per 100,000 people', value: '0.2 (UK and Ireland: 1.1)' });
    expect(o.analysis.marketGap).toContainEqual({ label: 'Shortfall against the national rate', value: '9' });
    expect(o.analysis.recommendations.map((r) => [r.title, r.priority, r.effort, r.impact])).toEqual([
      ['Review the 1 waiting Funeral Directors listing', 'High', 'Low', 'Medium'],
      ['Recruit Funeral Directors near Inverness and Wick', 'Medium', 'Low', 'Medium'],
      ['Answer the searches near Wick', 'Medium', 'Low', 'Medium'],
      ['Bring Funeral Directors in Scotland up to the national rate', 'Medium', 'Medium', 'Medium'],
      ['Offer new listings a featured start', 'Low', 'Low', 'Low'],
    ]);
    expect(o.analysis.recommendations[4]!.description).toContain('Promotions start at £49 for 14 days');
  });

  it('states the prices exactly as Settings hold them, pence included', () => {
    const o = findOpportunities(inputs({ entryPrice: 55.5, monthlyPrice: 79.99 })).find((x) => x.id === 'Scotland|Funeral Directors')!;
    expect(o.analysis.recommendations[4]!.description).toContain('Promotions start at £55.50 for 14 days');
    expect(o.analysis.recommendations[4]!.description).toContain('on the monthly plan (£79.99)');
  });

  it('finds nothing where a category is well covered, near and per head', () => {
    const found = findOpportunities(inputs());
    expect(found.find((x) => x.id === 'London|Funeral Directors')).toBeUndefined();
    // A category nobody lists anywhere leaves every town out of reach.
    expect(found.find((x) => x.id === 'London|Crematoriums')).toMatchObject({ signals: ['distance'], listingsNeeded: 1, peopleOutOfReach: 170_000, priority: 'High' });
  });

  it('needs 3 searches for demand, and counts nothing else without it', () => {
    const found = findOpportunities(inputs({ unmet: [{ place: 'Wick', latitude: wick.latitude, longitude: wick.longitude, region: 'Scotland', category: 'Funeral Directors', searches: 2 }] }));
    expect(found.find((x) => x.id === 'Scotland|Funeral Directors')).toMatchObject({ signals: ['per-head', 'distance'], unmetSearches: 0 });
  });

  it('gives the same answer on every run, most important first', () => {
    const a = findOpportunities(inputs());
    const b = findOpportunities(inputs());
    expect(a).toEqual(b);
    const rank = { High: 0, Medium: 1, Low: 2 };
    for (let i = 1; i < a.length; i++) expect(rank[a[i - 1]!.priority]).toBeLessThanOrEqual(rank[a[i]!.priority]);
  });

  it('rates impact, effort and priority by the stated thresholds', () => {
    expect([impactFor(100_000, 0, 0), impactFor(20_000, 0, 0), impactFor(0, 10, 0), impactFor(0, 3, 0), impactFor(0, 0, 5), impactFor(19_999, 2, 4)]).toEqual([
      'High',
      'Medium',
      'High',
      'Medium',
      'Medium',
      'Low',
    ]);
    expect([effortFor(1), effortFor(3), effortFor(4), effortFor(10), effortFor(11)]).toEqual(['Low', 'Low', 'Medium', 'Medium', 'High']);
    expect([priorityFor('High', 'Low'), priorityFor('High', 'High'), priorityFor('Medium', 'Low'), priorityFor('Low', 'Low')]).toEqual(['High', 'Medium', 'Medium', 'Low']);
    expect(estimatedRevenue(3, 0.25, 79)).toBe(711); // 3 × 25% × £79 × 12
    expect(estimatedRevenue(3, 0, 79)).toBe(0);
  });

  it('sums a region up for the gap list, or says there is nothing to analyse', () => {
    const found = findOpportunities(inputs());
    const figures = { active: 2, population: 1_000_000, nationalPer100k: 1.1, townsTotal: 3, townsInReach: 0, pending: 1, unmetSearches: 4 };
    const scotland = regionAnalysis('Scotland', found, figures)!;
    expect(scotland.summary).toMatch(/^Scotland has 2 Active listings for about 1,000,000 people \(0\.2 per 100,000; 1\.1 across the UK and Ireland\)\. The rules found \d+ opportunities here/);
    expect(scotland.marketGap[0]).toEqual({ label: 'Potential (spec rule: larger of 100 and 1.5 × Active)', value: '100' });
    expect(scotland.recommendations.length).toBeGreaterThan(0);
    expect(regionAnalysis('Wales', found, figures)).toBeNull();
  });
});

describe('distances and populations', () => {
  it('finds the nearest listing of each category exactly, or none within the radius', () => {
    const places = [inverness, wick, croydon];
    const points: ListingPoint[] = [
      { category: 'Charities', latitude: 57.5, longitude: -4.1 },
      { category: 'Charities', latitude: 51.4, longitude: -0.3 },
      { category: 'Legal Services', latitude: 58.0, longitude: -3.5 },
    ];
    const near = nearestByCategory(places, points, 40);
    expect(near.get('Charities')![0]).toBeCloseTo(distanceMiles(57.47908, -4.22398, 57.5, -4.1), 9);
    expect(near.get('Charities')![1]).toBeNull();
    expect(near.get('Charities')![2]).toBeCloseTo(distanceMiles(51.38333, -0.1, 51.4, -0.3), 9);
    expect(near.get('Legal Services')![1]).toBeCloseTo(distanceMiles(58.43906, -3.09424, 58.0, -3.5), 9);
    expect(near.get('Funeral Directors')).toBeUndefined();
  });

  it('covers places greedily, the most important first', () => {
    expect(greedyCover([nairn, wick, inverness], (t) => t.population, 25).map((t) => t.name)).toEqual(['Inverness', 'Wick']);
  });

  it('sums people per region, leaving out city sections and places a big city already counts', () => {
    const totals = regionPopulations([
      { name: 'London', latitude: 51.50853, longitude: -0.12574, population: 7_556_900, featureCode: 'PPLC' },
      { name: 'Islington', latitude: 51.53622, longitude: -0.10304, population: 319_143, featureCode: 'PPLA3' }, // within 15 km of London
      { name: 'Brent', latitude: 51.5588, longitude: -0.2817, population: 329_100, featureCode: 'PPLX' },
      { name: 'Romford', latitude: 51.57515, longitude: 0.18582, population: 95_000, featureCode: 'PPL' }, // 23 km out
      inverness,
      village,
    ]);
    expect(totals.London).toBe(7_556_900 + 95_000);
    expect(totals.Scotland).toBe(50_000 + 3_500);
    expect(totals.Wales).toBe(0);
  });

  it('takes towns of 10,000+ people as the places to reach, with their regions, a big city counting for its boroughs', () => {
    expect(demandTowns([village, wick, croydon]).map((t) => [t.name, t.region])).toEqual([
      ['Croydon', 'London'],
      ['Wick', 'Scotland'],
    ]);
    const london = { name: 'London', latitude: 51.50853, longitude: -0.12574, population: 7_556_900, featureCode: 'PPLC' };
    const islington = { name: 'Islington', latitude: 51.53622, longitude: -0.10304, population: 319_143, featureCode: 'PPLA3' };
    expect(demandTowns([london, islington, wick]).map((t) => t.name)).toEqual(['London', 'Wick']);
  });
});
