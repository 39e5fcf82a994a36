-- How many sessions each family member has been given: the server's fact behind 'Welcome' (the first) and
-- 'Welcome back' (any later one), issue 40 item 10. Written by the session hook as the owner connection;
-- read by the person themselves through row-level security.
CREATE TABLE user_sign_ins (
  user_id text PRIMARY KEY REFERENCES auth_users (id) ON DELETE CASCADE,
  first_at timestamptz NOT NULL DEFAULT now(),
  sign_ins integer NOT NULL DEFAULT 1
);
-- Accounts made before this table have been here before: they are greeted 'Welcome back'.
INSERT INTO user_sign_ins (user_id, first_at, sign_ins) SELECT id, "createdAt", 2 FROM auth_users ON CONFLICT DO NOTHING;
ALTER TABLE user_sign_ins ENABLE ROW LEVEL SECURITY;
ALTER TABLE user_sign_ins FORCE ROW LEVEL SECURITY;
CREATE POLICY user_sign_ins_owner ON user_sign_ins FOR SELECT TO afterwards_app USING (user_id = current_setting('app.user_id', true));
GRANT SELECT ON user_sign_ins TO afterwards_app;
