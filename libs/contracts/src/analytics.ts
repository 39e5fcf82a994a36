import * as z from './zod-mini';

/** What a visitor did with a listing (admin spec: business_analytics.action_type). */
export const LISTING_ACTIONS = ['view', 'click', 'call', 'email', 'website', 'directions'] as const;
export const ListingActionSchema = z.enum(LISTING_ACTIONS);
export type ListingAction = z.infer<typeof ListingActionSchema>;

/** Where the finder was shown. */
export const FINDER_PAGES = ['resources', 'dashboard-resources'] as const;

export const ListingInteractionSchema = z.object({
  listingId: z.uuid(),
  action: ListingActionSchema,
  /** The searcher's point, when the search had one. */
  userLat: z.optional(z.number().check(z.gte(-90), z.lte(90))),
  userLng: z.optional(z.number().check(z.gte(-180), z.lte(180))),
  distanceMiles: z.optional(z.number().check(z.gte(0), z.lte(20_000))),
});
export type ListingInteraction = z.infer<typeof ListingInteractionSchema>;

/**
 * How the finder sends interactions: what happens on a page waits up to `flushMs` and goes in one
 * request of at most `maxBatch` (so at most one batch per `flushMs`), and whatever waits when the
 * page is hidden goes at once. A listing's view counts once per page visit within `viewWindowMs`,
 * however often a search shows it again. The server's per-address allowance is sized from these, so
 * a person browsing as fast as they can never reaches it.
 */
export const INTERACTION_BATCHING = {
  flushMs: 2_000,
  maxBatch: 200,
  viewWindowMs: 30 * 60_000,
} as const;

/**
 * `POST /api/directory/interactions`: one or more interactions from one page (views of every shown
 * card come together). 202 with how many were recorded; the server drops what its rate limits refuse.
 */
export const RecordInteractionsRequestSchema = z.object({
  page: z.enum(FINDER_PAGES),
  /** Random id the page keeps for its lifetime (not a cookie), to tell visits apart. */
  sessionId: z.string().check(z.minLength(8), z.maxLength(64)),
  interactions: z.array(ListingInteractionSchema).check(z.minLength(1), z.maxLength(INTERACTION_BATCHING.maxBatch)),
});
export type RecordInteractionsRequest = z.infer<typeof RecordInteractionsRequestSchema>;

export const RecordInteractionsResponseSchema = z.object({ recorded: z.number(), dropped: z.number() });
export type RecordInteractionsResponse = z.infer<typeof RecordInteractionsResponseSchema>;

/**
 * Client-side limits of the finder: one event per listing and action every
 * 5 s (views: once per `INTERACTION_BATCHING.viewWindowMs`), requests at least a second apart, no
 * more tracking after 3 failed requests. The server enforces its own as well.
 */
export const CLIENT_TRACKING_LIMITS = {
  perListingActionMs: 5_000,
  overallMs: 1_000,
  disableAfterFailures: 3,
} as const;
