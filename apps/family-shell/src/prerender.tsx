// Rendered at build time (libs/web/ui/build/prerender.mjs): the pages drawn the same for everyone, as a
// signed-out visitor sees them. The server sends one to a browser without a session cookie, and the
// browser hydrates it (./bootstrap). Decision 0032.
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Root } from './Root';
import { prerenderAt } from './router';
import { startSignedOut } from './auth/session-store';
import { PAGE_TITLES, ROUTES, SESSION_FREE_PAGES } from './routes';
import { CookieConsent } from './components/CookieConsent';

/** Put in each page's head: what only the browser knows, read before the page is drawn (decision 0033). */
export { CONSENT_PREPAINT_SCRIPT as PREPAINT_SCRIPT } from '@afterwards/contracts';
/** Put at the end of each page's body: starts the entry script once the page is drawn (decision 0034). */
export { ENTRY_AFTER_PAINT_SCRIPT, ENTRY_SCRIPT_ATTRIBUTE } from '@afterwards/contracts';

/**
 * Path → the name of its file, `pages/<name>.html`. /reset-password is left out: it reads its link's token.
 * /login is in: only a browser without a session cookie is sent the file, and that visitor is signed out.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ROUTES).filter(([, page]) => (SESSION_FREE_PAGES.has(page) && page !== 'reset-password') || page === 'login'),
);

export const pageTitle = (pathname: string) => PAGE_TITLES[ROUTES[pathname]!];

async function render(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

export async function renderPage(pathname: string): Promise<string> {
  prerenderAt(pathname);
  startSignedOut();
  return render(<Root />);
}

/**
 * The consent banner alone, for the loading screen of the pages drawn by script (the dashboard, a shared
 * memory's invitation): a first visit reads it while the scripts load, as on a page rendered at build time.
 */
export function renderConsentBanner(): Promise<string> {
  return render(<CookieConsent />);
}
