import { distanceMiles, roundMiles } from './distance';

describe('distance', () => {
  it('measures London to Manchester as about 163 miles', () => {
    expect(roundMiles(distanceMiles(51.50853, -0.12574, 53.48095, -2.23743))).toBeCloseTo(163.0, 0);
  });
  it('is zero for the same point and rounds to 0.1 mile', () => {
    expect(distanceMiles(53.8, -1.55, 53.8, -1.55)).toBe(0);
    expect(roundMiles(2.349)).toBe(2.3);
    expect(roundMiles(2.35)).toBe(2.4);
  });
});
