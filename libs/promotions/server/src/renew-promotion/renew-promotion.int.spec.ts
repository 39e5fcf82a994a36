import { staffPromotionsSuite } from '../staff-promotions/staff-promotions.testing';
import { RenewPromotionController } from './renew-promotion.http.controller';

describe('renewing a promotion', () => {
  const side = staffPromotionsSuite();
  const route = () => new RenewPromotionController(side().promotions);

  it("adds a period from the end date at the day's price, as revenue, and audits it", async () => {
    const promotion = await side().promoted('monthly');
    const price = side().settings.promotionPricing.monthly.price;
    const renewed = await route().renew(side().staff, promotion.id, { expectedVersion: promotion.version });
    expect(renewed).toMatchObject({ period: 2, startDate: promotion.startDate, revenue: 2 * price });
    expect(renewed.endDate > promotion.endDate).toBe(true);
    expect((await side().audits()).find((a) => a.record_id === promotion.id && a.action === 'promotion_renewed')).toBeDefined();
  });

  it('refuses a renewal asked on an older version, so one click never pays twice', async () => {
    const promotion = await side().promoted('monthly');
    await route().renew(side().staff, promotion.id, { expectedVersion: promotion.version });
    await expect(route().renew(side().staff, promotion.id, { expectedVersion: promotion.version })).rejects.toMatchObject({ status: 409, code: 'PROMOTION_CHANGED' });
  });
});
