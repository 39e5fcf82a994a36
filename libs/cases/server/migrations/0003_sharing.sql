-- Sharing a memory (issue: share the work). The owner invites people by e-mail as editors or viewers.
--
-- case_members is a read model, projected from MemberJoined / MemberRoleChanged / MemberRemoved and removed
-- with its memory. memory_invitations is not: a waiting invitation holds an e-mail address, which must be
-- deletable (account deletion, Delete Forever), so it lives in this table and never in the event log.
CREATE TABLE case_members (
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('editor', 'viewer')),
  added_at timestamptz(6) NOT NULL,
  PRIMARY KEY (case_id, user_id)
);
-- A person's shared memories, for their dashboard and for the row-level security check below.
CREATE INDEX case_members_user ON case_members (user_id, case_id);

-- Who did what, for 'ticked by' and 'written by' (account ids; names are looked up while the account exists).
ALTER TABLE case_tasks ADD COLUMN completed_by text;
ALTER TABLE case_notes ADD COLUMN created_by text, ADD COLUMN updated_by text;

CREATE TABLE memory_invitations (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL,
  invited_by text NOT NULL,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('editor', 'viewer')),
  -- SHA-256 of the link's token: the link is the only place the token itself is kept.
  token_hash text NOT NULL UNIQUE,
  invited_at timestamptz(6) NOT NULL,
  expires_at timestamptz(6) NOT NULL
);
CREATE INDEX memory_invitations_case ON memory_invitations (case_id);
CREATE INDEX memory_invitations_email ON memory_invitations (lower(email));

-- Whether the signed-in person (app.user_id) is on a memory they do not own. SECURITY DEFINER: it reads
-- case_members as its owner, so the policies below can ask it without asking themselves (no recursion).
CREATE FUNCTION app_shares_case(target uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM case_members m WHERE m.case_id = target AND m.user_id = current_setting('app.user_id', true))
$$;
REVOKE ALL ON FUNCTION app_shares_case(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_shares_case(uuid) TO afterwards_app;

-- How a person is named to the others on a memory: their profile's name, else their account's, else the
-- part of their address before the @ (sign-up asks for no name).
CREATE FUNCTION app_person_name(person text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT coalesce(
    nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''),
    nullif(trim(u.name), ''),
    split_part(u.email, '@', 1),
    '')
  FROM (SELECT person AS id) p LEFT JOIN auth_users u ON u.id = p.id LEFT JOIN user_settings s ON s.user_id = p.id
$$;
REVOKE ALL ON FUNCTION app_person_name(text) FROM PUBLIC;

-- The people on a memory the signed-in person can see (its owner and members), with the names and addresses
-- of their accounts: the only way the app role reads another account's name, and only for shared memories.
CREATE FUNCTION app_case_people(target uuid)
  RETURNS TABLE (case_id uuid, user_id text, role text, name text, email text, added_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT c.id, c.user_id, 'owner', app_person_name(c.user_id), coalesce(u.email, ''), NULL::timestamptz
    FROM cases c LEFT JOIN auth_users u ON u.id = c.user_id
    WHERE c.id = target AND (c.user_id = current_setting('app.user_id', true) OR app_shares_case(c.id))
  UNION ALL
  SELECT m.case_id, m.user_id, m.role, app_person_name(m.user_id), coalesce(u.email, ''), m.added_at
    FROM case_members m JOIN cases c ON c.id = m.case_id LEFT JOIN auth_users u ON u.id = m.user_id
    WHERE m.case_id = target AND (c.user_id = current_setting('app.user_id', true) OR app_shares_case(c.id))
$$;
REVOKE ALL ON FUNCTION app_case_people(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_case_people(uuid) TO afterwards_app;

-- Reads of a memory's rows: its owner, or a person it is shared with. Writes never come from the app role
-- (the projection writes as the table owner), and a viewer's change is refused by the Case aggregate,
-- which holds the same membership as its source of truth.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['case_tasks', 'case_documents', 'case_files', 'case_notes'] LOOP
    EXECUTE format('DROP POLICY IF EXISTS %I ON %I', t || '_owner', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I FOR SELECT TO afterwards_app USING (user_id = current_setting(''app.user_id'', true) OR app_shares_case(case_id))',
      t || '_reader', t);
  END LOOP;
END
$$;
DROP POLICY IF EXISTS cases_owner ON cases;
CREATE POLICY cases_reader ON cases FOR SELECT TO afterwards_app
  USING (user_id = current_setting('app.user_id', true) OR app_shares_case(id));
-- Everyone on a memory sees who else is on it; the owner through their cases row.
ALTER TABLE case_members ENABLE ROW LEVEL SECURITY;
CREATE POLICY case_members_reader ON case_members FOR SELECT TO afterwards_app
  USING (user_id = current_setting('app.user_id', true) OR app_shares_case(case_id)
    OR EXISTS (SELECT 1 FROM cases c WHERE c.id = case_id AND c.user_id = current_setting('app.user_id', true)));
GRANT SELECT ON case_members TO afterwards_app;
