import { median, percentile, summarise } from './stats';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(summarise([3, 1, 2])).toEqual({ count: 3, p50: 2, p99: 3, max: 3 });
  });
});

describe('median', () => {
  it('takes the middle figure, or the mean of the middle two, whatever the order', () => {
    expect(median([0.61, 0.25, 0.58])).toBe(0.58);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
