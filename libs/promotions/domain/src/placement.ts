import type { ListingStatus } from '@afterwards/contracts';
import type { ListingCommand, ListingEventType } from '@afterwards/directory-domain';
import type { PromotionEvent } from './promotion.events';
import type { PromotionState } from './promotion.state';

/**
 * The one rule for a listing's featured place (decision 0048): the place follows the promotion. A listing
 * is featured while one of its promotions runs (Active) and the listing itself is Active, at the best
 * (lowest) position among those promotions. While the listing is not Active (suspended, rejected, set
 * Inactive or back in review) the place is paused, not lost: the promotion stays Active and Paid and keeps
 * its end date, and the place comes back the moment the listing is Active again.
 */
export function featuredPlace(listingStatus: ListingStatus | null, promotions: readonly Pick<PromotionState, 'status' | 'position'>[]): number | null {
  if (listingStatus !== 'Active') return null;
  const positions = promotions.filter((p) => p.status === 'Active').map((p) => p.position);
  return positions.length ? Math.min(...positions) : null;
}

/** True when the promotion runs but its listing is not Active: paid for, its place paused. */
export function placePaused(promotion: Pick<PromotionState, 'status'>, listingStatus: ListingStatus | null): boolean {
  return promotion.status === 'Active' && listingStatus !== 'Active';
}

/** The listing command that makes a listing's flag agree with `featuredPlace` (a no-op when it does already). */
export function placementCommand(
  listingId: string,
  listingStatus: ListingStatus | null,
  promotions: readonly Pick<PromotionState, 'status' | 'position'>[],
): Extract<ListingCommand, { type: 'PromoteListing' | 'RemoveListingPromotion' }> {
  const position = featuredPlace(listingStatus, promotions);
  return position === null ? { type: 'RemoveListingPromotion', listingId } : { type: 'PromoteListing', listingId, position };
}

/** Promotion events after which a listing's place is decided again (its promotions started, moved or ended). */
export const PLACEMENT_PROMOTION_EVENTS: ReadonlySet<PromotionEvent['type']> = new Set(['PromotionStarted', 'PromotionChanged', 'PromotionCancelled', 'PromotionExpired']);

/**
 * Listing events after which its place is decided again: it left Active (the place pauses) or came back to
 * it (the place returns). Without the second half a suspended-then-reactivated listing lost its paid place.
 */
export const PLACEMENT_LISTING_EVENTS: ReadonlySet<ListingEventType> = new Set(['ListingApproved', 'ListingRejected', 'ListingSuspended', 'ListingStatusChanged']);

/** Whether the placement process manager decides a listing's place again after an event of `type`. */
export function placementReactsTo(type: string): boolean {
  return PLACEMENT_PROMOTION_EVENTS.has(type as PromotionEvent['type']) || PLACEMENT_LISTING_EVENTS.has(type as ListingEventType);
}
