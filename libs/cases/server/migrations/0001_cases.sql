-- Read models of memories (family spec section 3: cases, tasks, documents, notes, and the file entries
-- that the spec kept inside documents). Written only by the cases projection (the table owner); the API
-- reads them as afterwards_app under row-level security, so each family sees only its own rows.
CREATE TABLE cases (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  name text NOT NULL,
  deceased_name text NOT NULL,
  jurisdiction text NOT NULL,
  relationship text,
  date_of_death date,
  date_of_birth date,
  place_of_death text,
  photo_file_id uuid,
  photo_type text,
  photo_size integer,
  template_version text NOT NULL,
  details_version integer NOT NULL DEFAULT 0,
  -- Stream revision of the last event applied: replays of older events change nothing.
  revision bigint NOT NULL,
  tasks_total integer NOT NULL DEFAULT 0,
  tasks_completed integer NOT NULL DEFAULT 0,
  tasks_in_progress integer NOT NULL DEFAULT 0,
  documents_total integer NOT NULL DEFAULT 0,
  documents_collected integer NOT NULL DEFAULT 0,
  documents_additional integer NOT NULL DEFAULT 0,
  documents_legal integer NOT NULL DEFAULT 0,
  documents_financial integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- The dashboard: a user's memories, newest first, from the index alone.
CREATE INDEX cases_user_created ON cases (user_id, created_at DESC);

CREATE TABLE case_tasks (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  sort integer NOT NULL,
  template_key text NOT NULL,
  title text NOT NULL,
  task_name text NOT NULL,
  category text NOT NULL,
  priority integer NOT NULL,
  urgency text NOT NULL,
  deadline_days integer NOT NULL,
  deadline_months integer,
  deadline_label text NOT NULL,
  deadline_note text,
  due_date date,
  description text NOT NULL,
  steps jsonb NOT NULL,
  documents_needed jsonb NOT NULL,
  estimated_time text NOT NULL,
  cost text NOT NULL,
  why_needed text NOT NULL,
  how_to_complete text NOT NULL,
  external_url text NOT NULL,
  source text NOT NULL,
  last_reviewed text NOT NULL,
  check_figure boolean NOT NULL,
  figure_note text,
  status text NOT NULL,
  completed_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX case_tasks_case ON case_tasks (case_id, sort);

CREATE TABLE case_documents (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  sort integer NOT NULL,
  additional boolean NOT NULL,
  template_key text,
  title text NOT NULL,
  document_name text NOT NULL,
  category text NOT NULL,
  document_type text NOT NULL,
  priority integer NOT NULL,
  urgency text NOT NULL,
  multiple_copies boolean NOT NULL,
  recommended_copies integer NOT NULL,
  description text,
  where_to_get text NOT NULL,
  cost text NOT NULL,
  needed_for jsonb NOT NULL,
  source text NOT NULL,
  last_reviewed text NOT NULL,
  check_figure boolean NOT NULL,
  figure_note text,
  collected boolean NOT NULL,
  collected_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX case_documents_case ON case_documents (case_id, sort);

-- File entries: the bytes live encrypted in the file store under id; rows never hold them.
CREATE TABLE case_files (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  -- Null for the memory's photo.
  document_id uuid REFERENCES case_documents (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  file_size integer NOT NULL,
  file_type text NOT NULL,
  uploaded_at timestamptz NOT NULL
);
CREATE INDEX case_files_case ON case_files (case_id, uploaded_at);

CREATE TABLE case_notes (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  category text NOT NULL,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX case_notes_case ON case_notes (case_id, created_at DESC);

-- Owner-only reads. Not FORCEd: the projection writes as the table owner; every API read runs as
-- afterwards_app with app.user_id set for its transaction (withUser), where these policies apply.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['cases', 'case_tasks', 'case_documents', 'case_files', 'case_notes'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I FOR SELECT TO afterwards_app USING (user_id = current_setting(''app.user_id'', true))',
      t || '_owner', t);
    EXECUTE format('GRANT SELECT ON %I TO afterwards_app', t);
  END LOOP;
END
$$;
