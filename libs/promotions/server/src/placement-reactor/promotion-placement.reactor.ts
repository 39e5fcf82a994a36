import { decideListing, evolveListing, initialListingState, ListingError, listingStreamId, type ListingCommand, type ListingEvent, type ListingState } from '@afterwards/directory-domain';
import { StreamConflictError, type EventStore, type RecordedEvent } from '@afterwards/event-store';
import { PROMOTION_STREAM_PREFIX, type PromotionEvent } from '@afterwards/promotions-domain';
import { executeCommand, type CommandContext, type Decider, type Projection, type ProjectionTx } from '@afterwards/server-kit';
import { SYSTEM_ACTOR } from '../promotion-runtime';

export const PROMOTION_PLACEMENT = 'promotions.placement';
/** Listing commands sent at once after a batch (10,000 promotions ending together must not queue up one by one). */
const CONCURRENCY = 16;

const listingDecider: Decider<ListingCommand, ListingEvent, ListingState> = {
  initialState: initialListingState,
  decide: decideListing,
  evolve: evolveListing,
};

/**
 * A process manager: a listing's promoted flag and position follow its promotions. A listing is first
 * while any of its promotions runs, at the best (lowest) position among them. It keeps which
 * promotions run in a table of its own; after each batch it sends every listing the batch touched the
 * command that makes its flag agree, then moves its checkpoint. Table writes are upserts and listing
 * commands that change nothing append nothing, so a batch replayed after a crash is safe.
 */
export function promotionPlacementReactor(store: EventStore): Projection {
  /** Listings touched in the batch being applied, with the event that last touched each (the cause). */
  let touched = new Map<string, RecordedEvent>();
  return {
    name: PROMOTION_PLACEMENT,
    transactional: false,
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
        const command: ListingCommand = position !== undefined ? { type: 'PromoteListing', listingId, position } : { type: 'RemoveListingPromotion', listingId };
        const cause = batch.get(listingId)!;
        return placeListing(store, command, { actor: SYSTEM_ACTOR, correlationId: cause.metadata.correlationId, causationId: cause.metadata.eventId });
      });
      for (let i = 0; i < work.length; i += CONCURRENCY) await Promise.all(work.slice(i, i + CONCURRENCY).map((run) => run()));
    },
    async snapshot(): Promise<unknown[]> {
      return [];
    },
  };
}

async function placeListing(store: EventStore, command: ListingCommand, context: CommandContext): Promise<void> {
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
