// Whether live updates reach the back office, with the Enable control once they were switched off after
// persistent errors: the office's indicator in the header and Coverage's own line. A subpath of web-staff
// of its own, as it draws with the design system; the status itself comes from the shared entry.
import type { ReactNode } from 'react';
import { Button, cx } from '@afterwards/web-ui';
import { enableRealtime, useRealtimeStatus, type RealtimeStatus } from '@afterwards/web-staff';

/**
 * `className` names the block (its state is `__state`; the dot is the design system's `aw-live__dot`, sized and
 * coloured when off by the block: see back-office/live-status.css); `layout`, a design-system layout class for the
 * row (e.g. `aw-cluster`); `children` follow the control.
 */
export function LiveStatus({ labels, className, layout, children }: { labels: Record<RealtimeStatus, string>; className: string; layout?: string; children?: ReactNode }) {
  const status = useRealtimeStatus();
  return (
    <div className={cx(layout, 'aw-live', className)} data-status={status}>
      <span role="status" className={`${className}__state`}>
        <span className="aw-live__dot" aria-hidden="true" />
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
