import { z } from './zod';

/** `GET /api/places/suggest?q=…&limit=…`: places matching what the user has typed so far. */
export const PlaceSuggestQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type at least one character').max(100),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type PlaceSuggestQuery = z.input<typeof PlaceSuggestQuerySchema>;

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
