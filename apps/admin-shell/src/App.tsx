import { lazy, useEffect, useMemo, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { SignInProps } from 'admin_access/SignIn';
import { AppHeader, Badge, Container, RemoteSlot, SkipLink, copyrightText } from '@afterwards/web-ui';

// Loaded through the Module Federation runtime so that "Try again" after a failed download
// really fetches the remote's manifest again.
async function loadSignIn(): Promise<{ default: ComponentType<SignInProps> }> {
  const mod = await loadRemote<{ default: ComponentType<SignInProps> }>('admin_access/SignIn');
  if (!mod?.default) throw new Error('The admin-access remote did not provide ./SignIn');
  return mod;
}

export const ADMIN_BASE = '/admin/';

export function App() {
  const [attempt, setAttempt] = useState(0);
  const SignIn = useMemo(() => lazy(loadSignIn), [attempt]);

  useEffect(() => {
    document.title = 'Staff sign in · Afterwards staff area';
    // Only the sign-in screen exists so far: keep the address tidy.
    if (window.location.pathname !== ADMIN_BASE) window.history.replaceState(null, '', ADMIN_BASE);
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
            <SignIn />
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
