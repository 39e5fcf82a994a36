import { PROMOTION_MESSAGES } from '@afterwards/contracts';
import { staffPromotionsSuite } from '../staff-promotions/staff-promotions.testing';
import { CreatePromotionController } from './create-promotion.http.controller';

describe('Create Promotion', () => {
  const side = staffPromotionsSuite();

  it('sells a promotion priced from Settings, started at once when it starts today, and audits it whole', async () => {
    const promotion = await side().promoted('monthly');
    expect(promotion).toMatchObject({ status: 'Active', plan: 'monthly', amount: side().settings.promotionPricing.monthly.price, period: 1, startDate: side().today() });
    const audit = (await side().audits()).find((a) => a.record_id === promotion.id);
    expect(audit).toMatchObject({ action: 'promotion_created', table_name: 'promotions', old_values: null });
  });

  it('asks to select a business when the listing does not exist', async () => {
    const route = new CreatePromotionController(side().promotions, side().prisma);
    const missing = route.create(side().staff, { listingId: crypto.randomUUID(), plan: 'monthly', startDate: side().today(), position: 1 });
    await expect(missing).rejects.toMatchObject({ status: 400, code: 'PROMOTION_INVALID', message: PROMOTION_MESSAGES.selectBusiness });
  });
});
