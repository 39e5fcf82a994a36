// Session check on start: GET /api/session/state answers 200 { user } when signed in and 200
// { user: null } otherwise, so a signed-out visitor's console shows no failed request.
// Anything else (network failure, time-out, 5xx, unexpected body) counts as signed out.
import { useEffect, useState } from 'react';
import { SESSION_STATE_URL } from '@afterwards/contracts';

export interface SessionUser {
  id?: string;
  email?: string;
  fullName?: string;
  name?: string;
  firstName?: string;
  /** The server counted an earlier session: false only for someone signed in for the first time. */
  returning?: boolean;
}

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; reason: 'unauthenticated' | 'unavailable' | 'offline' };

const TIMEOUT_MS = 10_000;

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export function parseSessionBody(body: unknown): SessionUser | null {
  if (!body || typeof body !== 'object') return null;
  const user = (body as { user?: unknown }).user;
  if (!user || typeof user !== 'object') return null;
  const u = user as Record<string, unknown>;
  return {
    id: str(u.id),
    email: str(u.email),
    fullName: str(u.fullName) ?? str(u.full_name),
    name: str(u.name),
    firstName: str(u.firstName) ?? str(u.first_name),
    ...(typeof u.returning === 'boolean' ? { returning: u.returning } : {}),
  };
}

/**
 * 'Welcome' for someone on their first sign-in, 'Welcome back' (the spec's word) for everyone who has been
 * here before. Decided by the server's count of sessions, never guessed in the browser (issue 40, item 10).
 */
export function greeting(user: Pick<SessionUser, 'returning'>): 'Welcome' | 'Welcome back' {
  return user.returning === false ? 'Welcome' : 'Welcome back';
}

/** Greeting name: full name, else first name, else the part of the email before '@', else 'User'. */
export function displayName(user: SessionUser): string {
  return user.fullName ?? user.name ?? user.firstName ?? str(user.email?.split('@')[0]) ?? 'User';
}

export async function checkSession(signal?: AbortSignal): Promise<Exclude<SessionState, { status: 'checking' }>> {
  let response: Response;
  try {
    response = await fetch(SESSION_STATE_URL, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal });
  } catch {
    return { status: 'signed-out', reason: 'offline' };
  }
  if (response.status !== 200) {
    return { status: 'signed-out', reason: response.status === 401 ? 'unauthenticated' : 'unavailable' };
  }
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && (body as { user?: unknown }).user === null) return { status: 'signed-out', reason: 'unauthenticated' };
    const user = parseSessionBody(body);
    return user ? { status: 'signed-in', user } : { status: 'signed-out', reason: 'unavailable' };
  } catch {
    return { status: 'signed-out', reason: 'unavailable' };
  }
}

export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), TIMEOUT_MS);
    let live = true;
    checkSession(controller.signal).then((result) => {
      if (live) setState(result);
    });
    return () => {
      live = false;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, []);
  return state;
}
