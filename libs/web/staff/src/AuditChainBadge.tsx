// The audit trail's check as a badge (the Audit Log and History screens): intact, or the first row that
// was changed, removed or reordered. A subpath of web-staff of its own, because it draws with the design
// system, which the rest of web-staff (and the unit tests that import it) does not need.
import { useEffect, useState } from 'react';
import type { AuditChainVerification } from '@afterwards/contracts';
import { Badge, Icon } from '@afterwards/web-ui';
import { chainBadge, fetchAuditChain } from './audit-chain';

/** The server's check, made when the badge is shown, announced politely when it arrives. */
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
