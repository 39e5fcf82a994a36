import { PROMOTION_MESSAGES } from '@afterwards/contracts';
import { staffPromotionsSuite } from '../staff-promotions/staff-promotions.testing';
import { EditPromotionController } from './edit-promotion.http.controller';

describe('editing a promotion', () => {
  const side = staffPromotionsSuite();
  const route = () => new EditPromotionController(side().promotions);

  it('moves an Active promotion to another position on the version staff saw, and audits only that', async () => {
    const promotion = await side().promoted();
    await expect(route().edit(side().staff, promotion.id, { expectedVersion: promotion.version, position: 3 })).resolves.toMatchObject({ position: 3 });
    const audit = (await side().audits()).find((a) => a.record_id === promotion.id && a.action === 'promotion_updated');
    expect(audit).toMatchObject({ old_values: { position: 1 }, new_values: { position: 3 } });
  });

  it('refuses an edit made on an older version with 409 PROMOTION_CHANGED in words', async () => {
    const promotion = await side().promoted();
    await route().edit(side().staff, promotion.id, { expectedVersion: promotion.version, position: 2 });
    await expect(route().edit(side().staff, promotion.id, { expectedVersion: promotion.version, position: 4 })).rejects.toMatchObject({
      status: 409,
      code: 'PROMOTION_CHANGED',
      message: PROMOTION_MESSAGES.changed,
    });
  });
});
