// Route table of the family shell and the redirect rules (pure, so it is unit-tested).

export type PageId = 'home' | 'login' | 'resources' | 'privacy' | 'terms' | 'dashboard' | 'reset-password' | 'email-verified' | 'invitation';

export const ROUTES: Readonly<Record<string, PageId>> = {
  '/': 'home',
  '/login': 'login',
  '/resources': 'resources',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/dashboard': 'dashboard',
  // Where the e-mailed password-reset and verification links land.
  '/reset-password': 'reset-password',
  '/email-verified': 'email-verified',
  // Where a memory invitation's e-mailed link lands.
  '/invitation': 'invitation',
};

export const PAGE_TITLES: Readonly<Record<PageId, string>> = {
  home: 'Afterwards · Guidance through difficult times',
  login: 'Sign in · Afterwards',
  resources: 'Resources and local services · Afterwards',
  privacy: 'Privacy Policy · Afterwards',
  terms: 'Terms & Conditions · Afterwards',
  dashboard: 'Your dashboard · Afterwards',
  'reset-password': 'Choose a new password · Afterwards',
  'email-verified': 'Email address verified · Afterwards',
  invitation: 'Invitation to a memory · Afterwards',
};

/** Paths that belong to other parts of the same origin, never handled by this app's router. */
export function isOutsideShell(pathname: string): boolean {
  return /^\/(admin|api|remotes|socket\.io)(\/|$)/.test(pathname);
}

/** '/resources/' → '/resources', '//terms' → '/terms', '/index.html' → '/'. */
export function normalisePath(pathname: string): string {
  let p = pathname.replace(/\/{2,}/g, '/');
  if (p === '/index.html') return '/';
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/**
 * Pages drawn the same for everyone, signed in or not: shown without waiting for the session check, so
 * the first thing a visitor reads does not wait for that round trip.
 */
export const SESSION_FREE_PAGES: ReadonlySet<PageId> = new Set<PageId>(['home', 'resources', 'privacy', 'terms', 'reset-password']);

export type RouteDecision =
  | { kind: 'page'; page: PageId }
  /** The page depends on the session, which is still being checked. */
  | { kind: 'wait' }
  /** Replace the current history entry with `to` (same app). */
  | { kind: 'redirect'; to: string }
  /** Leave the app with a full page load. */
  | { kind: 'leave'; to: string };

/** `signedIn` is null while the session is being checked. */
export function decideRoute(pathname: string, signedIn: boolean | null): RouteDecision {
  // The staff area is another app on the same origin; '/admin' without the slash lands here.
  if (pathname === '/admin') return { kind: 'leave', to: '/admin/' };

  const path = normalisePath(pathname);
  const page = ROUTES[path];
  if (!page) return { kind: 'redirect', to: '/' };
  if (signedIn === null && !SESSION_FREE_PAGES.has(page)) return { kind: 'wait' };
  if (page === 'dashboard' && !signedIn) return { kind: 'redirect', to: '/login' };
  if (page === 'login' && signedIn) return { kind: 'redirect', to: '/dashboard' };
  if (path !== pathname) return { kind: 'redirect', to: path };
  return { kind: 'page', page };
}
