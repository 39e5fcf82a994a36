// The staff session as the shell sees it: GET /api/admin/session answers 200 { admin } when signed in
// as staff, or a problem (401) that carries `retryAt` while sign-in from this address is locked.
import { AdminSessionResponseSchema, PartialProblemDetailsSchema, type AdminUser } from '@afterwards/contracts';

export const ADMIN_SESSION_URL = '/api/admin/session';

export type AdminSessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; admin: AdminUser }
  | { status: 'signed-out'; lockedUntil?: number; notice?: string };

export function parseAdmin(body: unknown): AdminUser | null {
  const parsed = AdminSessionResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.admin : null;
}

export async function checkAdminSession(signal?: AbortSignal): Promise<Exclude<AdminSessionState, { status: 'checking' }>> {
  let response: Response;
  try {
    response = await fetch(ADMIN_SESSION_URL, { credentials: 'same-origin', headers: { accept: 'application/json, application/problem+json' }, signal });
  } catch {
    return { status: 'signed-out' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const admin = parseAdmin(body);
    return admin ? { status: 'signed-in', admin } : { status: 'signed-out' };
  }
  const problem = PartialProblemDetailsSchema.safeParse(body);
  const retryAt = problem.success ? problem.data.retryAt : undefined;
  const t = retryAt ? Date.parse(retryAt) : NaN;
  // A signed-in family account that is not staff is refused with the server's message (403).
  const notice = response.status === 403 && problem.success ? problem.data.detail : undefined;
  return {
    status: 'signed-out',
    ...(Number.isFinite(t) && t > Date.now() ? { lockedUntil: t } : {}),
    ...(notice ? { notice } : {}),
  };
}

/** Ends the staff session (DELETE /api/admin/session); true when the server confirmed it. */
export async function endAdminSession(): Promise<boolean> {
  try {
    const response = await fetch(ADMIN_SESSION_URL, { method: 'DELETE', credentials: 'same-origin', headers: { accept: 'application/json' } });
    return response.ok || response.status === 401;
  } catch {
    return false;
  }
}

/** 'Welcome, {name}' with 'Admin' when the record has no name. */
export function welcomeName(admin: Pick<AdminUser, 'name'> | null | undefined): string {
  return admin?.name?.trim() || 'Admin';
}
