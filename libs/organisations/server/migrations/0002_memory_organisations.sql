-- A memory's organisations (issue 43), projected from its memory-organisations-<case id> stream. References,
-- notes, the family's letter text and a service's reference are kept sealed (AES-256-GCM under the memory's
-- own key, decision 0059): these columns hold ciphertext, never the numbers themselves.
CREATE TABLE memory_organisations_lists (
  case_id uuid PRIMARY KEY,
  answers jsonb NOT NULL,
  -- The last address of the person who died, for the letters (sealed).
  last_address_sealed text,
  -- The stream revision applied: an older event (a replay) changes nothing.
  revision bigint NOT NULL,
  updated_at timestamptz(3) NOT NULL
);

CREATE TABLE memory_organisations (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL,
  -- The directory entry it came from; null for one of the family's own.
  organisation_id text,
  name text NOT NULL,
  kind text NOT NULL,
  address jsonb NOT NULL,
  email text,
  usual_reply_days integer NOT NULL,
  references_sealed text,
  notes_sealed text,
  letter_text_sealed text,
  status text NOT NULL,
  sent_on date,
  told_on date,
  acknowledged_on date,
  closed_on date,
  service text,
  service_reference_sealed text,
  amount_minor bigint,
  version integer NOT NULL,
  added_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX memory_organisations_case ON memory_organisations (case_id, added_at);

-- Each memory's data key, wrapped by the file store's master key. Deleting the row (Delete Forever,
-- 'Delete my account') leaves every sealed value of the memory unreadable, wherever a copy lingers.
CREATE TABLE memory_organisations_keys (
  case_id uuid PRIMARY KEY,
  wrapped_key bytea NOT NULL,
  created_at timestamptz(3) NOT NULL
);
