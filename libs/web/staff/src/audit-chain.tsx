// The staff audit trail's hash chain, checked by the server each time a screen shows this badge
// (the Audit Log and History screens): intact, or the first row that was changed, removed or reordered.
import { useEffect, useState } from 'react';
import { AUDIT_VERIFY_PATH, AuditChainVerificationSchema, type AuditChainVerification } from '@afterwards/contracts';
import { Badge, Icon } from '@afterwards/web-ui';
import { staffRequest } from './api';

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

/** The check's result as a badge with its detail, announced politely when it arrives. */
export function AuditChainBadge() {
  const [result, setResult] = useState<{ data?: AuditChainVerification; failed: boolean }>({ failed: false });
  useEffect(() => {
    const controller = new AbortController();
    fetchAuditChain(controller.signal).then(
      (data) => setResult({ data, failed: false }),
      () => {
        if (!controller.signal.aborted) setResult({ failed: true });
      },
    );
    return () => controller.abort();
  }, []);
  const badge = chainBadge(result.data, result.failed);
  return (
    <div className="aw-cluster aw-chain" role="status" aria-live="polite">
      <Badge tone={badge.tone}>
        <Icon name="shield" size={14} /> {badge.text}
      </Badge>
      {badge.detail ? <span className="aw-muted aw-chain__detail">{badge.detail}</span> : null}
    </div>
  );
}
