import { decideListing, evolveListing, initialListingState, ListingError, listingStreamId, type ListingCommand, type ListingEvent, type ListingState } from '@afterwards/directory-domain';
import { StreamConflictError, type EventStore, type RecordedEvent } from '@afterwards/event-store';
import { PROMOTION_STREAM_PREFIX, type PromotionEvent } from '@afterwards/promotions-domain';
import { executeCommand, type Decider, type Projection, type ProjectionTx } from '@afterwards/server-kit';
import { SYSTEM_ACTOR } from '../promotion-runtime';

export const PROMOTION_PLACEMENT = 'promotions.placement';

const listingDecider: Decider<ListingCommand, ListingEvent, ListingState> = {
  initialState: initialListingState,
  decide: decideListing,
  evolve: evolveListing,
};

/**
 * A process manager: a listing's promoted flag and position follow its promotions. A listing is first
 * while any of its promotions runs, at the best (lowest) position among them. It keeps which
 * promotions run in a table of its own, moved with its checkpoint, and sends the listing the command
 * that makes its flag agree; listing commands that change nothing append nothing, so a replay is safe.
 */
export function promotionPlacementReactor(store: EventStore): Projection {
  return {
    name: PROMOTION_PLACEMENT,
    streamPrefixes: [PROMOTION_STREAM_PREFIX],
    async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
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
      const [best] = await tx.$queryRaw<{ position: number | null }[]>`
        SELECT min(position)::int AS position FROM promotion_placements WHERE listing_id = ${listingId}::uuid AND running`;
      const command: ListingCommand =
        best?.position != null ? { type: 'PromoteListing', listingId, position: best.position } : { type: 'RemoveListingPromotion', listingId };
      await placeListing(store, command, recorded);
      return [];
    },
    async reset(tx: ProjectionTx): Promise<void> {
      await tx.$executeRaw`DELETE FROM promotion_placements`;
    },
    async snapshot(): Promise<unknown[]> {
      return [];
    },
  };
}

async function placeListing(store: EventStore, command: ListingCommand, cause: RecordedEvent): Promise<void> {
  const context = { actor: SYSTEM_ACTOR, correlationId: cause.metadata.correlationId, causationId: cause.metadata.eventId };
  for (let attempt = 1; ; attempt++) {
    try {
      await executeCommand(store, listingStreamId(command.listingId), listingDecider, command, context);
      return;
    } catch (error) {
      // A business suspended or deleted since keeps no place; its promotion runs on unseen.
      if (error instanceof ListingError) return;
      if (!(error instanceof StreamConflictError) || attempt >= 10) throw error;
    }
  }
}
