import { PROMOTION_MESSAGES } from '@afterwards/contracts';
import { addDays } from '@afterwards/checklist-domain';
import { staffPromotionsSuite } from '../staff-promotions/staff-promotions.testing';
import { CancelPromotionController } from './cancel-promotion.http.controller';

describe('cancelling a promotion', () => {
  const side = staffPromotionsSuite();
  const route = () => new CancelPromotionController(side().promotions);

  it('ends an Active promotion today and audits it', async () => {
    const promotion = await side().promoted();
    await expect(route().cancel(side().staff, promotion.id, { expectedVersion: promotion.version })).resolves.toMatchObject({ status: 'Cancelled', endDate: side().today() });
    expect((await side().audits()).find((a) => a.record_id === promotion.id && a.action === 'promotion_cancelled')).toMatchObject({ new_values: { status: 'Cancelled' } });
  });

  it('refuses a promotion that has not started, in the spec words', async () => {
    const scheduled = await side().promoted('monthly', { startDate: addDays(side().today(), 5) });
    await expect(route().cancel(side().staff, scheduled.id, { expectedVersion: scheduled.version })).rejects.toMatchObject({ message: PROMOTION_MESSAGES.cancelOnlyActive });
  });
});
