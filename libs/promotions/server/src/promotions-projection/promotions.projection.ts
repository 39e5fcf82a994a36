import { unhandled } from '@afterwards/contracts';
import { changedRow, staffTableProjection } from '@afterwards/server-kit';
import { PROMOTION_STREAM_PREFIX, type PromotionEvent } from '@afterwards/promotions-domain';

/** Calendar dates are stored as `date`; Prisma wants them as midnight UTC. */
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

/** Projects promotion streams into `promotions`, the table the staff screen, dashboard and jobs' sweep read. */
export const promotionsProjection = staffTableProjection<PromotionEvent>({
  name: 'promotions.promotions',
  streamPrefix: PROMOTION_STREAM_PREFIX,
  table: 'promotions',

  async apply({ event, at, version }, tx) {
    const id = event.data.promotionId;
    if (event.type === 'PromotionCreated') {
      const d = event.data;
      const row = {
        listingId: d.listingId,
        promotionType: d.plan,
        startDate: day(d.startDate),
        endDate: day(d.endDate),
        durationDays: d.durationDays,
        amount: d.amount,
        revenue: d.paymentStatus === 'Paid' ? d.amount : 0,
        status: 'Scheduled',
        paymentStatus: d.paymentStatus,
        autoRenew: d.autoRenew,
        position: d.position,
        period: 1,
        warnedPeriod: 0,
        remindedPeriod: 0,
        startedAt: null,
        endedAt: null,
        version,
        createdAt: at,
        updatedAt: at,
      };
      await tx.promotion.upsert({ where: { id }, create: { id, ...row }, update: row });
      return [id];
    }
    // Idempotent: a replayed event whose revision the row already has matches no row.
    const where = { id, version: { lt: version } };
    const data = { version, updatedAt: at };
    switch (event.type) {
      case 'PromotionStarted':
        return changedRow(await tx.promotion.updateMany({ where, data: { ...data, status: 'Active', startedAt: at } }), id);
      case 'PromotionChanged': {
        const c = event.data.changes;
        const row = await tx.promotion.findUnique({ where: { id }, select: { amount: true, revenue: true } });
        return changedRow(
          await tx.promotion.updateMany({
            where,
            data: {
              ...data,
              ...(c.plan !== undefined ? { promotionType: c.plan } : {}),
              ...(c.startDate !== undefined ? { startDate: day(c.startDate) } : {}),
              ...(c.endDate !== undefined ? { endDate: day(c.endDate) } : {}),
              ...(c.durationDays !== undefined ? { durationDays: c.durationDays } : {}),
              ...(c.amount !== undefined && row ? { amount: c.amount, revenue: row.revenue.toNumber() - row.amount.toNumber() + c.amount } : {}),
              ...(c.position !== undefined ? { position: c.position } : {}),
              ...(c.autoRenew !== undefined ? { autoRenew: c.autoRenew } : {}),
            },
          }),
          id,
        );
      }
      case 'PromotionRenewed':
        return changedRow(
          await tx.promotion.updateMany({
            where,
            data: { ...data, period: event.data.period, endDate: day(event.data.endDate), durationDays: event.data.durationDays, amount: event.data.amount, revenue: { increment: event.data.amount } },
          }),
          id,
        );
      case 'PromotionCancelled':
        return changedRow(await tx.promotion.updateMany({ where, data: { ...data, status: 'Cancelled', endDate: day(event.data.cancelledOn), endedAt: at } }), id);
      case 'PromotionRenewalReminded':
        return changedRow(await tx.promotion.updateMany({ where, data: { ...data, remindedPeriod: event.data.period } }), id);
      case 'PromotionExpiryWarned':
        return changedRow(await tx.promotion.updateMany({ where, data: { ...data, warnedPeriod: event.data.period } }), id);
      case 'PromotionExpired':
        return changedRow(await tx.promotion.updateMany({ where, data: { ...data, status: 'Expired', endedAt: at } }), id);
      default:
        return unhandled('Unhandled promotion event', event);
    }
  },

  async snapshot(prisma) {
    const rows = await prisma.promotion.findMany({ orderBy: { id: 'asc' } });
    return rows.map((r) => ({ ...r, amount: r.amount.toString(), revenue: r.revenue.toString() }));
  },
});
