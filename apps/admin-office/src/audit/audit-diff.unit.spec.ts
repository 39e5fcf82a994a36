import { auditDiff, formatAuditValue } from './audit-diff';

describe('auditDiff', () => {
  it('lists every key of both sides and marks the changed ones', () => {
    expect(auditDiff({ status: 'Pending Review', name: 'Oak & Sons' }, { status: 'Active', name: 'Oak & Sons', promoted: true })).toEqual([
      { key: 'status', before: 'Pending Review', after: 'Active', changed: true },
      { key: 'name', before: 'Oak & Sons', after: 'Oak & Sons', changed: false },
      { key: 'promoted', before: null, after: 'true', changed: true },
    ]);
  });

  it('compares nested values by content and pretty-prints them as text', () => {
    const rows = auditDiff({ pricing: { price: 49, tags: ['a'] } }, { pricing: { tags: ['a'], price: 49 } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changed).toBe(false);
    expect(rows[0]!.after).toBe('{\n  "tags": [\n    "a"\n  ],\n  "price": 49\n}');
  });

  it('treats a missing side as empty: a created record lists its new fields', () => {
    expect(auditDiff(null, { id: 'x' })).toEqual([{ key: 'id', before: null, after: 'x', changed: true }]);
    expect(auditDiff({ id: 'x' }, undefined)).toEqual([{ key: 'id', before: 'x', after: null, changed: true }]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('shows non-object values as one row', () => {
    expect(auditDiff(5, 6)).toEqual([{ key: '', before: '5', after: '6', changed: true }]);
    expect(auditDiff([1], [1])).toEqual([{ key: '', before: '[\n  1\n]', after: '[\n  1\n]', changed: false }]);
  });

  it('keeps markup as plain text', () => {
    expect(formatAuditValue('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(formatAuditValue(undefined)).toBeNull();
    expect(formatAuditValue(null)).toBe('null');
  });
});
