import type { AuditChainVerification } from '@afterwards/contracts';
import { chainBadge } from './audit-chain';

describe('the audit trail badge', () => {
  it("says whether the audit trail's chain holds, and where it broke", () => {
    const base: AuditChainVerification = { ok: true, rowsChecked: 1234, checkedAt: '2026-11-23T10:00:00Z', firstBadRowId: null, problem: null, detail: '1234 rows, unbroken.' };
    expect(chainBadge(base, false)).toEqual({ tone: 'success', text: 'Audit trail intact', detail: '1,234 entries checked, chain unbroken.' });
    expect(chainBadge({ ...base, ok: false, firstBadRowId: '7', problem: 'changed', detail: 'Row 7 was changed after it was written.' }, false)).toMatchObject({
      tone: 'warning',
      text: 'Audit trail tampered with',
      detail: 'Row 7 was changed after it was written.',
    });
    expect(chainBadge(undefined, true).tone).toBe('neutral');
  });
});
