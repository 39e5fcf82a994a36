import { lazy, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { SignInProps } from 'admin_access/SignIn';
import { AppHeader, Badge, Container, LoadingScreen, RemoteSlot, SkipLink, copyrightText } from '@afterwards/web-ui';
import { Panel } from './Panel';
import { checkAdminSession, endAdminSession, parseAdmin, type AdminSessionState } from './session';

// Loaded through the Module Federation runtime so that "Try again" after a failed download
// really fetches the remote's manifest again.
async function loadSignIn(): Promise<{ default: ComponentType<SignInProps> }> {
  const mod = await loadRemote<{ default: ComponentType<SignInProps> }>('admin_access/SignIn');
  if (!mod?.default) throw new Error('The admin-access remote did not provide ./SignIn');
  return mod;
}

export const ADMIN_BASE = '/admin/';

export function App() {
  const [session, setSession] = useState<AdminSessionState>({ status: 'checking' });
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    // Sections are chosen from the side menu, not by path: keep the address tidy.
    if (window.location.pathname !== ADMIN_BASE) window.history.replaceState(null, '', ADMIN_BASE);
    const controller = new AbortController();
    checkAdminSession(controller.signal).then((s) => {
      if (!controller.signal.aborted) setSession(s);
    });
    return () => controller.abort();
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
  const SignIn = useMemo(() => lazy(loadSignIn), [attempt]);

  useEffect(() => {
    document.title = 'Staff sign in · Afterwards staff area';
  }, []);

  return (
    <div className="aw-page adm-page">
      <SkipLink />
      <AppHeader homeHref={ADMIN_BASE} subtitle="Staff area">
        <div className="adm-header__aside">
          <Badge tone="accent">Authorised staff only</Badge>
          <a className="aw-nav__link" href="/">
            Public site
          </a>
        </div>
      </AppHeader>
      <main id="main" tabIndex={-1} className="adm-main">
        <Container className="adm-center">
          <RemoteSlot
            name="the sign-in screen"
            failureText="The staff sign-in screen can't be loaded right now. Please try again in a moment."
            onRetry={() => setAttempt((n) => n + 1)}
          >
            <SignIn {...props} />
          </RemoteSlot>
        </Container>
      </main>
      <footer className="adm-footer">
        <Container>
          <p>{copyrightText()}</p>
        </Container>
      </footer>
    </div>
  );
}
