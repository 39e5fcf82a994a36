import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CreatePromotionRequestSchema, PROMOTION_MESSAGES, type AdminPromotion, type ListingStatus } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProblemError, type HttpRequest } from '@afterwards/server-kit';
import { termsOf } from '../promotion-runtime';
import { StaffPromotions } from '../staff-promotions/staff-promotions.service';

/** Staff sell a promotion (admin spec: Promotion Management). Answers the promotion as created. */
@Controller('api/admin/promotions')
export class CreatePromotionController {
  constructor(
    private readonly promotions: StaffPromotions,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  /** Create Promotion: priced from Settings on the day; started at once when it starts today and auto-start is on. */
  @Post()
  @HttpCode(201)
  async create(@Req() req: HttpRequest, @Body() body: unknown): Promise<AdminPromotion> {
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
}
