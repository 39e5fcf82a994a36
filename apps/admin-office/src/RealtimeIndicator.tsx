// Exposed as 'admin_office/RealtimeIndicator': whether live updates reach the back office (admin spec
// sections 4 and 8), with the Enable control once they were switched off after persistent errors.
import { Button } from '@afterwards/web-ui';
import { enableRealtime, useRealtimeStatus, type RealtimeStatus } from '@afterwards/web-staff';
import './office.css';

export const REALTIME_LABELS: Record<RealtimeStatus, string> = {
  connected: 'Live updates on',
  connecting: 'Connection issue',
  error: 'Connection issue',
  disabled: 'Live updates disabled',
};

export default function RealtimeIndicator() {
  const status = useRealtimeStatus();
  return (
    <div className="ofc-live" data-status={status}>
      <span className="ofc-live__state" role="status">
        <span className="ofc-live__dot" aria-hidden="true" />
        {REALTIME_LABELS[status]}
      </span>
      {status === 'disabled' ? (
        <Button variant="secondary" size="sm" onClick={enableRealtime} aria-label="Enable live updates">
          Enable
        </Button>
      ) : null}
    </div>
  );
}
