// The better-auth client of the family pages (the shell's sign-in screens and the account remote's
// Settings): same origin, mounted by the API at /api/auth/*. Its own entry point, so a page that never
// signs in does not bundle it.
import { createAuthClient } from 'better-auth/react';
import { twoFactorClient } from 'better-auth/client/plugins';
import { NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './api-error';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: { credentials: 'same-origin' },
  // The sign-in screen asks for the code itself (no redirect to another page).
  plugins: [twoFactorClient()],
});

/** An error as better-auth's client returns it. */
export interface AuthError {
  message?: string;
  status?: number;
  statusText?: string;
  code?: string;
}

/** Family spec section 8: auth errors are shown as a toast with the server's message. */
export function authErrorMessage(error: AuthError | null | undefined, fallback = UNEXPECTED_ERROR_MESSAGE): string {
  if (!error) return fallback;
  if (error.status === 0 || error.message === 'Failed to fetch' || error.message === 'NetworkError when attempting to fetch resource.') {
    return NETWORK_ERROR_MESSAGE;
  }
  const message = error.message?.trim();
  return message || error.statusText?.trim() || fallback;
}

/** Runs a client call and turns a thrown network failure into the same shape as a server error. */
export async function call<T>(run: () => Promise<{ data: T | null; error: AuthError | null }>): Promise<{ data: T | null; error: AuthError | null }> {
  try {
    return await run();
  } catch (e) {
    return { data: null, error: { status: 0, message: e instanceof Error ? e.message : String(e) } };
  }
}
