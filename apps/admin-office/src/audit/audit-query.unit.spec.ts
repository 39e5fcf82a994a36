import { DATE_ORDER_MESSAGE, NO_AUDIT_FILTERS, auditQuery, pageCount } from './audit-query';

describe('auditQuery', () => {
  it('sends only the filters that are set', () => {
    expect(auditQuery(NO_AUDIT_FILTERS, 1)).toEqual({ ok: true, query: { page: 1 } });
    expect(auditQuery({ ...NO_AUDIT_FILTERS, action: 'listing.approved', from: '2026-11-01', to: '2026-11-23' }, 3)).toEqual({
      ok: true,
      query: { page: 3, action: 'listing.approved', from: '2026-11-01', to: '2026-11-23' },
    });
  });

  it('refuses a date range that ends before it starts, and malformed dates', () => {
    expect(auditQuery({ ...NO_AUDIT_FILTERS, from: '2026-11-23', to: '2026-11-01' }, 1)).toEqual({ ok: false, errors: { to: DATE_ORDER_MESSAGE } });
    const bad = auditQuery({ ...NO_AUDIT_FILTERS, from: '23/11/2026' }, 1);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.from).toBe('Use a date like 2026-11-23');
  });

  it('counts pages of 50, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(10, 0)).toBe(10);
  });
});
