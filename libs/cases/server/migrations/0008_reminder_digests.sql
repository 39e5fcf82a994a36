-- One reminder e-mail per person per day, gathering every memory they are on (decision 0044). Like the
-- other reminder tables, rows of their own (not read models), written by the sender and by routes.

-- The day's e-mail, claimed before it goes: the key lets one through across sweeps, retries and replicas.
-- case_ids are the memories it spoke of: its one-click stop link stops those memories' reminders.
CREATE TABLE reminder_digests (
  user_id text NOT NULL,
  day date NOT NULL,
  case_ids uuid[] NOT NULL,
  claimed_at timestamptz NOT NULL,
  -- SHA-256 of the e-mail's one-click unsubscribe token; the token itself is only in the e-mail.
  unsubscribe_hash text NOT NULL UNIQUE,
  PRIMARY KEY (user_id, day)
);

-- A person's choices about reminder e-mails that are not about one memory: whether to hear about
-- memories shared with them to view only (no row: yes).
CREATE TABLE reminder_preferences (
  user_id text PRIMARY KEY,
  viewer_reminders boolean NOT NULL,
  updated_at timestamptz NOT NULL
);
