import type { RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { PerTransaction, toDomainEvent, type Projection, type ProjectionTx } from '@afterwards/server-kit';
import { LISTING_STREAM_PREFIX, type ListingEvent } from '@afterwards/directory-domain';
import type { Activity } from '@afterwards/contracts';

type ActivityRow = Pick<Activity, 'type' | 'title' | 'description'>;

/** What the dashboard says about a listing event, or null for events it does not list. */
export function activityOf(event: ListingEvent, name: string): ActivityRow | null {
  switch (event.type) {
    case 'ListingSubmitted':
      return { type: 'business_created', title: 'New business added', description: `${name} (${event.data.category}, ${event.data.location})` };
    case 'ListingApproved':
      return { type: 'business_approved', title: 'Business approved', description: `${name} is now live in the directory` };
    case 'ListingRejected':
      return { type: 'business_rejected', title: 'Business rejected', description: `${name}: ${event.data.reason}` };
    case 'ListingSuspended':
      return { type: 'business_suspended', title: 'Business suspended', description: `${name}: ${event.data.reason}` };
    default:
      return null;
  }
}

/** Submissions of the batch being applied: each listing's name and its 'New business added' row. */
interface Submitted {
  readonly names: Map<string, string>;
  readonly activity: { id: string; listing_id: string; type: string; title: string; description: string; occurred_at: string }[];
}
const submitted = new PerTransaction<Submitted>(() => ({ names: new Map(), activity: [] }));

/** Writes the collected submissions in two statements instead of two per listing (an import submits thousands at once). */
async function writeSubmitted(tx: ProjectionTx): Promise<void> {
  const batch = submitted.take(tx);
  if (!batch || batch.names.size === 0) return;
  const names = [...batch.names].map(([listing_id, name]) => ({ listing_id, name }));
  await tx.$executeRaw`
    INSERT INTO staff_activity_listings (listing_id, name)
    SELECT r.listing_id, r.name FROM jsonb_to_recordset(${JSON.stringify(names)}::jsonb) AS r(listing_id uuid, name text)
    ON CONFLICT (listing_id) DO UPDATE SET name = excluded.name`;
  // The event id is the row id: a replay writes nothing twice.
  await tx.$executeRaw`
    INSERT INTO staff_activity (id, type, listing_id, title, description, occurred_at)
    SELECT r.id, r.type, r.listing_id, r.title, r.description, r.occurred_at
    FROM jsonb_to_recordset(${JSON.stringify(batch.activity)}::jsonb) AS r(id uuid, type text, listing_id uuid, title text, description text, occurred_at timestamptz)
    ON CONFLICT DO NOTHING`;
}

/**
 * Recent Activity (admin spec: Dashboard) from the event log. It keeps the listing names it needs in a
 * table of its own, so it can be rebuilt without depending on the listings projection. Every listing
 * event is a change staff screens hear of.
 */
export const staffActivityProjection: Projection = {
  name: 'directory.staff-activity',
  streamPrefixes: [LISTING_STREAM_PREFIX],
  notifyStaff: true,

  async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    const event = toDomainEvent<ListingEvent>(recorded);
    const listingId = event.data.listingId;
    if (event.type === 'ListingSubmitted') {
      const activity = activityOf(event, event.data.name)!;
      const batch = submitted.get(tx);
      batch.names.set(listingId, event.data.name);
      batch.activity.push({ id: recorded.metadata.eventId, listing_id: listingId, ...activity, occurred_at: recorded.metadata.occurredAt });
      return [listingId];
    }
    // A listing submitted earlier in the batch and not yet written: its name is here, its rows join the batch's.
    const batch = submitted.get(tx);
    const pendingName = event.type === 'ListingDeleted' ? undefined : batch.names.get(listingId);
    if (pendingName !== undefined) {
      const name = event.type === 'ListingEdited' && event.data.changes.name ? event.data.changes.name : pendingName;
      batch.names.set(listingId, name);
      const activity = activityOf(event, name);
      if (activity) batch.activity.push({ id: recorded.metadata.eventId, listing_id: listingId, ...activity, occurred_at: recorded.metadata.occurredAt });
      return [listingId];
    }
    // Any other event may need a name submitted earlier in the batch: write those first, in order.
    await writeSubmitted(tx);
    if (event.type === 'ListingEdited' && event.data.changes.name) {
      await tx.staffActivityListing.updateMany({ where: { listingId }, data: { name: event.data.changes.name } });
    }
    // Most listing events (status changes, promotions, edits) are not listed: look the name up only when needed.
    const listed = activityOf(event, '');
    const name = !listed ? '' : ((await tx.staffActivityListing.findUnique({ where: { listingId } }))?.name ?? 'A business');
    const activity = listed && activityOf(event, name);
    if (activity) {
      // The event id is the row id: a replay writes nothing twice.
      await tx.staffActivity.createMany({
        data: [{ id: recorded.metadata.eventId, listingId, ...activity, occurredAt: new Date(recorded.metadata.occurredAt) }],
        skipDuplicates: true,
      });
    }
    if (event.type === 'ListingDeleted') await tx.staffActivityListing.deleteMany({ where: { listingId } });
    return [listingId];
  },

  afterBatch: writeSubmitted,

  // Promotion rows of the same table belong to the promotions context's projection.
  tables: [{ name: 'staff_activity', where: "type NOT LIKE 'promotion\\_%'" }, { name: 'staff_activity_listings' }],

  async snapshot(prisma: PrismaClient): Promise<unknown[]> {
    const [activity, names] = await Promise.all([
      prisma.staffActivity.findMany({ where: { NOT: { type: { startsWith: 'promotion_' } } }, orderBy: { id: 'asc' } }),
      prisma.staffActivityListing.findMany({ orderBy: { listingId: 'asc' } }),
    ]);
    return [...activity, ...names];
  },
};
