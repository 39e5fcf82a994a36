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
      // Active Promotions counts those featuring their business now (an Active business), as the Promotions
      // tiles do (list-promotions activePromotionCounts); paused ones, on a suspended business, apart.
      this.prisma.$queryRaw<{ active: number; paused: number; revenue: string | null }[]>`
        SELECT (count(*) FILTER (WHERE p.status = 'Active' AND l.status = 'Active'))::int AS active,
               (count(*) FILTER (WHERE p.status = 'Active' AND l.status IS DISTINCT FROM 'Active'))::int AS paused,
               (sum(p.revenue) FILTER (WHERE p.payment_status = 'Paid'))::text AS revenue
        FROM promotions p LEFT JOIN listings l ON l.id = p.listing_id`,
      this.prisma.staffActivity.findMany({ orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }], take: RECENT_ACTIVITY_LIMIT }),
    ]);
    return {
      stats: {
        totalBusinesses: listings.total,
        activePromotions: promotions[0]?.active ?? 0,
        pausedPromotions: promotions[0]?.paused ?? 0,
        totalRevenue: Number(promotions[0]?.revenue ?? 0),
        pendingReviews: listings.byStatus['Pending Review'],
      },
      activities: activities.map((a) => ({ id: a.id, type: a.type as Activity['type'], title: a.title, description: a.description, timestamp: a.occurredAt.toISOString() })),
    };
  }
}
