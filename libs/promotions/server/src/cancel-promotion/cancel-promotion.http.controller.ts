import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import type { AdminPromotion } from '@afterwards/contracts';
import { StaffPromotions } from '../staff-promotions/staff-promotions.service';

/** Staff cancel a promotion (admin spec: Promotion Management). Answers the promotion after the change. */
@Controller('api/admin/promotions')
export class CancelPromotionController {
  constructor(private readonly promotions: StaffPromotions) {}

  /** Cancel: only while Active; ends today and the business leaves the top of the finder. */
  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Req() req: HttpRequest, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
    const today = await this.promotions.today();
    return this.promotions.change(req, StaffPromotions.idOf(rawId), 'promotion_cancelled', { type: 'CancelPromotion', today }, StaffPromotions.versionOf(body));
  }
}
