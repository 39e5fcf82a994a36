import { z } from './zod';

/** `GET /api/places/suggest?q=…&limit=…`: places matching what the user has typed so far. */
export const PlaceSuggestQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type at least one character').max(100),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type PlaceSuggestQuery = z.input<typeof PlaceSuggestQuerySchema>;
