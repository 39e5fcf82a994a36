import type { RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import type { Projection, ProjectionTx } from '@afterwards/server-kit';
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
    const event = { type: recorded.type, data: recorded.data } as ListingEvent;
    const listingId = event.data.listingId;
    if (event.type === 'ListingSubmitted') {
      await tx.staffActivityListing.upsert({ where: { listingId }, create: { listingId, name: event.data.name }, update: { name: event.data.name } });
    } else if (event.type === 'ListingEdited' && event.data.changes.name) {
      await tx.staffActivityListing.updateMany({ where: { listingId }, data: { name: event.data.changes.name } });
    }
    // Most listing events (status changes, promotions, edits) are not listed: look the name up only when needed.
    const listed = activityOf(event, '');
    const name = !listed ? '' : event.type === 'ListingSubmitted' ? event.data.name : ((await tx.staffActivityListing.findUnique({ where: { listingId } }))?.name ?? 'A business');
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

  // Promotion rows of the same table belong to the promotions context's projection.
  async reset(tx: ProjectionTx): Promise<void> {
    await tx.staffActivity.deleteMany({ where: { NOT: { type: { startsWith: 'promotion_' } } } });
    await tx.staffActivityListing.deleteMany({});
  },

  async snapshot(prisma: PrismaClient): Promise<unknown[]> {
    const [activity, names] = await Promise.all([
      prisma.staffActivity.findMany({ where: { NOT: { type: { startsWith: 'promotion_' } } }, orderBy: { id: 'asc' } }),
      prisma.staffActivityListing.findMany({ orderBy: { listingId: 'asc' } }),
    ]);
    return [...activity, ...names];
  },
};
