import { PartialProblemDetailsSchema, ProblemDetailsSchema } from '@afterwards/contracts';

export const ADMIN_SESSION_URL = '/api/admin/session';

export type SignInOutcome =
  | { kind: 'signed-in'; body: unknown }
  | {
      kind: 'failed';
      status: number | null;
      message: string;
      /** Attempts left before the lock (from the server's problem details). */
      remainingAttempts?: number;
      /** The lock's end, in epoch ms, when the server says sign-in is locked. */
      lockedUntil?: number;
      /** The password was right and the account has two-factor on: ask for an authenticator or recovery code. */
      twoFactorRequired?: boolean;
    };

/** Epoch ms of an ISO `retryAt`, if it is a valid time in the future of `now`. */
export function lockEnd(retryAt: unknown, now = Date.now()): number | undefined {
  if (typeof retryAt !== 'string') return undefined;
  const t = Date.parse(retryAt);
  return Number.isFinite(t) && t > now ? t : undefined;
}

/** m:ss of a remaining time (rounded up to whole seconds). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Messages for failures whose response carries no `detail`. */
export function fallbackMessage(status: number | null): string {
  if (status === null) return 'An error occurred during sign in. Please try again.';
  if (status === 401) return 'Invalid email or password';
  if (status === 429) return 'Too many login attempts. Please wait a few minutes and try again.';
  return 'Authentication failed. Please try again.';
}

/** The server's explanation from a problem-details body, if it has one. */
export function problemMessage(body: unknown): string | undefined {
  const problem = ProblemDetailsSchema.safeParse(body);
  // The title is the generic HTTP phrase ('Unauthorized'): only a detail explains anything.
  if (problem.success) return problem.data.detail?.trim() || undefined;
  if (body && typeof body === 'object' && typeof (body as { detail?: unknown }).detail === 'string') {
    return ((body as { detail: string }).detail.trim() || undefined);
  }
  return undefined;
}

export async function requestAdminSession(
  email: string,
  password: string,
  options: { code?: string; signal?: AbortSignal } = {},
): Promise<SignInOutcome> {
  const { code, signal } = options;
  let response: Response;
  try {
    response = await fetch(ADMIN_SESSION_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json, application/problem+json' },
      body: JSON.stringify(code ? { email, password, code } : { email, password }),
      signal,
    });
  } catch {
    return { kind: 'failed', status: null, message: fallbackMessage(null) };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { kind: 'signed-in', body };
  const problem = PartialProblemDetailsSchema.safeParse(body);
  const remainingAttempts = problem.success ? problem.data.remainingAttempts : undefined;
  const lockedUntil = problem.success ? lockEnd(problem.data.retryAt) : undefined;
  const twoFactorRequired = problem.success && problem.data.twoFactorRequired === true;
  return {
    kind: 'failed',
    status: response.status,
    message: problemMessage(body) ?? fallbackMessage(response.status),
    ...(remainingAttempts !== undefined ? { remainingAttempts } : {}),
    ...(lockedUntil !== undefined ? { lockedUntil } : {}),
    ...(twoFactorRequired ? { twoFactorRequired } : {}),
  };
}
