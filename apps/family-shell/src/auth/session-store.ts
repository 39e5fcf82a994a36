// The session as app-wide state: checked once on start (GET /api/session, see ../session.ts),
// re-checked after sign-in, cleared on sign-out. Components read it with useSession().
import { useEffect, useSyncExternalStore } from 'react';
import { checkSession, type SessionState } from '../session';

let state: SessionState = { status: 'checking' };
let started = false;
let generation = 0;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

/** Asks the server again; resolves with the new state. */
export async function refreshSession(): Promise<SessionState> {
  const mine = ++generation;
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), 10_000);
  try {
    const result = await checkSession(controller.signal);
    if (mine === generation) set(result);
    return result;
  } finally {
    window.clearTimeout(timer);
  }
}

/** After a sign-out the server has already forgotten the session: no need to ask again. */
export function markSignedOut() {
  generation++;
  set({ status: 'signed-out', reason: 'unauthenticated' });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A page rendered at build time is drawn signed out, and the server sends it only to a browser without a
 * session cookie: such a page starts, and hydrates, from that state rather than 'checking'.
 */
export function startSignedOut() {
  if (state.status === 'checking') state = { status: 'signed-out', reason: 'unauthenticated' };
}

const readState = () => state;

export function useSession(): SessionState {
  // The same on both sides: a prerendered page starts signed out (startSignedOut) before it hydrates.
  const current = useSyncExternalStore(subscribe, readState, readState);
  useEffect(() => {
    if (!started) {
      started = true;
      void refreshSession();
    }
  }, []);
  return current;
}
