/**
 * The active staff record of an auth user ($1), and whether the session ($2) was begun by the staff sign-in:
 * who may use the back office and join its realtime room. A staff account's session from anywhere else
 * (which better-auth's routes refuse to make) is not a staff session.
 */
export const STAFF_LOOKUP = `SELECT a.id, a.name, a.email, a.role, EXISTS (SELECT 1 FROM staff_sessions s WHERE s.session_id = $2) AS staff_session
  FROM admin_users a WHERE a.auth_user_id = $1 AND a.is_active`;

export interface StaffLookupRow {
  id: string;
  name: string;
  email: string;
  role: string;
  staff_session: boolean;
}
