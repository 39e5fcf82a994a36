// The first staff account (a newcomer on `npm start`): start-up prints `/admin/setup?token=…`; this page
// creates the account with that one-time token, then signs in with it.
import { ADMIN_SETUP_PATH, FirstStaffSchema, SetupTokenStatusSchema, type AdminUser } from '@afterwards/contracts';
import { staffRequest } from '@afterwards/web-staff';
import { ADMIN_SESSION_URL, parseAdmin } from './session';

export const SETUP_PAGE_PATH = '/admin/setup';
export const SETUP_LINK_EXPIRED = 'This set-up link has expired or was already used. Restart Afterwards to get a new one, or use the create-admin tool.';
export const PASSWORDS_DIFFER = 'Passwords do not match';

export interface FirstStaffForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export type FirstStaffField = keyof FirstStaffForm;

/** The token when the page was opened at /admin/setup (with or without a trailing slash), else null. */
export function setupTokenFromLocation(location: { pathname: string; search: string }): string | null {
  if (location.pathname.replace(/\/+$/, '') !== SETUP_PAGE_PATH) return null;
  return new URLSearchParams(location.search).get('token') ?? '';
}

/** The request to send, or the first message per field (the shared schema, plus the confirmation). */
export function validateFirstStaff(
  token: string,
  form: FirstStaffForm,
): { ok: true; request: { token: string; name: string; email: string; password: string } } | { ok: false; errors: Partial<Record<FirstStaffField | 'token', string>> } {
  const parsed = FirstStaffSchema.safeParse({ token, name: form.name, email: form.email, password: form.password });
  const errors: Partial<Record<FirstStaffField | 'token', string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as FirstStaffField | 'token'] ??= issue.message;
  if (!errors.password && form.password !== form.confirmPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

export async function checkSetupToken(token: string, signal?: AbortSignal): Promise<boolean> {
  if (!token) return false;
  const status = await staffRequest('GET', `${ADMIN_SETUP_PATH}?token=${encodeURIComponent(token)}`, { schema: SetupTokenStatusSchema, signal });
  return status.valid;
}

export const createFirstStaff = (request: { token: string; name: string; email: string; password: string }) => staffRequest('POST', ADMIN_SETUP_PATH, { body: request });

/** Signs the new account in; null when the server did not answer with a staff session. */
export async function signInStaff(email: string, password: string): Promise<AdminUser | null> {
  const body = await staffRequest('POST', ADMIN_SESSION_URL, { body: { email, password } });
  return parseAdmin(body);
}
