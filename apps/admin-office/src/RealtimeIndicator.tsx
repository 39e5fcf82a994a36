// Exposed as 'admin_office/RealtimeIndicator': whether live updates reach the back office (admin spec
// sections 4 and 8), with the Enable control once they were switched off after persistent errors.
import type { RealtimeStatus } from '@afterwards/web-staff';
import { LiveStatus } from '@afterwards/web-staff/live-status';
import './office.css';

export const REALTIME_LABELS: Record<RealtimeStatus, string> = {
  connected: 'Live updates on',
  connecting: 'Connection issue',
  error: 'Connection issue',
  disabled: 'Live updates disabled',
};

export default function RealtimeIndicator() {
  return <LiveStatus labels={REALTIME_LABELS} className="ofc-live" />;
}
