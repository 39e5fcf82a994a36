-- Platform settings (admin spec section 3: admin_settings): one row per group under the spec's
-- setting_key and setting_type, projected from the settings-platform stream. No row: the default applies.
CREATE TABLE admin_settings (
  setting_key text PRIMARY KEY,
  setting_value jsonb NOT NULL,
  setting_type text NOT NULL,
  version bigint NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
GRANT SELECT ON admin_settings TO afterwards_admin;
