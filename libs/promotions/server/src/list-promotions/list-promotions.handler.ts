import {
  EXPIRING_SOON_DAYS,
  PromotionListQuerySchema,
  ratePercent,
  type AdminPromotion,
  type AdminPromotionList,
  type ListingCategory,
  type ListingStatus,
  type PromotionListQuery,
} from '@afterwards/contracts';
import { Prisma, type PrismaClient } from '@afterwards/persistence';
import { daysBetween } from '@afterwards/checklist-domain';
import { placePaused } from '@afterwards/promotions-domain';

/**
 * Active promotions that feature their business now (its business is Active) and those whose place is
 * paused (decision 0048): one query for the Promotions tiles and the dashboard, so they always agree with
 * each other and with the Promoted tile of Local Businesses.
 */
export const activePromotionCounts = Prisma.sql`
  SELECT (count(*) FILTER (WHERE l.status = 'Active'))::int AS active,
         (count(*) FILTER (WHERE l.status IS DISTINCT FROM 'Active'))::int AS paused
  FROM promotions p LEFT JOIN listings l ON l.id = p.listing_id
  WHERE p.status = 'Active'`;

/** The newest this many matching promotions are listed; the stat tiles count them all. */
export const PROMOTION_LIST_LIMIT = 200;

interface PromotionRow {
  id: string;
  listing_id: string;
  promotion_type: AdminPromotion['plan'];
  start_date: string;
  end_date: string;
  duration_days: number;
  amount: string;
  revenue: string;
  period: number;
  status: AdminPromotion['status'];
  payment_status: AdminPromotion['paymentStatus'];
  auto_renew: boolean;
  position: number;
  version: string;
  created_at: Date;
  business_name: string | null;
  business_category: ListingCategory | null;
  business_location: string | null;
  business_status: ListingStatus | null;
  views: string;
  clicks: string;
  conversions: string;
}

const SELECT = Prisma.sql`
  SELECT p.id::text, p.listing_id::text, p.promotion_type, p.start_date::text, p.end_date::text, p.duration_days,
         p.amount::text, p.revenue::text, p.period, p.status, p.payment_status, p.auto_renew, p.position,
         p.version::text, p.created_at,
         l.name AS business_name, l.category AS business_category, l.location AS business_location, l.status AS business_status,
         coalesce(f.views, 0)::text AS views, coalesce(f.clicks, 0)::text AS clicks, coalesce(f.conversions, 0)::text AS conversions
  FROM promotions p
  LEFT JOIN listings l ON l.id = p.listing_id
  LEFT JOIN promotion_figures f ON f.promotion_id = p.id`;

function toView(row: PromotionRow, today: string): AdminPromotion {
  const views = Number(row.views);
  const clicks = Number(row.clicks);
  const conversions = Number(row.conversions);
  return {
    id: row.id,
    listingId: row.listing_id,
    businessName: row.business_name ?? 'A removed business',
    businessCategory: row.business_category,
    businessLocation: row.business_location,
    businessStatus: row.business_status,
    plan: row.promotion_type,
    startDate: row.start_date,
    endDate: row.end_date,
    durationDays: row.duration_days,
    amount: Number(row.amount),
    revenue: Number(row.revenue),
    period: row.period,
    status: row.status,
    placePaused: placePaused({ status: row.status }, row.business_status),
    paymentStatus: row.payment_status,
    autoRenew: row.auto_renew,
    position: row.position,
    daysRemaining: daysBetween(today, row.end_date),
    views,
    clicks,
    conversions,
    clickThroughRate: ratePercent(clicks, views),
    conversionRate: ratePercent(conversions, views),
    version: Number(row.version),
    createdAt: row.created_at.toISOString(),
  };
}

export async function findStaffPromotion(prisma: PrismaClient, id: string, today: string): Promise<AdminPromotion | undefined> {
  const rows = await prisma.$queryRaw<PromotionRow[]>`${SELECT} WHERE p.id = ${id}::uuid`;
  return rows[0] ? toView(rows[0], today) : undefined;
}

/** The staff list: filters, newest first, and the stat tiles over every promotion. */
export async function listStaffPromotions(prisma: PrismaClient, rawQuery: PromotionListQuery, today: string): Promise<AdminPromotionList> {
  const query = PromotionListQuerySchema.parse(rawQuery);
  const where: Prisma.Sql[] = [];
  if (query.status) where.push(Prisma.sql`p.status = ${query.status}`);
  if (query.listingId) where.push(Prisma.sql`p.listing_id = ${query.listingId}::uuid`);
  if (query.plan) where.push(Prisma.sql`p.promotion_type = ${query.plan}`);
  if (query.q) where.push(Prisma.sql`lower(coalesce(l.name, '') || ' ' || coalesce(l.location, '')) LIKE ${`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const filter = where.length ? Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}` : Prisma.empty;
  const [rows, stats, running] = await Promise.all([
    prisma.$queryRaw<PromotionRow[]>`${SELECT} ${filter} ORDER BY p.created_at DESC, p.id DESC LIMIT ${PROMOTION_LIST_LIMIT}`,
    prisma.$queryRaw<{ total: number; scheduled: number; expiring: number; revenue: string | null }[]>`
      SELECT count(*)::int AS total,
             (count(*) FILTER (WHERE status = 'Scheduled'))::int AS scheduled,
             (count(*) FILTER (WHERE status = 'Active' AND end_date - ${today}::date BETWEEN 1 AND ${EXPIRING_SOON_DAYS}))::int AS expiring,
             (sum(revenue) FILTER (WHERE payment_status = 'Paid'))::text AS revenue
      FROM promotions`,
    prisma.$queryRaw<{ active: number; paused: number }[]>`${activePromotionCounts}`,
  ]);
  const s = stats[0]!;
  const r = running[0]!;
  return {
    promotions: rows.map((r) => toView(r, today)),
    stats: { total: s.total, active: r.active, paused: r.paused, scheduled: s.scheduled, expiringSoon: s.expiring, revenue: Number(s.revenue ?? 0) },
    today,
  };
}
