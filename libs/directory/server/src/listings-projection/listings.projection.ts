import { RealtimeTopics } from '@afterwards/contracts';
import type { RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import type { Projection, ProjectionTx } from '@afterwards/server-kit';
import { LISTING_STREAM_PREFIX, type ListingEvent } from '@afterwards/directory-domain';
import { regionOf } from '@afterwards/coverage-domain';

/** Projects listing streams into the `listings` table the finder and staff screens read. */
export const listingsProjection: Projection = {
  name: 'directory.listings',
  streamPrefixes: [LISTING_STREAM_PREFIX],
  topic: RealtimeTopics.directoryListings,
  notifyStaff: true,

  async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    const event = { type: recorded.type, data: recorded.data } as ListingEvent;
    const id = event.data.listingId;
    const at = new Date(recorded.metadata.occurredAt);
    const version = recorded.revision;
    switch (event.type) {
      case 'ListingSubmitted': {
        const d = event.data;
        const row = {
          name: d.name,
          category: d.category,
          location: d.location,
          address: d.address,
          phone: d.phone,
          email: d.email,
          website: d.website,
          description: d.description,
          pricing: d.pricing,
          serviceRadiusMiles: d.serviceRadiusMiles,
          servesSurroundingAreas: d.servesSurroundingAreas,
          latitude: d.latitude,
          longitude: d.longitude,
          status: d.status,
          promoted: false,
          position: null,
          rating: d.rating,
          totalReviews: d.totalReviews,
          source: d.source,
          originalFilename: d.originalFilename ?? null,
          region: regionOf(d.latitude, d.longitude),
          version,
          createdAt: at,
          updatedAt: at,
        };
        await tx.listing.upsert({ where: { id }, create: { id, ...row }, update: row });
        return [id];
      }
      case 'ListingDeleted':
        await tx.listing.deleteMany({ where: { id } });
        return [id];
      default: {
        // Idempotent: a replayed event whose revision the row already has matches no row.
        const region = event.type === 'ListingEdited' ? await regionAfterEdit(tx, id, event.data.changes) : undefined;
        const result = await tx.listing.updateMany({
          where: { id, version: { lt: version } },
          data: { ...changesFor(event), ...(region === undefined ? {} : { region }), version, updatedAt: at },
        });
        return result.count > 0 ? [id] : [];
      }
    }
  },

  async reset(tx: ProjectionTx): Promise<void> {
    await tx.listing.deleteMany({});
  },

  async snapshot(prisma: PrismaClient): Promise<unknown[]> {
    const rows = await prisma.listing.findMany({ orderBy: { id: 'asc' } });
    return rows.map((r) => ({ ...r, rating: r.rating?.toString() ?? null }));
  },
};

/** An edit that moves the listing places it again (coverage region from the new point); undefined if it did not move. */
async function regionAfterEdit(tx: ProjectionTx, id: string, changes: { latitude?: number | null; longitude?: number | null }): Promise<string | undefined> {
  if (changes.latitude === undefined && changes.longitude === undefined) return undefined;
  const row = changes.latitude === undefined || changes.longitude === undefined ? await tx.listing.findUnique({ where: { id }, select: { latitude: true, longitude: true } }) : null;
  return regionOf(changes.latitude !== undefined ? changes.latitude : (row?.latitude ?? null), changes.longitude !== undefined ? changes.longitude : (row?.longitude ?? null));
}

function changesFor(event: Exclude<ListingEvent, { type: 'ListingSubmitted' | 'ListingDeleted' }>) {
  switch (event.type) {
    case 'ListingEdited':
      return { ...event.data.changes };
    case 'ListingApproved':
      return { status: 'Active' };
    case 'ListingRejected':
      return { status: 'Inactive', rejectionReason: event.data.reason, promoted: false, position: null };
    case 'ListingSuspended':
      return { status: 'Suspended', suspensionReason: event.data.reason, promoted: false, position: null };
    case 'ListingStatusChanged':
      return event.data.to === 'Active'
        ? { status: event.data.to }
        : { status: event.data.to, promoted: false, position: null };
    case 'ListingPromoted':
      return { promoted: true, position: event.data.position };
    case 'ListingPromotionRemoved':
      return { promoted: false, position: null };
    default: {
      const unreachable: never = event;
      throw new Error(`Unhandled listing event ${(unreachable as { type: string }).type}`);
    }
  }
}
