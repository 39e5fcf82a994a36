// Whether live updates reach the back office, with the Enable control once they were switched off after
// persistent errors: the office's indicator in the header and Coverage's own line. A subpath of web-staff
// of its own, as it draws with the design system; the status itself comes from the shared entry.
import type { ReactNode } from 'react';
import { Button } from '@afterwards/web-ui';
import { enableRealtime, useRealtimeStatus, type RealtimeStatus } from '@afterwards/web-staff';

/**
 * `className` names the block (its state and dot are `__state` and `__dot`); `layout`, a design-system layout
 * class for the row (e.g. `aw-cluster`); `children` follow the control.
 */
export function LiveStatus({ labels, className, layout, children }: { labels: Record<RealtimeStatus, string>; className: string; layout?: string; children?: ReactNode }) {
  const status = useRealtimeStatus();
  return (
    <div className={layout ? `${layout} ${className}` : className} data-status={status}>
      <span role="status" className={`${className}__state`}>
        <span className={`${className}__dot`} aria-hidden="true" />
        {labels[status]}
      </span>
      {status === 'disabled' ? (
        <Button variant="secondary" size="sm" onClick={enableRealtime} aria-label="Enable live updates">
          Enable
        </Button>
      ) : null}
      {children}
    </div>
  );
}
