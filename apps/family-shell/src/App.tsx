import { lazy, memo, Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { LoadingScreen, useToast } from '@afterwards/web-ui';
import { decideRoute, PAGE_TITLES, type PageId } from './routes';
import { navigate, useLinkInterception, useLocation } from './router';
import { type SessionState } from './session';
import { useSession } from './auth/session-store';
import { CookieConsent } from './components/CookieConsent';

// Each page is its own chunk, so a page loads only what its first render needs (index.ts asks for the
// current page's chunk alongside the app's). Account screens carry the auth client.
const LandingPage = lazy(() => import('./pages/LandingPage').then((m) => ({ default: m.LandingPage })));
const ResourcesPage = lazy(() => import('./pages/ResourcesPage').then((m) => ({ default: m.ResourcesPage })));
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const LoginNewPasswordPage = lazy(() => import('./pages/LoginNewPasswordPage').then((m) => ({ default: m.LoginNewPasswordPage })));
const LoginVerifiedPage = lazy(() => import('./pages/LoginVerifiedPage').then((m) => ({ default: m.LoginVerifiedPage })));
const InvitationPage = lazy(() => import('./pages/InvitationPage').then((m) => ({ default: m.InvitationPage })));
const DashboardPage = lazy(() => import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const PolicyPage = lazy(() => import('./pages/PolicyPage').then((m) => ({ default: m.PolicyPage })));

export function App() {
  const session = useSession();
  const location = useLocation();
  const toast = useToast();
  useLinkInterception();

  useEffect(() => {
    if (session.status === 'signed-out' && session.reason === 'offline') {
      toast.error('Network error. Please check your internet connection.');
    }
  }, [session, toast]);

  const decision = decideRoute(location.pathname, session.status === 'checking' ? null : session.status === 'signed-in');
  const page = decision.kind === 'page' ? decision.page : null;
  // A page that does not draw the session is not drawn again when the session check answers.
  const pageSession = page && PAGES_DRAWN_WITH_SESSION.has(page) ? session : null;
  // The same element while the page, its session and the location are unchanged. A new one is an update to
  // the boundary, and an update (the session check answering is a synchronous one) reaching a page still
  // hydrating (its chunk not yet loaded) makes React throw the page's HTML away and show the loading screen
  // until the chunk arrives.
  const content = useMemo(
    () =>
      page && (
        <Suspense fallback={<LoadingScreen />}>
          <Page page={page} session={pageSession} location={location} />
        </Suspense>
      ),
    [page, pageSession, location],
  );
  return (
    <>
      {decision.kind === 'wait' ? <LoadingScreen /> : decision.kind !== 'page' ? <Redirect decision={decision} /> : content}
      {/* Drawn while the session is checked too: the first visit's banner does not wait for that round trip. */}
      <CookieConsent />
    </>
  );
}

function Redirect({ decision }: { decision: { kind: 'redirect' | 'leave'; to: string } }) {
  useLayoutEffect(() => {
    if (decision.kind === 'leave') window.location.replace(decision.to);
    else navigate(decision.to, { replace: true });
  }, [decision.kind, decision.to]);
  return null;
}

/** The pages whose drawing depends on who is signed in (the others are given no session). */
const PAGES_DRAWN_WITH_SESSION: ReadonlySet<PageId> = new Set<PageId>(['dashboard', 'email-verified', 'invitation']);

const Page = memo(function Page({ page, session, location }: { page: PageId; session: SessionState | null; location: ReturnType<typeof useLocation> }) {
  const firstRender = useRef(true);

  useEffect(() => {
    document.title = PAGE_TITLES[page];
  }, [page]);

  // After client-side navigation to another path: go to the top (or the #fragment) and move focus
  // to the new page's main region, so keyboard and screen-reader users start at the new content.
  // Fragment-only changes on the same page are left to the browser.
  useLayoutEffect(() => {
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (firstRender.current) {
      firstRender.current = false;
      target?.scrollIntoView();
      return;
    }
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new path counts as a new page
  }, [location.pathname]);

  switch (page) {
    case 'home':
      return <LandingPage />;
    case 'login':
      return <LoginPage />;
    case 'resources':
      return <ResourcesPage />;
    case 'privacy':
      return <PolicyPage kind="privacy" />;
    case 'terms':
      return <PolicyPage kind="terms" />;
    case 'dashboard':
      return session?.status === 'signed-in' ? <DashboardPage user={session.user} /> : null;
    case 'reset-password':
      return <LoginNewPasswordPage />;
    case 'email-verified':
      return <LoginVerifiedPage signedIn={session?.status === 'signed-in'} />;
    case 'invitation':
      return <InvitationPage user={session?.status === 'signed-in' ? session.user : null} />;
  }
});
