// better-auth client for the account remote (same origin, /api/auth).
import { createAuthClient } from 'better-auth/react';
import { twoFactorClient } from 'better-auth/client/plugins';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: { credentials: 'same-origin' },
  plugins: [twoFactorClient()],
});

export interface AuthError {
  message?: string;
  status?: number;
  statusText?: string;
}

export async function call<T>(run: () => Promise<{ data: T | null; error: AuthError | null }>): Promise<{ data: T | null; error: AuthError | null }> {
  try {
    return await run();
  } catch (e) {
    return { data: null, error: { status: 0, message: e instanceof Error ? e.message : String(e) } };
  }
}

export function errorText(error: AuthError | null | undefined): string {
  return error?.message?.trim() || error?.statusText?.trim() || 'Unknown error';
}
