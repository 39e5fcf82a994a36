import { PROMOTION_MESSAGES } from '@afterwards/contracts';
import { staffPromotionsSuite } from '../staff-promotions/staff-promotions.testing';
import { StartPromotionController } from './start-promotion.http.controller';

describe('starting a scheduled promotion', () => {
  const side = staffPromotionsSuite();
  const route = () => new StartPromotionController(side().promotions);

  it('starts one whose start date has come when auto-start is off, and audits it', async () => {
    side().settings.promotionTiming.autoStart = false;
    const scheduled = await side().promoted();
    expect(scheduled.status).toBe('Scheduled');
    await expect(route().start(side().staff, scheduled.id, { expectedVersion: scheduled.version })).resolves.toMatchObject({ status: 'Active' });
    expect((await side().audits()).find((a) => a.record_id === scheduled.id && a.action === 'promotion_started')).toMatchObject({ new_values: { status: 'Active' } });
  });

  it('answers 404 naming what was asked for when it cannot be a promotion', async () => {
    await expect(route().start(side().staff, 'not-a-promotion', { expectedVersion: 0 })).rejects.toMatchObject({
      status: 404,
      code: 'PROMOTION_NOT_FOUND',
      message: PROMOTION_MESSAGES.notFound('not-a-promotion'),
    });
  });
});
