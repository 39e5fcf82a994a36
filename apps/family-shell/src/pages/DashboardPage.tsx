// /dashboard: the signed-in frame (the spec: 'Dashboard'). Tabs are internal state, not
// routes. Settings comes from the 'account' remote; overview, memories, case details (and a memory's
// organisations), tasks, documents and notes (and the header's sync indicator) from the 'memories' remote.
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { SettingsProps } from 'account/Settings';
import type { MemoriesDashboardProps, MemoriesTab } from 'memories/MemoriesDashboard';
import { Button, Container, ErrorBoundary, Footer, Icon, InlineLoading, Logo, RemoteSlot, SkipLink, openConsentSettings, useToast } from '@afterwards/web-ui';
import { useFooterPolicies } from '../components/FooterPolicies';
import { ResourcesColumns } from '../components/ResourcesColumns';
import { navigate } from '../router';
import { acceptInvitationPath, pendingInvitation } from '../invitation';
import { displayName, greeting, type SessionUser } from '../session';
import { authClient, call } from '@afterwards/web-data/auth';
import { markSignedOut, refreshSession } from '../auth/session-store';
import { useSupportEmail } from '../auth/options';
import '../auth/dashboard.css';

export type DashboardTab = MemoriesTab | 'resources' | 'settings';

const NAV_TABS: ReadonlyArray<{ tab: DashboardTab; label: string }> = [
  { tab: 'overview', label: 'Overview' },
  { tab: 'cases', label: 'Memories' },
  { tab: 'tasks', label: 'Tasks' },
  { tab: 'documents', label: 'Documents' },
  { tab: 'notes', label: 'Notes' },
  { tab: 'resources', label: 'Resources' },
];

async function loadSettings(): Promise<{ default: ComponentType<SettingsProps> }> {
  const mod = await loadRemote<{ default: ComponentType<SettingsProps> }>('account/Settings');
  if (!mod?.default) throw new Error('The account remote did not provide ./Settings');
  return mod;
}

async function loadMemoriesDashboard(): Promise<{ default: ComponentType<MemoriesDashboardProps> }> {
  const mod = await loadRemote<{ default: ComponentType<MemoriesDashboardProps> }>('memories/MemoriesDashboard');
  if (!mod?.default) throw new Error('The memories remote did not provide ./MemoriesDashboard');
  return mod;
}

async function loadSyncIndicator(): Promise<{ default: ComponentType<Record<string, never>> }> {
  const mod = await loadRemote<{ default: ComponentType<Record<string, never>> }>('memories/SyncIndicator');
  if (!mod?.default) throw new Error('The memories remote did not provide ./SyncIndicator');
  return mod;
}

/** The tabs the shell draws itself; every other tab is the memories remote's. */
const isShellTab = (tab: DashboardTab): tab is 'resources' | 'settings' => tab === 'resources' || tab === 'settings';

/** Which navigation entry is current: case details and a memory's organisations belong to Memories. */
export function navTabOf(tab: DashboardTab): DashboardTab {
  return tab === 'case-details' || tab === 'organisations' ? 'cases' : tab;
}

/** First name for the navigation bar: the profile's first name, else the greeting name's first word. */
export function navName(user: SessionUser): string {
  return user.firstName ?? displayName(user).split(/\s+/)[0] ?? 'User';
}

export function DashboardPage({ user }: { user: SessionUser }) {
  const toast = useToast();
  // ?memory=… (an accepted invitation) opens that memory's details; otherwise the overview.
  const [linked] = useState(() => new URLSearchParams(window.location.search).get('memory') ?? undefined);
  const [tab, setTab] = useState<DashboardTab>(linked ? 'case-details' : 'overview');
  // The memory a tab is about (case details; a focus on tasks, documents or notes).
  const [memoryId, setMemoryId] = useState<string | undefined>(linked);
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new lazy component per attempt, so "Try again" really fetches the remote again
  const Settings = useMemo(() => lazy(loadSettings), [attempt]);
  const [memoriesAttempt, setMemoriesAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new lazy component per attempt, so "Try again" really fetches the remote again
  const MemoriesDashboard = useMemo(() => lazy(loadMemoriesDashboard), [memoriesAttempt]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new lazy component per attempt, so "Try again" really fetches the remote again
  const SyncIndicator = useMemo(() => lazy(loadSyncIndicator), [memoriesAttempt]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const menuId = useId();
  const supportEmail = useSupportEmail();
  const footerPolicies = useFooterPolicies();

  useEffect(() => {
    // An invitation opened before signing in is accepted now; a linked memory leaves the address clean.
    const waiting = pendingInvitation();
    if (waiting) navigate(acceptInvitationPath(waiting), { replace: true });
    else if (linked) window.history.replaceState(window.history.state, '', '/dashboard');
  }, [linked]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [tab, memoryId]);

  function open(next: DashboardTab, forMemory?: string) {
    setTab(next);
    setMemoryId(forMemory);
    setMenuOpen(false);
  }

  async function signOut() {
    if (signingOut) return;
    setSigningOut(true);
    const { error } = await call(() => authClient.signOut());
    if (error) {
      setSigningOut(false);
      toast.error('Failed to sign out');
      return;
    }
    toast.success('Signed out successfully');
    navigate('/', { replace: true });
    markSignedOut();
  }

  const name = displayName(user);

  return (
    <div className="aw-page fs-dash">
      <SkipLink />
      <header className="aw-header fs-dash__header">
        <Container className="aw-row fs-dash__bar">
          <a
            className="aw-brand"
            href="/dashboard"
            onClick={(e) => {
              e.preventDefault();
              open('overview');
            }}
          >
            <Logo size="md" decorative />
            <span className="aw-visually-hidden">Afterwards</span>
          </a>
          <nav aria-label="Dashboard" className="fs-dash__nav" id={menuId} data-open={menuOpen || undefined}>
            <p className="fs-dash__menu-who">
              Signed in as <strong>{navName(user)}</strong>
            </p>
            <ul>
              {NAV_TABS.map((t) => (
                <li key={t.tab}>
                  <button type="button" className="aw-text-button aw-nav-button fs-dash__tab" aria-current={navTabOf(tab) === t.tab ? 'page' : undefined} onClick={() => open(t.tab)}>
                    {t.label}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="aw-row fs-dash__tools">
            {/* Quietly absent if the memories remote cannot load: the tabs below say so. */}
            <ErrorBoundary fallback={() => null}>
              <Suspense fallback={null}>
                <SyncIndicator />
              </Suspense>
            </ErrorBoundary>
            <span className="fs-dash__who" title={user.email}>
              <Icon name="user" size={18} />
              <span className="fs-dash__who-name">{navName(user)}</span>
            </span>
            <button
              type="button"
              className="aw-icon-button fs-dash__icon-btn"
              aria-label="Settings"
              aria-current={tab === 'settings' ? 'page' : undefined}
              onClick={() => open('settings')}
            >
              <Icon name="settings" size={20} />
            </button>
            <Button variant="secondary" size="sm" onClick={signOut} disabled={signingOut} icon={<Icon name="log-out" size={16} />} className="fs-dash__signout">
              {signingOut ? 'Signing out...' : 'Sign Out'}
            </Button>
            <button
              type="button"
              className="aw-icon-button fs-dash__icon-btn fs-dash__menu-btn"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((v) => !v)}
            >
              <Icon name={menuOpen ? 'close' : 'menu'} size={22} />
            </button>
          </div>
        </Container>
      </header>

      <main id="main" tabIndex={-1}>
        <Container className="fs-page fs-dash__main">
          <div className="aw-stack fs-dash__welcome">
            {tab === 'settings' ? null : <p className="aw-eyebrow">{NAV_TABS.find((t) => t.tab === navTabOf(tab))?.label}</p>}
            <h1 ref={headingRef} tabIndex={-1} className="fs-dash__title">
              {tab === 'settings' ? 'Settings' : tab === 'resources' ? 'Resources & Local Services' : `${greeting(user)}, ${name}`}
            </h1>
            {tab === 'settings' ? (
              <p className="aw-muted">Your personal information, account security and preferences.</p>
            ) : null}
            {tab === 'resources' ? (
              <p className="aw-muted">Guides from government services and bereavement charities, and local services near you.</p>
            ) : null}
          </div>

          {tab === 'settings' ? (
            <RemoteSlot
              name="your settings"
              failureText="Your settings can't be loaded right now. Please try again in a moment."
              onRetry={() => setAttempt((n) => n + 1)}
            >
              <Settings onSignOut={signOut} onViewResources={() => open('resources')} supportEmail={supportEmail ?? ''} onProfileSaved={() => void refreshSession()} />
            </RemoteSlot>
          ) : tab === 'resources' ? (
            <section aria-label="Resources & Local Services">
              <ResourcesColumns page="dashboard-resources" />
            </section>
          ) : null}

          {/* Mounted on every tab: its keyboard shortcuts (Ctrl/Cmd+N, Ctrl/Cmd+Shift+N, Escape) and dialogs work
              everywhere; on the shell's own tabs it draws nothing but those dialogs. */}
          <ErrorBoundary
            onError={(error) => console.error('[afterwards] could not load your memories', error)}
            fallback={(retry) =>
              isShellTab(tab) ? null : (
                <div className="aw-remote-fallback" role="alert">
                  <p>Your memories can't be loaded right now. Please try again in a moment.</p>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setMemoriesAttempt((n) => n + 1);
                      retry();
                    }}
                  >
                    Try again
                  </Button>
                </div>
              )
            }
          >
            <Suspense fallback={isShellTab(tab) ? null : <InlineLoading>Loading your memories...</InlineLoading>}>
              <MemoriesDashboard tab={tab} memoryId={memoryId} onNavigate={open} />
            </Suspense>
          </ErrorBoundary>
        </Container>
      </main>
      <Footer policies={footerPolicies} onCookieSettings={openConsentSettings} />
    </div>
  );
}
