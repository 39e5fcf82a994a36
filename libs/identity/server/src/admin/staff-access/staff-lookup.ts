/** The active staff record of an auth user: who may use the back office and join its realtime room. */
export const STAFF_LOOKUP = `SELECT id, name, email, role FROM admin_users WHERE auth_user_id = $1 AND is_active`;
