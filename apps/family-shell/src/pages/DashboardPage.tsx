// /dashboard: the signed-in frame (family spec section 2, 'Dashboard'). Tabs are internal state, not
// routes. Settings comes from the 'account' remote; the other tabs arrive with later work.
import { lazy, useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { SettingsProps } from 'account/Settings';
import { Button, ButtonLink, Card, Container, Footer, Icon, Logo, RemoteSlot, SkipLink, openConsentSettings, useToast, type IconName } from '@afterwards/web-ui';
import { Blocks, PolicyText } from '../components/PolicyText';
import { ResourcesColumns } from '../components/ResourcesColumns';
import { COOKIE_SUMMARY, PRIVACY_POLICY, TERMS } from '../content/policies';
import { navigate } from '../router';
import { displayName, type SessionUser } from '../session';
import { authClient, call } from '../auth/client';
import { markSignedOut, refreshSession } from '../auth/session-store';
import { SUPPORT_EMAIL } from '../auth/support';
import { useSignInOptions } from '../auth/options';
import '../auth/dashboard.css';

export type DashboardTab = 'overview' | 'cases' | 'tasks' | 'documents' | 'notes' | 'resources' | 'settings';

const NAV_TABS: ReadonlyArray<{ tab: DashboardTab; label: string }> = [
  { tab: 'overview', label: 'Overview' },
  { tab: 'cases', label: 'Memories' },
  { tab: 'tasks', label: 'Tasks' },
  { tab: 'documents', label: 'Documents' },
  { tab: 'notes', label: 'Notes' },
  { tab: 'resources', label: 'Resources' },
];

const COMING: Record<Exclude<DashboardTab, 'settings' | 'overview' | 'resources'>, { title: string; icon: IconName; text: string }> = {
  cases: { title: 'Your Memories', icon: 'heart', text: 'Here you will open a memory for the person who died and get a checklist for where they lived.' },
  tasks: { title: 'Tasks', icon: 'checklist', text: 'Your tasks, grouped by memory and by how soon they need doing, will be listed here.' },
  documents: { title: 'Documents', icon: 'document', text: 'The documents you need, and the copies you have uploaded, will be kept here.' },
  notes: { title: 'Notes & Documentation', icon: 'document', text: 'Notes of calls, meetings and memories will be kept here, next to each memory.' },
};

// Spec: the dashboard footer's policy links open modals.
const FOOTER_POLICIES = {
  privacy: <PolicyText policy={PRIVACY_POLICY} inModal />,
  terms: <PolicyText policy={TERMS} inModal />,
  cookies: <Blocks blocks={COOKIE_SUMMARY} />,
};

async function loadSettings(): Promise<{ default: ComponentType<SettingsProps> }> {
  const mod = await loadRemote<{ default: ComponentType<SettingsProps> }>('account/Settings');
  if (!mod?.default) throw new Error('The account remote did not provide ./Settings');
  return mod;
}

/** First name for the navigation bar: the profile's first name, else the greeting name's first word. */
export function navName(user: SessionUser): string {
  return user.firstName ?? displayName(user).split(/\s+/)[0] ?? 'User';
}

export function DashboardPage({ user }: { user: SessionUser }) {
  const toast = useToast();
  const [tab, setTab] = useState<DashboardTab>('overview');
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const Settings = useMemo(() => lazy(loadSettings), [attempt]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const menuId = useId();
  const supportEmail = useSignInOptions()?.supportEmail ?? SUPPORT_EMAIL;

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [tab]);

  function open(next: DashboardTab) {
    setTab(next);
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
        <Container className="fs-dash__bar">
          <a
            className="aw-brand"
            href="/dashboard"
            onClick={(e) => {
              e.preventDefault();
              open('overview');
            }}
          >
            <Logo size="md" decorative />
            <span className="fs-dash__brand-text">Afterwards</span>
          </a>
          <nav aria-label="Dashboard" className="fs-dash__nav" id={menuId} data-open={menuOpen || undefined}>
            <p className="fs-dash__menu-who">
              Signed in as <strong>{navName(user)}</strong>
            </p>
            <ul>
              {NAV_TABS.map((t) => (
                <li key={t.tab}>
                  <button type="button" className="fs-dash__tab" aria-current={tab === t.tab ? 'page' : undefined} onClick={() => open(t.tab)}>
                    {t.label}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="fs-dash__tools">
            <span className="fs-dash__who" title={user.email}>
              <Icon name="user" size={18} />
              <span className="fs-dash__who-name">{navName(user)}</span>
            </span>
            <button
              type="button"
              className="fs-dash__icon-btn"
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
              className="fs-dash__icon-btn fs-dash__menu-btn"
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
          <div className="fs-dash__welcome">
            {tab === 'settings' ? null : <p className="aw-eyebrow">{NAV_TABS.find((t) => t.tab === tab)?.label}</p>}
            <h1 ref={headingRef} tabIndex={-1} className="fs-dash__title">
              {tab === 'settings' ? 'Settings' : tab === 'resources' ? 'Resources & Local Services' : `Welcome back, ${name}`}
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
              <Settings onSignOut={signOut} onViewResources={() => open('resources')} supportEmail={supportEmail} onProfileSaved={() => void refreshSession()} />
            </RemoteSlot>
          ) : tab === 'overview' ? (
            <Overview onOpen={open} />
          ) : tab === 'resources' ? (
            <section aria-label="Resources & Local Services">
              <ResourcesColumns page="dashboard-resources" />
            </section>
          ) : (
            <Card className="fs-dash__coming" as="section" aria-label={COMING[tab].title}>
              <span className="fs-dash__coming-icon" aria-hidden="true">
                <Icon name={COMING[tab].icon} size={28} />
              </span>
              <h2>{COMING[tab].title}</h2>
              <p className="aw-muted">{COMING[tab].text}</p>
              <p className="aw-muted">This section is being built.</p>
            </Card>
          )}
        </Container>
      </main>
      <Footer policies={FOOTER_POLICIES} onCookieSettings={openConsentSettings} />
    </div>
  );
}

function Overview({ onOpen }: { onOpen: (tab: DashboardTab) => void }) {
  return (
    <div className="fs-dash__overview">
      <Card as="section" className="fs-dash__coming" aria-labelledby="fs-dash-start">
        <span className="fs-dash__coming-icon" aria-hidden="true">
          <Icon name="heart" size={28} />
        </span>
        <h2 id="fs-dash-start">Your dashboard is being built</h2>
        <p className="aw-muted">
          Soon you will be able to open a memory for the person who died and get a checklist of tasks and documents,
          keep notes, and track your progress here. There is no rush.
        </p>
        <div className="fs-dash__actions">
          <Button onClick={() => onOpen('settings')} icon={<Icon name="settings" size={18} />}>
            Your settings
          </Button>
          <Button variant="secondary" onClick={() => onOpen('resources')} icon={<Icon name="users" size={18} />}>
            Resources &amp; Guides
          </Button>
        </div>
      </Card>
    </div>
  );
}
