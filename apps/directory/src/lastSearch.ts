// 'Functional' storage (only with that consent): the last search on this device.
import { LISTING_CATEGORIES, type ListingCategory } from '@afterwards/contracts';

export const LAST_SEARCH_KEY = 'afterwards.finder.last-search';

export interface LastSearch {
  category: ListingCategory | 'all';
  location: string;
}

export function parseLastSearch(raw: string | null): LastSearch | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<LastSearch>;
    const category = v.category === 'all' || LISTING_CATEGORIES.includes(v.category as ListingCategory) ? v.category! : 'all';
    const location = typeof v.location === 'string' ? v.location.slice(0, 100) : '';
    return { category, location };
  } catch {
    return null;
  }
}

export function readLastSearch(): LastSearch | null {
  try {
    return parseLastSearch(window.localStorage.getItem(LAST_SEARCH_KEY));
  } catch {
    return null;
  }
}

export function rememberLastSearch(search: LastSearch) {
  try {
    window.localStorage.setItem(LAST_SEARCH_KEY, JSON.stringify(search));
  } catch {
    /* storage blocked or full: nothing to remember */
  }
}

export function forgetLastSearch() {
  try {
    window.localStorage.removeItem(LAST_SEARCH_KEY);
  } catch {
    /* nothing stored */
  }
}
