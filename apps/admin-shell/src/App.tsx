import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SignInProps } from 'admin_access/SignIn';
import type { AdminUser } from '@afterwards/contracts';
import { AppHeader, Badge, Container, LoadingScreen, RemoteSlot, SkipLink } from '@afterwards/web-ui';
import { Panel } from './Panel';
import { lazyRemote } from './remote';
import { checkAdminSession, endAdminSession, parseAdmin, type AdminSessionState } from './session';
import { SetupPage } from './SetupPage';
import { setupTokenFromLocation } from './setup';
import { StaffFooter } from './StaffFooter';

export const ADMIN_BASE = '/admin/';

type SettledSession = Exclude<AdminSessionState, { status: 'checking' }>;

export function App() {
  // The first-staff set-up link is the one path the shell answers; read it before tidying the address.
  const [setupToken, setSetupToken] = useState(() => setupTokenFromLocation(window.location));
  // What the set-up page learnt, so the staff area starts from it instead of asking the server again.
  const [handoff, setHandoff] = useState<SettledSession>();
  if (setupToken !== null) {
    const leaveSetup = (next: SettledSession) => {
      window.history.replaceState(null, '', ADMIN_BASE);
      setHandoff(next);
      setSetupToken(null);
    };
    return (
      <SetupPage
        token={setupToken}
        onSignedIn={(admin: AdminUser) => leaveSetup({ status: 'signed-in', admin })}
        onCreated={(notice) => leaveSetup({ status: 'signed-out', notice })}
      />
    );
  }
  return <StaffArea initial={handoff} />;
}

function StaffArea({ initial }: { initial?: SettledSession }) {
  const [session, setSession] = useState<AdminSessionState>(() => initial ?? { status: 'checking' });
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    // Sections are chosen from the side menu, not by path: keep the address tidy. History is the one
    // section with an address, so screens can link a record's history.
    if (window.location.pathname !== ADMIN_BASE && window.location.pathname.replace(/\/$/, '') !== '/admin/history') window.history.replaceState(null, '', ADMIN_BASE);
    if (initial) return;
    const controller = new AbortController();
    checkAdminSession(controller.signal).then((s) => {
      if (!controller.signal.aborted) setSession(s);
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: a session handed in at start needs no check
  }, []);

  const onSignedIn = useCallback((body: unknown) => {
    const admin = parseAdmin(body);
    if (admin) setSession({ status: 'signed-in', admin });
    else void checkAdminSession().then(setSession);
  }, []);

  async function signOut() {
    setSigningOut(true);
    await endAdminSession();
    setSigningOut(false);
    setSession(await checkAdminSession());
  }

  if (session.status === 'checking') return <LoadingScreen message="Loading the staff area..." />;
  if (session.status === 'signed-in') return <Panel admin={session.admin} onSignOut={signOut} signingOut={signingOut} />;
  return <SignInPage lockedUntil={session.lockedUntil} notice={session.notice} onSignedIn={onSignedIn} />;
}

function SignInPage(props: SignInProps) {
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new lazy component per attempt, so "Try again" really fetches the remote again
  const SignIn = useMemo(() => lazyRemote<SignInProps>('admin_access/SignIn'), [attempt]);

  useEffect(() => {
    document.title = 'Staff sign in · Afterwards staff area';
  }, []);

  return (
    <div className="aw-page adm-page">
      <SkipLink />
      <AppHeader homeHref={ADMIN_BASE} subtitle="Staff area">
        <div className="aw-cluster adm-header__aside">
          <Badge tone="accent">Authorised staff only</Badge>
          <a className="aw-nav__link" href="/">
            Public site
          </a>
        </div>
      </AppHeader>
      <main id="main" tabIndex={-1} className="adm-main">
        <Container className="aw-stack adm-center">
          <RemoteSlot
            name="the sign-in screen"
            failureText="The staff sign-in screen can't be loaded right now. Please try again in a moment."
            onRetry={() => setAttempt((n) => n + 1)}
          >
            <SignIn {...props} />
          </RemoteSlot>
        </Container>
      </main>
      <StaffFooter />
    </div>
  );
}
