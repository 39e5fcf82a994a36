/** An active staff record for an auth user: who may join the staff realtime room. */
export const STAFF_ROLE_CHECK = `SELECT 1 FROM admin_users WHERE auth_user_id = $1 AND is_active`;
