import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AdminPromotion } from '@afterwards/contracts';
import { termsOf, timingOf } from '../promotion-runtime';
import { StaffPromotions } from '../staff-promotions/staff-promotions.service';

/** Staff start, renew or cancel a promotion (admin spec: Promotion Management). Each answers the promotion after the change. */
@Controller('api/admin/promotions')
export class PromotionLifecycleController {
  constructor(private readonly promotions: StaffPromotions) {}

  /** Start a Scheduled promotion whose start date has come (when auto-start is off in Settings). */
  @Post(':id/start')
  @HttpCode(200)
  async start(@Req() req: Request, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
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

  /** Renew: a new period from the current end date at the plan's price today, recorded as revenue. */
  @Post(':id/renew')
  @HttpCode(200)
  async renew(@Req() req: Request, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
    const settings = await this.promotions.settings();
    return this.promotions.change(
      req,
      StaffPromotions.idOf(rawId),
      'promotion_renewed',
      (state) => ({ type: 'RenewPromotion', by: 'staff', terms: termsOf(settings, state.plan ?? 'monthly') }),
      StaffPromotions.versionOf(body),
    );
  }

  /** Cancel: only while Active; ends today and the business leaves the top of the finder. */
  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Req() req: Request, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
    const today = await this.promotions.today();
    return this.promotions.change(req, StaffPromotions.idOf(rawId), 'promotion_cancelled', { type: 'CancelPromotion', today }, StaffPromotions.versionOf(body));
  }
}
