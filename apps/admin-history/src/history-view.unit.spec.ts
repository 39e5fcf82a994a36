import { actorText, logQuery, searchForView, valueText, viewFromSearch } from './history-view';

describe('history screen rules', () => {
  it('reads and writes the view in the address query, so links and reloads open the same thing', () => {
    expect(viewFromSearch('?stream=listing-abc')).toEqual({ kind: 'stream', streamId: 'listing-abc' });
    expect(viewFromSearch('?correlation=c-1')).toEqual({ kind: 'correlation', id: 'c-1' });
    expect(viewFromSearch('?view=log')).toEqual({ kind: 'log' });
    expect(viewFromSearch('')).toEqual({ kind: 'search', q: '' });
    for (const view of [{ kind: 'stream', streamId: 'promotion-1' }, { kind: 'correlation', id: 'x y' }, { kind: 'log' }, { kind: 'search', q: 'Florists' }] as const) {
      expect(viewFromSearch(searchForView(view))).toEqual(view);
    }
    expect(searchForView({ kind: 'search', q: '' })).toBe('');
  });

  it('shows strings as they are, other values as JSON, and missing ones as a dash', () => {
    expect(valueText('Renamed')).toBe('Renamed');
    expect(valueText(3)).toBe('3');
    expect(valueText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(valueText(undefined)).toBe('—');
    expect(valueText(null)).toBe('null');
  });

  it('asks the log for a time range only when its end is after its start', () => {
    expect(logQuery({ type: 'ListingEdited', actor: '', from: '', to: '' }, 'c')).toEqual({ ok: true, query: { type: 'ListingEdited', actor: undefined, from: undefined, to: undefined, before: 'c' } });
    const ok = logQuery({ type: '', actor: 'system', from: '2026-11-01T09:00', to: '2026-11-02T09:00' }, undefined);
    expect(ok.ok && ok.query.from && ok.query.to && ok.query.from < ok.query.to).toBe(true);
    expect(logQuery({ type: '', actor: '', from: '2026-11-02T09:00', to: '2026-11-01T09:00' }, undefined)).toEqual({ ok: false, error: 'The end of the range must be after its start.' });
  });

  it('names actors as staff, family member or system', () => {
    expect(actorText({ actor: { kind: 'staff', name: 'Hana History', raw: 'admin:1' } })).toBe('Hana History');
    expect(actorText({ actor: { kind: 'family', name: 'anything', raw: null } })).toBe('Family member');
    expect(actorText({ actor: { kind: 'system', name: 'System', raw: 'system:jobs' } })).toBe('System');
  });
});
