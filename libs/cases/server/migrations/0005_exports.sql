-- "Download everything": a memory's prepared zip. The zip itself lives encrypted in the file store under
-- file_id; a row lasts as long as its zip (24 hours), and goes with the memory when it is deleted forever.
CREATE TABLE memory_exports (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL,
  user_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('preparing', 'ready', 'failed')),
  progress integer NOT NULL DEFAULT 0,
  file_name text NOT NULL,
  file_id text,
  file_size bigint,
  failure text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz
);
CREATE INDEX memory_exports_case ON memory_exports (case_id, created_at DESC);
CREATE INDEX memory_exports_user ON memory_exports (user_id);
CREATE INDEX memory_exports_expires ON memory_exports (expires_at);
