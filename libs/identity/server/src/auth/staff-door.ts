import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlClient } from '@afterwards/persistence';
import { releaseWhenIdle } from '@afterwards/server-kit';

/**
 * The staff sign-in (POST /api/admin/session) is the one door to a staff session: it has the lockout and
 * the audit. It calls better-auth inside `throughStaffDoor`; every other way in (better-auth's own routes,
 * now or added later) finds `inStaffDoor()` false, and a session for a staff account is refused there.
 * Process-local state, out of any client's reach: no header or cookie can claim to be the staff door.
 */
const door = releaseWhenIdle(new AsyncLocalStorage<true>());

export function throughStaffDoor<T>(work: () => Promise<T>): Promise<T> {
  return door.run(true, work);
}

export function inStaffDoor(): boolean {
  return door.getStore() === true;
}

/** Whether a (lower-cased) e-mail address names a staff account: its own, or the sign-in account linked to one. */
export const IS_STAFF_EMAIL = `SELECT EXISTS (
  SELECT 1 FROM admin_users a LEFT JOIN auth_users u ON u.id = a.auth_user_id WHERE lower(a.email) = $1 OR lower(u.email) = $1
) AS staff`;

/** Whether a sign-in account is a staff account (linked to a staff record, or sharing its address). */
export const IS_STAFF_USER = `SELECT EXISTS (
  SELECT 1 FROM admin_users a WHERE a.auth_user_id = $1 OR lower(a.email) = (SELECT lower(email) FROM auth_users WHERE id = $1)
) AS staff`;

/** Marks the session of a token as begun by the staff sign-in. */
export const MARK_STAFF_SESSION = `INSERT INTO staff_sessions (session_id) SELECT id FROM auth_sessions WHERE token = $1 ON CONFLICT DO NOTHING`;

/** Marks a session (by id) as a staff session: one that replaced a staff session. */
export const CARRY_STAFF_MARK = `INSERT INTO staff_sessions (session_id) VALUES ($1) ON CONFLICT DO NOTHING`;

/** Whether a session (by id, live or just replaced) was begun by the staff sign-in. */
export async function isStaffSession(sql: SqlClient, sessionId: string): Promise<boolean> {
  const { rows } = await sql.query<{ staff: boolean }>(`SELECT EXISTS (SELECT 1 FROM staff_sessions WHERE session_id = $1) AS staff`, [sessionId]);
  return rows[0]?.staff === true;
}

/** Forgets the marks of sessions that ended a while ago (a mark outlives its session only for a moment). */
export const PRUNE_STAFF_MARKS = `DELETE FROM staff_sessions s WHERE s.created_at < now() - interval '1 hour'
  AND NOT EXISTS (SELECT 1 FROM auth_sessions a WHERE a.id = s.session_id)`;

/** NOTIFY channels of migration 0006: a session deleted (its id), a staff member's access ended (their auth user id). */
export const SESSION_ENDED_CHANNEL = 'auth_session_ended';
export const STAFF_ACCESS_ENDED_CHANNEL = 'staff_access_ended';
/** NOTIFY channel of migration 0009: an account's row changed (its auth user id), so caches of it go. */
export const USER_CHANGED_CHANNEL = 'auth_user_changed';
