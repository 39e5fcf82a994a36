import type { Activity } from '@afterwards/contracts';
import type { RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { PROMOTION_STREAM_PREFIX, type PromotionEvent } from '@afterwards/promotions-domain';
import type { Projection, ProjectionTx } from '@afterwards/server-kit';

type ActivityRow = Pick<Activity, 'type' | 'title' | 'description'>;
const pounds = (n: number) => `£${n.toFixed(2)}`;
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** What the dashboard's Recent Activity says about a promotion event, or null for those it does not list. */
export function promotionActivityOf(event: PromotionEvent, name: string): ActivityRow | null {
  switch (event.type) {
    case 'PromotionCreated':
      return { type: 'promotion_created', title: 'Promotion created', description: `${name}: ${event.data.plan}, ${event.data.startDate} to ${event.data.endDate} (${pounds(event.data.amount)})` };
    case 'PromotionStarted':
      return { type: 'promotion_started', title: 'Promotion started', description: `${name} is featured at position ${event.data.position}` };
    case 'PromotionRenewed':
      return { type: 'promotion_renewed', title: event.data.auto ? 'Promotion renewed automatically' : 'Promotion renewed', description: `${name} until ${event.data.endDate} (${pounds(event.data.amount)})` };
    case 'PromotionCancelled':
      return { type: 'promotion_cancelled', title: 'Promotion cancelled', description: `${name} is no longer featured` };
    case 'PromotionExpiryWarned':
      return { type: 'promotion_expiry_warned', title: 'Promotion ending soon', description: `${name}: ${days(event.data.daysLeft)} left (ends ${event.data.endDate}); the business was e-mailed` };
    case 'PromotionExpired':
      return { type: 'promotion_expired', title: 'Promotion expired', description: `${name}'s promotion ended on ${event.data.endDate}` };
    default:
      return null;
  }
}

/** Promotion rows of `staff_activity` (the directory's projection owns the business rows of the same table). */
export const promotionActivityProjection: Projection = {
  name: 'promotions.staff-activity',
  streamPrefixes: [PROMOTION_STREAM_PREFIX],
  notifyStaff: true,

  async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    const event = { type: recorded.type, data: recorded.data } as PromotionEvent;
    if (!promotionActivityOf(event, '')) return [];
    const listingId = event.data.listingId;
    const name = (await tx.staffActivityListing.findUnique({ where: { listingId } }))?.name ?? 'A business';
    const activity = promotionActivityOf(event, name)!;
    // The event id is the row id: a replay writes nothing twice.
    await tx.staffActivity.createMany({
      data: [{ id: recorded.metadata.eventId, listingId, ...activity, occurredAt: new Date(recorded.metadata.occurredAt) }],
      skipDuplicates: true,
    });
    return [event.data.promotionId];
  },

  async reset(tx: ProjectionTx): Promise<void> {
    await tx.staffActivity.deleteMany({ where: { type: { startsWith: 'promotion_' } } });
  },

  async snapshot(prisma: PrismaClient): Promise<unknown[]> {
    return prisma.staffActivity.findMany({ where: { type: { startsWith: 'promotion_' } }, orderBy: { id: 'asc' } });
  },
};
