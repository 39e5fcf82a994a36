import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import type { AdminPromotion } from '@afterwards/contracts';
import { timingOf } from '../promotion-runtime';
import { StaffPromotions } from '../staff-promotions/staff-promotions.service';

/** Staff start a scheduled promotion (admin spec: Promotion Management). Answers the promotion after the change. */
@Controller('api/admin/promotions')
export class StartPromotionController {
  constructor(private readonly promotions: StaffPromotions) {}

  /** Start a Scheduled promotion whose start date has come (when auto-start is off in Settings). */
  @Post(':id/start')
  @HttpCode(200)
  async start(@Req() req: HttpRequest, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
    const settings = await this.promotions.settings();
    const today = await this.promotions.today();
    const now = this.promotions.now();
    return this.promotions.change(
      req,
      StaffPromotions.idOf(rawId),
      'promotion_started',
      { type: 'StartPromotion', by: 'staff', today, now, timing: timingOf(settings) },
      StaffPromotions.versionOf(body),
    );
  }
}
