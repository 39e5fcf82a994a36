import { requestJson } from '@afterwards/web-data';
import { PlaceSuggestResponseSchema, type PlaceSuggestion } from '@afterwards/contracts';

export const SUGGEST_URL = '/api/places/suggest';
export const SUGGEST_LIMIT = 8;
export const SUGGEST_DEBOUNCE_MS = 200;
/** Fewer characters than this gives too many places to be useful. */
export const SUGGEST_MIN_CHARS = 2;

export function suggestUrl(q: string, limit = SUGGEST_LIMIT): string {
  return `${SUGGEST_URL}?${new URLSearchParams({ q: q.trim(), limit: String(limit) }).toString()}`;
}

/** Places matching what was typed; an empty list when the service is missing, failing or odd. */
export async function fetchSuggestions(q: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  try {
    return (await requestJson('GET', suggestUrl(q), { schema: PlaceSuggestResponseSchema, signal })).suggestions;
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    return [];
  }
}
