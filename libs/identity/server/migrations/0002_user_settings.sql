-- Roles for data isolation. Roles are cluster-wide in PostgreSQL, so creation tolerates an existing
-- role (and a concurrent creator). Neither role can log in or bypass row-level security; the API's own
-- connection switches to them per transaction with SET LOCAL ROLE.
DO $$
BEGIN
  BEGIN
    CREATE ROLE afterwards_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  BEGIN
    CREATE ROLE afterwards_admin NOLOGIN NOSUPERUSER NOBYPASSRLS;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
END
$$;
DO $$
BEGIN
  EXECUTE format('GRANT afterwards_app, afterwards_admin TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL; -- a superuser, or already a member
END
$$;
GRANT USAGE ON SCHEMA public TO afterwards_app, afterwards_admin;

-- Personal Information and Preferences, one row per user (family spec section 3: user_settings).
CREATE TABLE user_settings (
  user_id text PRIMARY KEY REFERENCES auth_users (id) ON DELETE CASCADE,
  first_name text,
  last_name text,
  phone text,
  address text,
  date_of_birth date,
  emergency_contact text,
  emergency_phone text,
  email_notifications boolean NOT NULL DEFAULT true,
  progress_tracking boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE user_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE user_settings FORCE ROW LEVEL SECURITY;
-- Without app.user_id set for the transaction, the comparison is with NULL and no row is visible.
CREATE POLICY user_settings_owner ON user_settings FOR ALL TO afterwards_app
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));
CREATE POLICY user_settings_admin_read ON user_settings FOR SELECT TO afterwards_admin USING (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON user_settings TO afterwards_app;
GRANT SELECT ON user_settings TO afterwards_admin;
