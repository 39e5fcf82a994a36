import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { EditPromotionRequestSchema, type AdminPromotion } from '@afterwards/contracts';
import { termsOf } from '../promotion-runtime';
import { StaffPromotions } from '../staff-promotions/staff-promotions.service';

/** Staff edit a promotion (admin spec: Promotion Management). Answers the promotion after the change. */
@Controller('api/admin/promotions')
export class EditPromotionController {
  constructor(private readonly promotions: StaffPromotions) {}

  /** Edit: position and auto-renew while Scheduled or Active; plan and start date while Scheduled. */
  @Put(':id')
  async edit(@Req() req: HttpRequest, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
    const id = StaffPromotions.idOf(rawId);
    const { expectedVersion, ...changes } = EditPromotionRequestSchema.parse(body ?? {});
    const settings = await this.promotions.settings();
    const today = await this.promotions.today();
    return this.promotions.change(
      req,
      id,
      'promotion_updated',
      (state) => ({ type: 'ChangePromotion', changes, terms: termsOf(settings, changes.plan ?? state.plan ?? 'monthly'), today, maxDurationDays: settings.platformConfig.maxPromotionDuration }),
      BigInt(expectedVersion),
    );
  }
}
