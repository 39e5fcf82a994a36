import fc from 'fast-check';
import { formatPounds } from './money';
import { ratePercent } from './promotions';

describe('formatPounds', () => {
  it('shows the exact figure from Settings, pence included', () => {
    expect(formatPounds(55.5)).toBe('£55.50');
    expect(formatPounds(49)).toBe('£49');
    expect(formatPounds(1234.05)).toBe('£1,234.05');
  });

  it('never rounds a price in pence to the pound (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (pence) => {
        const shown = formatPounds(pence / 100);
        expect(Math.round(Number(shown.replace(/[£,]/g, '')) * 100)).toBe(pence);
      }),
    );
  });
});

describe('ratePercent', () => {
  it('counts at most one conversion per view: 2 conversions after 1 view read 100%, not 200%', () => {
    expect(ratePercent(2, 1)).toBe(100);
    expect(ratePercent(1, 3)).toBe(33.3);
    expect(ratePercent(5, 0)).toBe(0);
  });

  it('stays within 0 to 100% for any counts (property)', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (part, whole) => {
        const rate = ratePercent(part, whole);
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(100);
      }),
    );
  });
});
