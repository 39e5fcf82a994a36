import { ListingError, LISTING_STREAM_PREFIX, type ListingCommand, type ListingState } from '@afterwards/directory-domain';
import type { ListingCommands } from '@afterwards/directory-server';
import type { RecordedEvent } from '@afterwards/event-store';
import { placementCommand, placementReactsTo, PROMOTION_STREAM_PREFIX, type PromotionEvent } from '@afterwards/promotions-domain';
import type { CommandContext, Projection, ProjectionTx } from '@afterwards/server-kit';
import { SYSTEM_ACTOR } from '../promotion-runtime';

export const PROMOTION_PLACEMENT = 'promotions.placement';
/** Listing commands sent at once after a batch (10,000 promotions ending together must not queue up one by one). */
const CONCURRENCY = 16;

/**
 * A process manager: a listing's promoted flag and position follow its promotions (`featuredPlace`,
 * decision 0048). A listing is first while any of its promotions runs and it is itself Active, at the best
 * (lowest) position among them; while it is suspended or otherwise not Active the place pauses, and it
 * returns when the listing is Active again (so this reads listing status events too). It keeps which
 * promotions run in a table of its own; after each batch it sends every listing the batch touched the
 * command that makes its flag agree, through the directory's command API (the listing's own rules, write
 * queue and retries), then moves its checkpoint. Table writes are upserts and listing commands that change
 * nothing append nothing, so a batch replayed after a crash is safe.
 */
export function promotionPlacementReactor(listings: Pick<ListingCommands, 'run'>): Projection {
  /** Listings touched in the batch being applied, with the event that last touched each (the cause). */
  let touched = new Map<string, RecordedEvent>();
  return {
    name: PROMOTION_PLACEMENT,
    transactional: false,
    streamPrefixes: [PROMOTION_STREAM_PREFIX, LISTING_STREAM_PREFIX],
    async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
      if (!placementReactsTo(recorded.type)) return [];
      if (recorded.streamId.startsWith(LISTING_STREAM_PREFIX)) {
        // The listing left Active or came back to it: decide its place again from its running promotions.
        touched.set((recorded.data as { listingId: string }).listingId, recorded);
        return [];
      }
      const event = { type: recorded.type, data: recorded.data } as PromotionEvent;
      const { promotionId, listingId } = event.data;
      switch (event.type) {
        case 'PromotionStarted':
          await tx.$executeRaw`
            INSERT INTO promotion_placements (promotion_id, listing_id, position, running)
            VALUES (${promotionId}::uuid, ${listingId}::uuid, ${event.data.position}, true)
            ON CONFLICT (promotion_id) DO UPDATE SET running = true, position = excluded.position`;
          break;
        case 'PromotionChanged':
          if (event.data.changes.position === undefined) return [];
          await tx.$executeRaw`UPDATE promotion_placements SET position = ${event.data.changes.position} WHERE promotion_id = ${promotionId}::uuid`;
          break;
        case 'PromotionCancelled':
        case 'PromotionExpired':
          await tx.$executeRaw`UPDATE promotion_placements SET running = false WHERE promotion_id = ${promotionId}::uuid`;
          break;
        default:
          return [];
      }
      touched.set(listingId, recorded);
      return [];
    },
    async afterBatch(tx: ProjectionTx): Promise<void> {
      const batch = touched;
      touched = new Map();
      if (batch.size === 0) return;
      const ids = [...batch.keys()];
      const best = await tx.$queryRaw<{ listing_id: string; position: number }[]>`
        SELECT listing_id::text, min(position)::int AS position FROM promotion_placements
        WHERE listing_id = ANY(${ids}::uuid[]) AND running GROUP BY listing_id`;
      const positions = new Map(best.map((b) => [b.listing_id, b.position]));
      const work = ids.map((listingId) => () => {
        const position = positions.get(listingId);
        const running = position === undefined ? [] : [{ status: 'Active' as const, position }];
        // Decided on the listing as it is when the command runs (its status may have moved since the event).
        const command = (listing: ListingState): ListingCommand => placementCommand(listingId, listing.status, running);
        const cause = batch.get(listingId)!;
        return placeListing(listings, listingId, command, { actor: SYSTEM_ACTOR, correlationId: cause.metadata.correlationId, causationId: cause.metadata.eventId });
      });
      for (let i = 0; i < work.length; i += CONCURRENCY) await Promise.all(work.slice(i, i + CONCURRENCY).map((run) => run()));
    },
    async snapshot(): Promise<unknown[]> {
      return [];
    },
  };
}

async function placeListing(
  listings: Pick<ListingCommands, 'run'>,
  listingId: string,
  command: (listing: ListingState) => ListingCommand,
  context: CommandContext,
): Promise<void> {
  try {
    await listings.run(listingId, command, context);
  } catch (error) {
    // A business deleted since keeps no place; its promotion runs on unseen.
    if (!(error instanceof ListingError)) throw error;
  }
}
