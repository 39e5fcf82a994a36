import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  CreatePromotionRequestSchema,
  EditPromotionRequestSchema,
  PROMOTION_MESSAGES,
  PromotionActionRequestSchema,
  type AdminPromotion,
  type ListingStatus,
} from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProblemError } from '@afterwards/server-kit';
import { termsOf, timingOf } from '../promotion-runtime';
import { StaffPromotions } from './staff-promotions.service';

const version = (body: unknown) => BigInt(PromotionActionRequestSchema.parse(body ?? {}).expectedVersion);

/** Staff changes to promotions (admin spec: Promotion Management). Every route answers the promotion after the change. */
@Controller('api/admin/promotions')
export class PromotionCommandsController {
  constructor(
    private readonly promotions: StaffPromotions,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  /** Create Promotion: priced from Settings on the day; started at once when it starts today and auto-start is on. */
  @Post()
  @HttpCode(201)
  async create(@Req() req: Request, @Body() body: unknown): Promise<AdminPromotion> {
    const input = CreatePromotionRequestSchema.parse(body ?? {});
    const listing = await this.prisma.listing.findUnique({ where: { id: input.listingId }, select: { status: true } });
    if (!listing) throw new ProblemError(400, 'PROMOTION_INVALID', PROMOTION_MESSAGES.selectBusiness, [{ path: 'listingId', message: PROMOTION_MESSAGES.selectBusiness }]);
    const settings = await this.promotions.settings();
    const promotionId = randomUUID();
    return this.promotions.change(req, promotionId, 'promotion_created', {
      type: 'CreatePromotion',
      promotionId,
      listingId: input.listingId,
      listingStatus: listing.status as ListingStatus,
      plan: input.plan,
      terms: termsOf(settings, input.plan),
      startDate: input.startDate,
      endDate: input.endDate,
      position: input.position,
      autoRenew: input.autoRenew,
      today: await this.promotions.today(),
      autoStart: settings.promotionTiming.autoStart,
      maxDurationDays: settings.platformConfig.maxPromotionDuration,
    });
  }

  /** Edit: position and auto-renew while Scheduled or Active; plan and start date while Scheduled. */
  @Put(':id')
  async edit(@Req() req: Request, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
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

  /** Renew: a new period from the current end date at the plan's price today, recorded as revenue. */
  @Post(':id/renew')
  @HttpCode(200)
  async renew(@Req() req: Request, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
    const settings = await this.promotions.settings();
    return this.promotions.change(req, StaffPromotions.idOf(rawId), 'promotion_renewed', (state) => ({ type: 'RenewPromotion', by: 'staff', terms: termsOf(settings, state.plan ?? 'monthly') }), version(body));
  }

  /** Cancel: only while Active; ends today and the business leaves the top of the finder. */
  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Req() req: Request, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
    const today = await this.promotions.today();
    return this.promotions.change(req, StaffPromotions.idOf(rawId), 'promotion_cancelled', { type: 'CancelPromotion', today }, version(body));
  }

  /** Start a Scheduled promotion whose start date has come (when auto-start is off in Settings). */
  @Post(':id/start')
  @HttpCode(200)
  async start(@Req() req: Request, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminPromotion> {
    const settings = await this.promotions.settings();
    const today = await this.promotions.today();
    const now = this.promotions.now();
    return this.promotions.change(req, StaffPromotions.idOf(rawId), 'promotion_started', { type: 'StartPromotion', by: 'staff', today, now, timing: timingOf(settings) }, version(body));
  }
}
