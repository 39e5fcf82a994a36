// Exposed as 'admin_office/Dashboard': four totals, the real-time-sync notice,
// the ten latest activities and quick actions into the other sections. Refreshes live.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RECENT_ACTIVITY_LIMIT, staffMay, type Activity, type AdminUser, type StaffAction } from '@afterwards/contracts';
import { ButtonLink, Card, Icon, InlineLoading, StatTiles, type IconName, type StatTile } from '@afterwards/web-ui';
import { errorMessage, formatPounds, relativeTime } from '@afterwards/web-staff';
import { fetchDashboard, keys } from './api';
import { OfficeProvider, useLiveQueries } from './OfficeProvider';
import { FailedAlert } from '@afterwards/web-ui/back-office';

export type DashboardTarget = 'businesses' | 'promotions' | 'coverage' | 'settings' | 'audit';

export interface DashboardProps {
  admin: AdminUser;
  onNavigate: (section: DashboardTarget) => void;
}

export const NO_ACTIVITY = 'No recent activities found.';

/** Each quick action opens its section (Add and Create with their form open), offered only to a role that may do it. */
const QUICK_ACTIONS: ReadonlyArray<{ target: DashboardTarget; title: string; text: string; icon: IconName; needs: StaffAction }> = [
  { target: 'businesses', title: 'Add New Business', text: 'List a local service in the directory.', icon: 'plus', needs: 'change' },
  { target: 'promotions', title: 'Create Promotion', text: 'Feature a business at the top of searches.', icon: 'megaphone', needs: 'change' },
  { target: 'coverage', title: 'Coverage Analysis', text: 'See where the directory needs more services.', icon: 'map', needs: 'read' },
];

const ACTIVITY_ICONS: Record<Activity['type'], IconName> = {
  business_created: 'building',
  business_approved: 'check',
  business_rejected: 'close',
  business_suspended: 'alert',
  promotion_created: 'plus',
  promotion_started: 'megaphone',
  promotion_renewed: 'refresh',
  promotion_cancelled: 'close',
  promotion_expiry_warned: 'alert',
  promotion_expired: 'calendar',
};

export default function Dashboard(props: DashboardProps) {
  return (
    <OfficeProvider>
      <DashboardView {...props} />
    </OfficeProvider>
  );
}

/** The time now, moved on every minute so 'N minutes ago' stays true while the page is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function DashboardView({ admin, onNavigate }: DashboardProps) {
  const dashboard = useQuery({ queryKey: keys.dashboard, queryFn: ({ signal }) => fetchDashboard(signal) });
  useLiveQueries([keys.dashboard]);
  const now = useMinuteClock();
  const stats = dashboard.data?.stats;
  const activities = (dashboard.data?.activities ?? []).slice(0, RECENT_ACTIVITY_LIMIT);

  // Active Promotions are those featuring their business now; paid ones paused while their business is
  // not Active are said beside them (decision 0048), so the tile agrees with Local Businesses' Promoted.
  const paused = stats?.pausedPromotions ?? 0;
  const tiles: readonly StatTile[] = [
    { label: 'Total Businesses', value: stats ? stats.totalBusinesses.toLocaleString('en-GB') : '…', icon: 'building' },
    {
      label: 'Active Promotions',
      value: stats ? stats.activePromotions.toLocaleString('en-GB') : '…',
      icon: 'megaphone',
      // Short, so the card keeps its shape; the Promotions screen says why each one is paused.
      note: paused > 0 ? `${paused.toLocaleString('en-GB')} paused` : undefined,
    },
    { label: 'Total Revenue', value: stats ? formatPounds(stats.totalRevenue) : '…', icon: 'pound' },
    { label: 'Pending Reviews', value: stats ? stats.pendingReviews.toLocaleString('en-GB') : '…', icon: 'eye' },
  ];

  return (
    <div className="aw-staff-page">
      {dashboard.isError ? (
        <FailedAlert title="The dashboard could not be loaded" reason={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : null}

      <section aria-labelledby="ofc-dash-totals">
        <h2 id="ofc-dash-totals" className="aw-visually-hidden">
          Totals
        </h2>
        <StatTiles size="large" labelledBy="ofc-dash-totals" tiles={tiles} busy={dashboard.isPending} />
      </section>

      <Card tone="accent" as="section" aria-labelledby="ofc-dash-sync" className="aw-cluster ofc-sync">
        <span className="aw-disc ofc-sync__icon" aria-hidden="true">
          <Icon name="cloud" size={22} />
        </span>
        <div className="ofc-sync__text">
          <h2 id="ofc-dash-sync" className="ofc-card-title">
            Real-time sync
          </h2>
          <p className="aw-muted">Changes made here appear on the public resources page straight away.</p>
        </div>
        <ButtonLink href="/resources" external variant="secondary" size="sm" icon={<Icon name="external" size={16} />}>
          View Public Page
        </ButtonLink>
      </Card>

      <div className="ofc-dash-columns">
        <Card as="section" aria-labelledby="ofc-dash-activity">
          <h2 id="ofc-dash-activity" className="aw-section-title ofc-section-title">
            Recent Activity
          </h2>
          {dashboard.isPending ? (
            <InlineLoading>Loading recent activity...</InlineLoading>
          ) : activities.length === 0 ? (
            <p className="aw-muted">{NO_ACTIVITY}</p>
          ) : (
            <ul className="ofc-activity">
              {activities.map((a) => (
                <li key={a.id} className="ofc-activity__item">
                  <span className="aw-disc ofc-activity__icon" aria-hidden="true">
                    <Icon name={ACTIVITY_ICONS[a.type]} size={16} />
                  </span>
                  <div className="ofc-activity__body">
                    <p className="ofc-activity__title">{a.title}</p>
                    <p className="aw-muted aw-small">{a.description}</p>
                  </div>
                  <time className="ofc-activity__time aw-small" dateTime={a.timestamp}>
                    {relativeTime(a.timestamp, now)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <section aria-labelledby="ofc-dash-actions">
          <h2 id="ofc-dash-actions" className="aw-section-title ofc-section-title">
            Quick Actions
          </h2>
          <ul className="ofc-actions">
            {QUICK_ACTIONS.filter((q) => staffMay(admin.role, q.needs)).map((q) => (
              <li key={q.target}>
                <button type="button" className="aw-card-button aw-row ofc-action" onClick={() => onNavigate(q.target)}>
                  <span className="aw-disc ofc-action__icon" aria-hidden="true">
                    <Icon name={q.icon} size={20} />
                  </span>
                  <span>
                    <span className="ofc-action__title">{q.title}</span>
                    <span className="ofc-action__text">{q.text}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
