import type { RegionFigures } from '@afterwards/contracts';
import { axisMax, categoryStacks, choroplethClasses, classOf, regionSummary, weekLabel } from './coverage-view';

const region = (name: RegionFigures['region'], categories: Record<string, number>, population = 1_000_000): RegionFigures => {
  const active = Object.values(categories).reduce((a, b) => a + b, 0);
  return { region: name, listings: active + 1, active, population, activePer100k: Math.round((active / population) * 1_000_000) / 10, categories };
};

describe('coverage view rules', () => {
  it('shades regions in five equal classes from 0 to a readable top', () => {
    const classes = choroplethClasses([0.4, 3.7, 9.1, 2]);
    expect(classes.map((c) => [c.from, c.to])).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
      [6, 8],
      [8, 10],
    ]);
    expect(classOf(0, classes).from).toBe(0);
    expect(classOf(1.99, classes).from).toBe(0);
    expect(classOf(2, classes).from).toBe(2);
    expect(classOf(9.1, classes).from).toBe(8);
    expect(classOf(12, classes).from).toBe(8);
    // Nothing listed anywhere still gives a legend.
    expect(choroplethClasses([0, 0]).map((c) => c.to)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
  });

  it('stacks categories per region: the top ones by colour, the rest together, fullest region first', () => {
    const { rows, keys } = categoryStacks(
      [region('Wales', { 'Funeral Directors': 3, Charities: 1 }), region('Scotland', { 'Funeral Directors': 5, 'Legal Services': 4, Accountants: 1 }), region('London', {})],
      2,
    );
    expect(keys.map((k) => [k.label, k.value])).toEqual([
      ['Funeral Directors', 8],
      ['Legal Services', 4],
      ['Other categories', 2],
    ]);
    expect(rows.map((r) => [r.region, r.total, r.segments.map((s) => s.value)])).toEqual([
      ['Scotland', 10, [5, 4, 1]],
      ['Wales', 4, [3, 0, 1]],
      ['London', 0, [0, 0, 0]],
    ]);
  });

  it('says a region’s figures in words', () => {
    expect(regionSummary(region('Wales', { Charities: 1 }, 3_000_000))).toBe('Wales: 1 Active listing, 0.0 per 100,000 people (population 3,000,000), 2 listings in all');
  });

  it('labels weeks and rounds chart axes', () => {
    expect(weekLabel('2026-11-16')).toBe('16 Nov');
    expect([0, 1, 3, 7, 42, 999].map(axisMax)).toEqual([1, 1, 3, 8, 50, 1000]);
  });
});
