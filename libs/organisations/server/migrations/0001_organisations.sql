-- The organisation directory (issue 43): one row per `organisation-<id>` stream, projected from its events.
-- Ids are text: entries of the starting set are their key ('dvla', 'nationwide'); staff-added ones a uuid.
CREATE TABLE organisations (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- The name as search matches it: lower case, punctuation as spaces ('H.M. Revenue' finds 'hm revenue').
  search_name text NOT NULL,
  kind text NOT NULL,
  jurisdictions text[] NOT NULL,
  address text[] NOT NULL,
  phone text,
  email text,
  website text,
  needs text[] NOT NULL,
  usual_reply_days integer NOT NULL,
  death_notification_service boolean NOT NULL,
  tell_us_once boolean NOT NULL,
  sources jsonb NOT NULL,
  reviewed_on date NOT NULL,
  status text NOT NULL,
  seeded boolean NOT NULL,
  version bigint NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
-- Staff lists are ordered by name; families search active entries only.
CREATE INDEX organisations_name_idx ON organisations (name, id);
CREATE INDEX organisations_active_idx ON organisations (search_name) WHERE status = 'Active';
