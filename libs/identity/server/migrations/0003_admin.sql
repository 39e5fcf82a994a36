-- Staff accounts, linked to an auth user (admin spec section 3), and the audit trail.
CREATE TABLE admin_users (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  role text NOT NULL DEFAULT 'admin',
  permissions jsonb NOT NULL DEFAULT '[]'::jsonb,
  auth_user_id text UNIQUE REFERENCES auth_users (id) ON DELETE SET NULL,
  is_active boolean NOT NULL DEFAULT true,
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE admin_audit_log (
  id bigserial PRIMARY KEY,
  admin_user_id uuid REFERENCES admin_users (id) ON DELETE SET NULL,
  auth_user_id text,
  action text NOT NULL,
  table_name text,
  record_id text,
  old_values jsonb,
  new_values jsonb,
  ip_address text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at DESC);
CREATE INDEX admin_audit_log_admin_idx ON admin_audit_log (admin_user_id, created_at DESC);
GRANT SELECT, INSERT, UPDATE ON admin_users TO afterwards_admin;
GRANT SELECT, INSERT ON admin_audit_log TO afterwards_admin;
GRANT USAGE ON SEQUENCE admin_audit_log_id_seq TO afterwards_admin;
