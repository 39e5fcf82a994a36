import { LAST_SEARCH_KEY, parseLastSearch } from './lastSearch';
import { SUGGEST_LIMIT, suggestUrl } from './places';

describe('place suggestions and the remembered search', () => {
  it('asks the suggest endpoint for what was typed', () => {
    expect(suggestUrl('  Lee ')).toBe(`/api/places/suggest?q=Lee&limit=${SUGGEST_LIMIT}`);
    expect(suggestUrl('SW1A 1', 5)).toBe('/api/places/suggest?q=SW1A+1&limit=5');
  });

  it('reads back a remembered search, ignoring what it does not know', () => {
    expect(LAST_SEARCH_KEY).toBe('afterwards.finder.last-search');
    expect(parseLastSearch(JSON.stringify({ category: 'Legal Services', location: 'Leeds' }))).toEqual({ category: 'Legal Services', location: 'Leeds' });
    expect(parseLastSearch(JSON.stringify({ category: 'Astrologers', location: 7 }))).toEqual({ category: 'all', location: '' });
    expect(parseLastSearch('{oops')).toBeNull();
    expect(parseLastSearch(null)).toBeNull();
  });
});
