import type { Activity } from '@afterwards/contracts';
import type { RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { LISTING_STREAM_PREFIX, type ListingEvent } from '@afterwards/directory-domain';
import { PROMOTION_STREAM_PREFIX, type PromotionEvent } from '@afterwards/promotions-domain';
import { PerTransaction, toDomainEvent, type Projection, type ProjectionTx } from '@afterwards/server-kit';

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

/** Names of listings submitted in the batch being applied, written in one statement (an import submits thousands). */
const submittedNames = new PerTransaction<Map<string, string>>(() => new Map());

async function writeSubmittedNames(tx: ProjectionTx): Promise<void> {
  const names = submittedNames.take(tx);
  if (!names || names.size === 0) return;
  await tx.$executeRaw`
    INSERT INTO promotion_activity_listings (listing_id, name)
    SELECT r.listing_id, r.name FROM jsonb_to_recordset(${JSON.stringify([...names].map(([listing_id, name]) => ({ listing_id, name })))}::jsonb) AS r(listing_id uuid, name text)
    ON CONFLICT (listing_id) DO UPDATE SET name = excluded.name`;
}

/** Keeps the business names this projection's rows need, from the listing events in log order. */
async function applyListingEvent(event: ListingEvent, tx: ProjectionTx): Promise<void> {
  const listingId = event.data.listingId;
  if (event.type === 'ListingSubmitted') {
    submittedNames.get(tx).set(listingId, event.data.name);
    return;
  }
  if (event.type === 'ListingEdited' && event.data.changes.name) {
    // Renamed before its name was written: the name waiting to be written changes.
    const pending = submittedNames.get(tx);
    if (pending.has(listingId)) {
      pending.set(listingId, event.data.changes.name);
      return;
    }
    await writeSubmittedNames(tx);
    await tx.$executeRaw`UPDATE promotion_activity_listings SET name = ${event.data.changes.name} WHERE listing_id = ${listingId}::uuid`;
  } else if (event.type === 'ListingDeleted') {
    await writeSubmittedNames(tx);
    await tx.$executeRaw`DELETE FROM promotion_activity_listings WHERE listing_id = ${listingId}::uuid`;
  }
}

/**
 * Promotion rows of `staff_activity` (the directory's projection owns the business rows of the same table).
 * It reads the listing events too, for the names its rows quote, so its rows depend on the log alone and
 * a rebuild writes the same.
 */
export const promotionActivityProjection: Projection = {
  name: 'promotions.staff-activity',
  streamPrefixes: [PROMOTION_STREAM_PREFIX, LISTING_STREAM_PREFIX],
  notifyStaff: true,

  async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    if (recorded.streamId.startsWith(LISTING_STREAM_PREFIX)) {
      await applyListingEvent(toDomainEvent<ListingEvent>(recorded), tx);
      return [];
    }
    const event = toDomainEvent<PromotionEvent>(recorded);
    if (!promotionActivityOf(event, '')) return [];
    const listingId = event.data.listingId;
    await writeSubmittedNames(tx);
    const rows = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM promotion_activity_listings WHERE listing_id = ${listingId}::uuid`;
    const name = rows[0]?.name ?? 'A business';
    const activity = promotionActivityOf(event, name)!;
    // The event id is the row id: a replay writes nothing twice.
    await tx.staffActivity.createMany({
      data: [{ id: recorded.metadata.eventId, listingId, ...activity, occurredAt: new Date(recorded.metadata.occurredAt) }],
      skipDuplicates: true,
    });
    return [event.data.promotionId];
  },

  afterBatch: writeSubmittedNames,

  // A promotion's rows quote its listing's name: both streams in one partition of a rebuild.
  partitionOf: (event) => (event.data as { listingId: string }).listingId,

  tables: [{ name: 'staff_activity', where: "type LIKE 'promotion\\_%'" }, { name: 'promotion_activity_listings' }],

  async snapshot(prisma: PrismaClient): Promise<unknown[]> {
    return prisma.staffActivity.findMany({ where: { type: { startsWith: 'promotion_' } }, orderBy: { id: 'asc' } });
  },
};
