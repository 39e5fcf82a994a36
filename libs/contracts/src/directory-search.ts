import * as z from './zod-mini';

// What the public finder reads (categories, a search's answer, place suggestions), in zod/mini so the
// finder does not load classic zod (see ./zod-mini). Queries and the staff forms are in ./directory.

/** Listing categories as the family spec names them (each has an icon and colour in the UI). */
export const LISTING_CATEGORIES = [
  'Funeral Directors',
  'Register Offices',
  'Legal Services',
  'Religious Services',
  'Coroner Services',
  'Crematoriums',
  'Counseling Services',
  'Financial Advisors',
  'Accountants',
  'Charities',
  'Other Services',
  // Where document imports put a service no keyword places.
  'Support Services',
] as const;
export const ListingCategorySchema = z.enum(LISTING_CATEGORIES);
export type ListingCategory = z.infer<typeof ListingCategorySchema>;

export const PublicListingSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  category: ListingCategorySchema,
  location: z.string(),
  address: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  website: z.nullable(z.string()),
  description: z.nullable(z.string()),
  pricing: z.nullable(z.string()),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  serviceRadiusMiles: z.number(),
  promoted: z.boolean(),
  position: z.nullable(z.number()),
  rating: z.nullable(z.number()),
  totalReviews: z.number(),
  /** Rounded to 0.1 mile; null when the search had no point to measure from. */
  distanceMiles: z.nullable(z.number()),
  /** The searcher is inside the listing's own service radius ('Serves your area'). */
  withinServiceArea: z.boolean(),
});
export type PublicListing = z.infer<typeof PublicListingSchema>;

export const ResolvedPlaceSchema = z.object({
  label: z.string(),
  kind: z.enum(['postcode', 'district', 'town', 'coordinates']),
  latitude: z.number(),
  longitude: z.number(),
});
export type ResolvedPlace = z.infer<typeof ResolvedPlaceSchema>;

export const DirectorySearchResponseSchema = z.object({
  listings: z.array(PublicListingSchema),
  total: z.number(),
  featured: z.number(),
  /** The point searched around, or null when listing everything (no location given or not found). */
  place: z.nullable(ResolvedPlaceSchema),
  /** 'nearby' within the radius of `place`; 'all' every active listing; 'not_found' the location was not recognised. */
  searchType: z.enum(['nearby', 'all', 'not_found']),
  radiusMiles: z.number(),
});
export type DirectorySearchResponse = z.infer<typeof DirectorySearchResponseSchema>;

export const PlaceSuggestionSchema = z.object({
  /** What to show and, when chosen, what to put in the location box (the finder searches by it). */
  label: z.string(),
  kind: z.enum(['town', 'district', 'postcode']),
  /** Country or county, shown as secondary text. */
  detail: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PlaceSuggestion = z.infer<typeof PlaceSuggestionSchema>;

export const PlaceSuggestResponseSchema = z.object({ suggestions: z.array(PlaceSuggestionSchema) });
export type PlaceSuggestResponse = z.infer<typeof PlaceSuggestResponseSchema>;
