import { defineJob, type JobQueue } from '@afterwards/jobs';
import type { PromotionPlan, PromotionStatus, PaymentStatus } from '@afterwards/contracts';
import type { Promotion } from '@afterwards/persistence';
import type { PromotionState } from '@afterwards/promotions-domain';
import { timingOf, type PromotionRuntime } from '../promotion-runtime';
import { scheduleDueWork } from './promotion-due.job';

/** Every minute, and at once when a worker starts: nothing due is ever left waiting for a lost job. */
export const promotionSweepJob = defineJob<null>('promotions.sweep', { removeOnComplete: 10 });
export const PROMOTION_SWEEP_EVERY_MS = 60_000;
const CHUNK = 200;

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The aggregate's state as the read model holds it: enough to know what is due. */
export function stateOfRow(row: Promotion): PromotionState {
  return {
    exists: true,
    promotionId: row.id,
    listingId: row.listingId,
    status: row.status as PromotionStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    plan: row.promotionType as PromotionPlan,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    durationDays: row.durationDays,
    amount: row.amount.toNumber(),
    revenue: row.revenue.toNumber(),
    position: row.position,
    autoRenew: row.autoRenew,
    period: row.period,
    warnedPeriod: row.warnedPeriod,
    remindedPeriod: row.remindedPeriod,
  };
}

/**
 * Schedules the timed work of every open promotion that falls due within `horizonMs` (all of it when
 * Infinity), including work whose time has passed: after Redis lost its data, or a worker was down,
 * this is what catches up. Work already queued is deduplicated by its key; done work is a no-op.
 */
export async function sweepDueWork(rt: Pick<PromotionRuntime, 'settings' | 'clock' | 'prisma'>, queue: JobQueue, horizonMs = 2 * PROMOTION_SWEEP_EVERY_MS): Promise<{ open: number; scheduled: number }> {
  const settings = await rt.settings();
  const timing = timingOf(settings);
  const now = rt.clock.now();
  const rows = await rt.prisma.promotion.findMany({ where: { status: { in: ['Scheduled', 'Active'] } } });
  let scheduled = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const added = await Promise.all(
      rows.slice(i, i + CHUNK).map((row) => scheduleDueWork(queue, now, row.id, stateOfRow(row), timing, horizonMs)),
    );
    scheduled += added.reduce((a, b) => a + b, 0);
  }
  return { open: rows.length, scheduled };
}
