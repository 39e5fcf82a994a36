-- E-mail reminders before deadlines, and private calendar subscriptions (decision 0017). Not read models:
-- rows of their own, written by routes and jobs (the cases projection only deletes a deleted memory's), so a
-- rebuild of the read models leaves them as they are (no foreign key to cases, whose rows a rebuild replaces). The API writes and reads them as the table
-- owner, always after checking through the row-level-secured cases read that the memory is the caller's.

-- A person who turned one memory's reminders off (the memory's switch, or the e-mail's link).
CREATE TABLE reminder_optouts (
  user_id text NOT NULL,
  case_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, case_id)
);

-- One row per reminder sent, claimed before the e-mail goes: the key makes each reminder go once, across
-- retries, sweeps and replicas. A moved due date (the date of death changed) is a new reminder.
CREATE TABLE reminders_sent (
  user_id text NOT NULL,
  case_id uuid NOT NULL,
  task_id uuid NOT NULL,
  offset_kind text NOT NULL CHECK (offset_kind IN ('7d', '1d', 'day')),
  due_date date NOT NULL,
  claimed_at timestamptz NOT NULL,
  -- SHA-256 of the e-mail's one-click unsubscribe token; the token itself is only in the e-mail.
  unsubscribe_hash text NOT NULL UNIQUE,
  PRIMARY KEY (user_id, case_id, task_id, offset_kind, due_date)
);

-- Private calendar addresses: only the SHA-256 of the token is kept. One live address per person and memory.
CREATE TABLE calendar_subscriptions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL,
  case_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX calendar_subscriptions_live ON calendar_subscriptions (user_id, case_id) WHERE revoked_at IS NULL;

-- The reminders sweep reads open tasks due in the next few days.
CREATE INDEX case_tasks_open_due ON case_tasks (due_date) WHERE status <> 'complete' AND settled_kind IS NULL;
