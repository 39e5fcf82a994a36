-- Nobody loses a memory silently (decision 0045). Not read models: rows of the cases.memory-notices reactor,
-- which a rebuild of the read models leaves as they are. Only the table owner (the reactor and its job) reads them.

-- Who is on each memory and whom it is about, as the reactor last saw it: a memory's tombstone erases its
-- earlier events, and the read model's rows may already be gone when the reactor reaches it. Deleted with the
-- memory (its CaseDeleted), so the name of the person who died lives no longer here than in the memory.
CREATE TABLE memory_notice_subjects (
  case_id uuid PRIMARY KEY,
  owner_id text NOT NULL,
  deceased_name text NOT NULL,
  member_ids text[] NOT NULL DEFAULT '{}'
);

-- One e-mail to send: the names it needs are copied here when the fact is seen (an owner deleting their
-- account is gone moments later), and blanked as soon as the e-mail has gone. The key makes a replayed fact
-- queue nothing twice. The recipient's address is read when sending, never stored.
CREATE TABLE memory_notices (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  recipient_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('memory-deleted', 'owner-account-deleted', 'removed', 'member-left')),
  case_id uuid NOT NULL,
  deceased_name text,
  actor_name text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  UNIQUE (event_id, recipient_id)
);
CREATE INDEX memory_notices_sent ON memory_notices (sent_at);
