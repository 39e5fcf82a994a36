import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { PromotableBusinesses } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { promotableBusinesses } from './list-promotable-businesses.handler';

/** `GET /api/admin/promotions/businesses`: the businesses the create form may choose from. */
@Controller('api/admin/promotions')
export class ListPromotableBusinessesController {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  @Get('businesses')
  @Header('Cache-Control', 'no-store')
  async businesses(): Promise<PromotableBusinesses> {
    return { businesses: await promotableBusinesses(this.prisma) };
  }
}
