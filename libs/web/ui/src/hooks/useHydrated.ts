import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a page is rendered to HTML at build time and while the browser hydrates that HTML, true
 * afterwards and on every screen drawn by script alone. What depends on the browser (its storage, the
 * clock, a remote) is drawn only once it is true, so the hydrating render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
