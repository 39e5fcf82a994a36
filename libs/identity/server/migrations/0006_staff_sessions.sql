-- Sessions begun by the staff sign-in (POST /api/admin/session, with its lockout and audit). The staff
-- guard accepts no other session: one a staff account got any other way is not a staff session. A session
-- better-auth replaces (two-factor turned on or off, a password change) passes its mark to the new one.
-- No foreign key: a password change deletes the old session before making the new one, so the mark must
-- outlive it for a moment; marks of ended sessions are pruned at staff sign-ins, and a mark alone is nothing
-- (the guard needs a live session too).
CREATE TABLE staff_sessions (
  session_id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every API replica listens: a session that ends, or a staff member who loses access, has its open sockets
-- closed at once, whichever replica holds them and whatever ended it (sign-out, a password change, an
-- operator's UPDATE of admin_users).
CREATE FUNCTION auth_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_session_ended', OLD.id);
  RETURN NULL;
END $$;
CREATE TRIGGER auth_sessions_ended AFTER DELETE ON auth_sessions FOR EACH ROW EXECUTE FUNCTION auth_session_ended();

CREATE FUNCTION staff_access_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.auth_user_id IS NOT NULL AND (TG_OP = 'DELETE' OR (OLD.is_active AND NOT NEW.is_active) OR NEW.auth_user_id IS DISTINCT FROM OLD.auth_user_id) THEN
    PERFORM pg_notify('staff_access_ended', OLD.auth_user_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER admin_users_access_ended AFTER UPDATE OF is_active, auth_user_id OR DELETE ON admin_users FOR EACH ROW EXECUTE FUNCTION staff_access_ended();
