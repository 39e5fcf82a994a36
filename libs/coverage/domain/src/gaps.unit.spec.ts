import { dotTone } from '@afterwards/contracts';
import { categoryGaps, regionGaps, topCounts } from './gaps';

describe('gap analysis', () => {
  it('over all regions: potential is the larger of 100 and 1.5 × the count, gaps over 10 count, the top 5 show', () => {
    const gaps = regionGaps([
      { region: 'London', count: 400 }, // potential 600, gap 200
      { region: 'Wales', count: 0 }, // 100, gap 100
      { region: 'Scotland', count: 91 }, // 136.5 → 137, gap 46
      { region: 'North East', count: 95 }, // 142.5 → 143, gap 48
      { region: 'Ireland', count: 90 }, // 135, gap 45
      { region: 'South West', count: 20 }, // 100, gap 80
      { region: 'East Midlands', count: 0 }, // 100, gap 100 (ties go by name)
      { region: 'Northern Ireland', count: 20 }, // past the top 5
    ]);
    expect(gaps).toEqual([
      { region: 'London', category: null, currentCount: 400, potential: 600, gap: 200 },
      { region: 'East Midlands', category: null, currentCount: 0, potential: 100, gap: 100 },
      { region: 'Wales', category: null, currentCount: 0, potential: 100, gap: 100 },
      { region: 'Northern Ireland', category: null, currentCount: 20, potential: 100, gap: 80 },
      { region: 'South West', category: null, currentCount: 20, potential: 100, gap: 80 },
    ]);
  });

  it('has no gaps to show when there is nothing to count', () => {
    expect(regionGaps([])).toEqual([]);
    expect(categoryGaps('Wales', [])).toEqual([]);
  });

  it('within one region: by category, potential the larger of 20 and 2 × the count, gaps over 5, the top 8', () => {
    const counts = [
      { category: 'Funeral Directors' as const, count: 30 }, // 60, gap 30
      { category: 'Legal Services' as const, count: 15 }, // 30, gap 15
      { category: 'Register Offices' as const, count: 16 }, // 32, gap 16
      { category: 'Charities' as const, count: 5 }, // 20, gap 15
      { category: 'Crematoriums' as const, count: 2 },
      { category: 'Accountants' as const, count: 3 },
      { category: 'Coroner Services' as const, count: 0 },
      { category: 'Religious Services' as const, count: 1 },
      { category: 'Financial Advisors' as const, count: 4 },
      { category: 'Counseling Services' as const, count: 15 }, // 30, gap 15
    ];
    const gaps = categoryGaps('Scotland', counts);
    expect(gaps).toHaveLength(8);
    expect(gaps[0]).toEqual({ region: 'Scotland', category: 'Funeral Directors', currentCount: 30, potential: 60, gap: 30 });
    expect(gaps.map((g) => g.category)).toEqual([
      'Funeral Directors',
      'Coroner Services',
      'Religious Services',
      'Crematoriums',
      'Accountants',
      'Financial Advisors', // gap 16, tied with Register Offices: by name
      'Register Offices',
      'Charities',
    ]);
    // Under the floor the gap is 20 − count.
    expect(categoryGaps('Wales', [{ category: 'Charities', count: 6 }])).toEqual([{ region: 'Wales', category: 'Charities', currentCount: 6, potential: 20, gap: 14 }]);
  });

  it('colours a region dot over 500 green, over 100 yellow, over 10 orange, else red', () => {
    expect([0, 10, 11, 100, 101, 500, 501].map(dotTone)).toEqual(['red', 'red', 'orange', 'orange', 'yellow', 'yellow', 'green']);
  });

  it('ranks counts largest first, ties by name, without zeros', () => {
    expect(topCounts(new Map([['b', 2], ['a', 2], ['c', 5], ['d', 0]]), 3)).toEqual([
      { key: 'c', count: 5 },
      { key: 'a', count: 2 },
      { key: 'b', count: 2 },
    ]);
  });
});
