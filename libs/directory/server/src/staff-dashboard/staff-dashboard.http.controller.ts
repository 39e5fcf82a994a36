import { Controller, Get, Header, Inject } from '@nestjs/common';
import { RECENT_ACTIVITY_LIMIT, type Activity, type AdminDashboard } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { staffListingStats } from '../search-staff-listings/search-staff-listings.handler';

/** `GET /api/admin/dashboard`: the four stat cards and Recent Activity, all from read models. */
@Controller('api/admin/dashboard')
export class StaffDashboardController {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async dashboard(): Promise<AdminDashboard> {
    const [listings, promotions, activities] = await Promise.all([
      staffListingStats(this.prisma),
      this.prisma.$queryRaw<{ active: number; revenue: string | null }[]>`
        SELECT (count(*) FILTER (WHERE status = 'Active'))::int AS active,
               (sum(revenue) FILTER (WHERE payment_status = 'Paid'))::text AS revenue
        FROM promotions`,
      this.prisma.staffActivity.findMany({ orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }], take: RECENT_ACTIVITY_LIMIT }),
    ]);
    return {
      stats: {
        totalBusinesses: listings.total,
        activePromotions: promotions[0]?.active ?? 0,
        totalRevenue: Number(promotions[0]?.revenue ?? 0),
        pendingReviews: listings.byStatus['Pending Review'],
      },
      activities: activities.map((a) => ({ id: a.id, type: a.type as Activity['type'], title: a.title, description: a.description, timestamp: a.occurredAt.toISOString() })),
    };
  }
}
