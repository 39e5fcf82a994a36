// The staff panel frame (the spec: 'Admin panel shell'): header with the welcome line, the
// live-updates indicator and Sign Out, side menu of the sections. Each built section is a remote behind
// Suspense and an error boundary; the rest say they are being built. While Settings has unsaved edits,
// leaving it asks first.
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { AdminUser } from '@afterwards/contracts';
import type { DashboardProps } from 'admin_office/Dashboard';
import type { SettingsProps } from 'admin_office/Settings';
import type { AuditLogProps } from 'admin_office/AuditLog';
import type { LocalBusinessesProps } from 'admin_listings/LocalBusinesses';
import type { PromotionsProps } from 'admin_promotions/Promotions';
import type { CoverageProps } from 'admin_coverage/Coverage';
import type { DocumentsProps } from 'admin_documents/Documents';
import type { HistoryProps } from 'admin_history/History';
import type { OrganisationsProps } from 'admin_organisations/Organisations';
import { AppHeader, Button, Card, ConfirmDialog, Container, ErrorBoundary, Icon, RemoteSlot, SkipLink, type IconName } from '@afterwards/web-ui';
import { lazyRemote } from './remote';
import { welcomeName } from './session';
import { StaffFooter } from './StaffFooter';

export type AdminSection = 'dashboard' | 'businesses' | 'promotions' | 'organisations' | 'coverage' | 'documents' | 'settings' | 'audit' | 'history';

export const SECTIONS: ReadonlyArray<{ id: AdminSection; label: string; icon: IconName; about: string }> = [
  { id: 'dashboard', label: 'Dashboard', icon: 'progress', about: 'Totals for listings, promotions and revenue, and the reviews waiting for you.' },
  { id: 'businesses', label: 'Local Businesses', icon: 'building', about: 'Add, review, approve and edit the listings in the local-services directory.' },
  { id: 'promotions', label: 'Promotions', icon: 'megaphone', about: 'Featured placements: create, renew and cancel paid promotions.' },
  { id: 'organisations', label: 'Organisations', icon: 'landmark', about: 'The organisations families tell after a death: where to write, what they need, and the names families add that are missing.' },
  { id: 'coverage', label: 'Coverage Analytics', icon: 'map', about: 'Where the directory covers people well, and where it needs more services.' },
  { id: 'documents', label: 'Document Processing', icon: 'document', about: 'Import businesses from spreadsheets and documents, and check them before they go live.' },
  { id: 'settings', label: 'Settings', icon: 'settings', about: 'Prices, limits and other settings of the back office.' },
  { id: 'audit', label: 'Audit Log', icon: 'shield', about: 'Who changed what, when and from where.' },
  { id: 'history', label: 'History', icon: 'refresh', about: "Every change to a listing, promotion, organisation or the settings, and the record's state at any version." },
];

const isSection = (id: string): id is AdminSection => SECTIONS.some((s) => s.id === id);

/** History has its own address (/admin/history?stream=…), so other screens and exports can link a record's history. */
const HISTORY_PATH = '/admin/history';
const sectionFromPath = (): AdminSection => (window.location.pathname.replace(/\/$/, '') === HISTORY_PATH ? 'history' : 'dashboard');

/** Where the person wants to go while Settings has unsaved edits: another section, or signing out. */
type PendingLeave = { to: AdminSection } | { signOut: true };

export function Panel({ admin, onSignOut, signingOut }: { admin: AdminUser; onSignOut: () => void; signingOut: boolean }) {
  const [section, setSection] = useState<AdminSection>(sectionFromPath);
  const [settingsDirty, setSettingsDirty] = useState(false);
  const [pendingLeave, setPendingLeave] = useState<PendingLeave | null>(null);
  // The Dashboard's 'Add New Business' and 'Create Promotion' land on their section with its form open.
  const [businessesStart, setBusinessesStart] = useState<LocalBusinessesProps['startWith']>();
  const [promotionsStart, setPromotionsStart] = useState<PromotionsProps['startWith']>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const current = SECTIONS.find((s) => s.id === section)!;

  // The address follows History in and out (its remote keeps the query up to date).
  useEffect(() => {
    const onHistory = window.location.pathname.replace(/\/$/, '') === HISTORY_PATH;
    if (section === 'history' && !onHistory) window.history.replaceState(window.history.state, '', HISTORY_PATH);
    else if (section !== 'history' && onHistory) window.history.replaceState(window.history.state, '', '/admin/');
  }, [section]);

  useEffect(() => {
    document.title = `${current.label} · Afterwards staff area`;
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [current.label]);

  const leave = (to: PendingLeave) => {
    setPendingLeave(null);
    if ('signOut' in to) onSignOut();
    else {
      setSettingsDirty(false);
      setBusinessesStart(undefined);
      setPromotionsStart(undefined);
      setSection(to.to);
    }
  };
  const request = (to: PendingLeave) => {
    if ('to' in to && to.to === section) return;
    if (section === 'settings' && settingsDirty) setPendingLeave(to);
    else leave(to);
  };
  // Sections the remotes ask for by name (Dashboard quick actions, Local Businesses links).
  const navigate = (id: string, start?: PromotionsProps['startWith']) => {
    if (!isSection(id)) return;
    request({ to: id });
    // Local Businesses' Promote (Create Promotion for that business) and View Promotion (its promotions).
    if (id === 'promotions' && start) setPromotionsStart(start);
  };
  const navigateFromDashboard = (id: string) => {
    navigate(id);
    if (id === 'businesses') setBusinessesStart('add');
    if (id === 'promotions') setPromotionsStart('create');
  };

  return (
    <div className="aw-page adm-page">
      <SkipLink />
      <AppHeader homeHref="/admin/" subtitle="Staff area">
        <div className="aw-cluster adm-header__aside">
          <RealtimeIndicatorSlot />
          <span className="adm-welcome">Welcome, {welcomeName(admin)}</span>
          <Button variant="secondary" size="sm" onClick={() => request({ signOut: true })} disabled={signingOut} icon={<Icon name="log-out" size={16} />}>
            {signingOut ? 'Signing out...' : 'Sign Out'}
          </Button>
        </div>
      </AppHeader>
      <div className="adm-body">
        <Container className="adm-layout">
          <nav className="adm-side" aria-label="Sections">
            <ul>
              {SECTIONS.map((s) => (
                <li key={s.id}>
                  <button type="button" className="aw-text-button aw-nav-button aw-row adm-side__item" aria-current={s.id === section ? 'page' : undefined} onClick={() => request({ to: s.id })}>
                    <Icon name={s.icon} size={18} />
                    <span>{s.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" tabIndex={-1} className="aw-stack adm-content">
            <h1 ref={headingRef} tabIndex={-1} className="adm-content__title">
              {current.label}
            </h1>
            {section === 'dashboard' ? (
              <RemoteSection<DashboardProps> key={section} module="admin_office/Dashboard" label={current.label} props={{ admin, onNavigate: navigateFromDashboard }} />
            ) : section === 'businesses' ? (
              <RemoteSection<LocalBusinessesProps>
                key={section}
                module="admin_listings/LocalBusinesses"
                label={current.label}
                props={{ admin, onNavigate: (id, start) => navigate(id, start), startWith: businessesStart }}
              />
            ) : section === 'promotions' ? (
              <RemoteSection<PromotionsProps> key={section} module="admin_promotions/Promotions" label={current.label} props={{ admin, startWith: promotionsStart }} />
            ) : section === 'organisations' ? (
              <RemoteSection<OrganisationsProps> key={section} module="admin_organisations/Organisations" label={current.label} props={{ admin }} />
            ) : section === 'coverage' ? (
              <RemoteSection<CoverageProps> key={section} module="admin_coverage/Coverage" label={current.label} props={{ admin, onNavigate: navigate }} />
            ) : section === 'documents' ? (
              <RemoteSection<DocumentsProps> key={section} module="admin_documents/Documents" label={current.label} props={{ admin }} />
            ) : section === 'settings' ? (
              <RemoteSection<SettingsProps> key={section} module="admin_office/Settings" label={current.label} props={{ admin, onDirtyChange: setSettingsDirty }} />
            ) : section === 'audit' ? (
              <RemoteSection<AuditLogProps> key={section} module="admin_office/AuditLog" label={current.label} props={{ admin }} />
            ) : section === 'history' ? (
              <RemoteSection<HistoryProps> key={section} module="admin_history/History" label={current.label} props={{ admin }} />
            ) : (
              <BeingBuilt label={current.label} icon={current.icon} about={current.about} />
            )}
          </main>
        </Container>
      </div>
      <StaffFooter />
      <ConfirmDialog
        open={pendingLeave !== null}
        onCancel={() => setPendingLeave(null)}
        title="Leave without saving?"
        cancelLabel="Stay on Settings"
        confirmLabel={pendingLeave && 'signOut' in pendingLeave ? 'Sign out without saving' : 'Leave without saving'}
        onConfirm={() => pendingLeave && leave(pendingLeave)}
      >
        <p>You have unsaved changes in Settings. If you leave now, they will be lost.</p>
      </ConfirmDialog>
    </div>
  );
}

/** A section served by a remote; "Try again" downloads it afresh. */
function RemoteSection<P extends object>({ module, label, props }: { module: string; label: string; props: P }) {
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new lazy component per attempt, so "Try again" really fetches the remote again
  const Remote = useMemo(() => lazyRemote<P>(module), [module, attempt]);
  return (
    <RemoteSlot name={label} failureText={`${label} can't be loaded right now. Please try again in a moment.`} onRetry={() => setAttempt((n) => n + 1)}>
      <Remote {...props} />
    </RemoteSlot>
  );
}

function BeingBuilt({ label, icon, about }: { label: string; icon: IconName; about: string }) {
  return (
    <Card className="aw-row adm-building" as="section" aria-label={`${label}: not ready yet`}>
      <span className="aw-disc adm-building__icon" aria-hidden="true">
        <Icon name={icon} size={26} />
      </span>
      <div>
        <h2 className="adm-building__title">This section is being built</h2>
        <p className="aw-muted">{about}</p>
      </div>
    </Card>
  );
}

/**
 * Live-updates state in the header; if its remote cannot load, the header simply goes without it. It arrives
 * after the header is drawn, so its place is kept from the start (see .adm-live-slot): the header does not
 * grow when it comes, which on a phone would move the section menu under a press.
 */
function RealtimeIndicatorSlot() {
  const Indicator = useMemo(() => lazyRemote<object>('admin_office/RealtimeIndicator'), []);
  return (
    <div className="adm-live-slot">
      <ErrorBoundary fallback={() => null} onError={(error) => console.error('[afterwards] could not load the live-updates indicator', error)}>
        <Suspense fallback={null}>
          <Indicator />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
