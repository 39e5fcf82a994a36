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

/** Auth errors are shown as a toast with the server's message. */
export function authErrorMessage(error: AuthError | null | undefined, fallback = UNEXPECTED_ERROR_MESSAGE): string {
  if (!error) return fallback;
  if (error.status === 0 || error.message === 'Failed to fetch' || error.message === 'NetworkError when attempting to fetch resource.') {
    return NETWORK_ERROR_MESSAGE;
  }
  const message = error.message?.trim();
  return message || error.statusText?.trim() || fallback;
}

/** What a wrong two-step code at sign-in is told, by the server's code (issue 40, item 10): what went wrong and what to do. */
export const TWO_FACTOR_CODE_MESSAGES = {
  code: 'That code did not match. Codes change every 30 seconds: enter the 6-digit code your authenticator app shows now.',
  recovery: 'That recovery code did not match, or it has been used already. Each recovery code works once: try another from your saved list.',
  tooMany: 'Too many codes that did not match. Please sign in again with your password to try once more.',
} as const;

/** The message for a refused two-step code; other failures (offline, server) keep their own message. */
export function twoFactorErrorMessage(error: AuthError | null | undefined, recovery: boolean): string {
  const code = error?.code;
  if (code === 'INVALID_CODE' || code === 'INVALID_TWO_FACTOR_AUTHENTICATION') return TWO_FACTOR_CODE_MESSAGES.code;
  if (code === 'INVALID_BACKUP_CODE') return TWO_FACTOR_CODE_MESSAGES.recovery;
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return TWO_FACTOR_CODE_MESSAGES.tooMany;
  if (error?.status === 401 || error?.status === 400) return recovery ? TWO_FACTOR_CODE_MESSAGES.recovery : TWO_FACTOR_CODE_MESSAGES.code;
  return authErrorMessage(error);
}

/** Runs a client call and turns a thrown network failure into the same shape as a server error. */
export async function call<T>(run: () => Promise<{ data: T | null; error: AuthError | null }>): Promise<{ data: T | null; error: AuthError | null }> {
  try {
    return await run();
  } catch (e) {
    return { data: null, error: { status: 0, message: e instanceof Error ? e.message : String(e) } };
  }
}
