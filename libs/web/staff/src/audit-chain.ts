// The staff audit trail's hash chain as the server checks it: the badge's words and tone, and the check
// itself. The badge component is AuditChainBadge (`@afterwards/web-staff/audit-chain-badge`).
import { AUDIT_VERIFY_PATH, AuditChainVerificationSchema, type AuditChainVerification } from '@afterwards/contracts';
import { requestJson as staffRequest } from '@afterwards/web-data';

export type ChainTone = 'success' | 'warning' | 'neutral';

/** The badge's words and tone. */
export function chainBadge(v: AuditChainVerification | undefined, failed: boolean): { tone: ChainTone; text: string; detail: string } {
  if (failed) return { tone: 'neutral', text: 'Audit trail not checked', detail: 'The check could not be run just now.' };
  if (!v) return { tone: 'neutral', text: 'Checking the audit trail...', detail: '' };
  const rows = `${v.rowsChecked.toLocaleString('en-GB')} ${v.rowsChecked === 1 ? 'entry' : 'entries'}`;
  if (v.ok) return { tone: 'success', text: 'Audit trail intact', detail: `${rows} checked, chain unbroken.` };
  return { tone: 'warning', text: 'Audit trail tampered with', detail: v.detail };
}

export const fetchAuditChain = (signal?: AbortSignal) => staffRequest('GET', AUDIT_VERIFY_PATH, { schema: AuditChainVerificationSchema, signal });
