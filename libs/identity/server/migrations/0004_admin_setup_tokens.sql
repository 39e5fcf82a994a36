-- One-time links that create the first staff account (printed at start-up while no staff account exists).
-- Only a SHA-256 of each token is kept.
CREATE TABLE admin_setup_tokens (
  token_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Audit log filters by action and by record type.
CREATE INDEX admin_audit_log_action_idx ON admin_audit_log (action, created_at DESC);
