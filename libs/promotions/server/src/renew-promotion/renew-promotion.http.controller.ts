import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import type { AdminPromotion } from '@afterwards/contracts';
import { termsOf } from '../promotion-runtime';
import { StaffPromotions } from '../staff-promotions/staff-promotions.service';

/** Staff renew a promotion (admin spec: Promotion Management). Answers the promotion after the change. */
@Controller('api/admin/promotions')
export class RenewPromotionController {
  constructor(private readonly promotions: StaffPromotions) {}

  /** Renew: a new period from the current end date at the plan's price today, recorded as revenue. */
  @Post(':id/renew')
  @HttpCode(200)
  async renew(@Req() req: HttpRequest, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
    const settings = await this.promotions.settings();
    return this.promotions.change(
      req,
      StaffPromotions.idOf(rawId),
      'promotion_renewed',
      (state) => ({ type: 'RenewPromotion', by: 'staff', terms: termsOf(settings, state.plan ?? 'monthly') }),
      StaffPromotions.versionOf(body),
    );
  }
}
