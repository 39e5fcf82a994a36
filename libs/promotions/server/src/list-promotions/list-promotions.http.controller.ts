import { Controller, Get, Header, Inject, Query } from '@nestjs/common';
import type { AdminPromotionList, PromotionListQuery } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { StaffPromotions } from '../staff-promotions/staff-promotions.service';
import { listStaffPromotions } from './list-promotions.handler';

/** `GET /api/admin/promotions`: the promotions with their figures and tiles. */
@Controller('api/admin/promotions')
export class ListPromotionsController {
  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    private readonly promotions: StaffPromotions,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async list(@Query() query: PromotionListQuery): Promise<AdminPromotionList> {
    return listStaffPromotions(this.prisma, query, await this.promotions.today());
  }

}
