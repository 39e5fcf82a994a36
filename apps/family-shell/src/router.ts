// A tiny history-API router: the current location as React state, navigate(), and click
// interception so plain <a href="/..."> links inside the shell do not reload the page.
import { useEffect, useSyncExternalStore } from 'react';
import { isOutsideShell } from './routes';

const NAVIGATE_EVENT = 'afterwards:navigate';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

let snapshot: Location | null = null;
function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  if (!snapshot || snapshot.pathname !== pathname || snapshot.search !== search || snapshot.hash !== hash) {
    snapshot = { pathname, search, hash };
  }
  return snapshot;
}

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

/** The page being rendered to HTML at build time (see ../prerender.tsx); unset in the browser. */
let prerendering: Location | null = null;
export function prerenderAt(pathname: string) {
  prerendering = { pathname, search: '', hash: '' };
}

export function useLocation(): Location {
  // Hydrating, the browser's own location is the one the HTML was rendered for.
  return useSyncExternalStore(subscribe, readLocation, () => prerendering ?? readLocation());
}

export function navigate(to: string, { replace = false }: { replace?: boolean } = {}) {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || isOutsideShell(url.pathname)) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  if (replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  window.dispatchEvent(new CustomEvent(NAVIGATE_EVENT, { detail: { replace } }));
}

/** Handles clicks on same-origin links anywhere in the document with client-side navigation. */
export function useLinkInterception() {
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || !anchor.href) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || isOutsideShell(url.pathname)) return;
      // In-page anchors (e.g. '#how-it-works') are left to the browser.
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
}
