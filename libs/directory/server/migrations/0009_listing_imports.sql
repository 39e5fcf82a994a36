-- Staff imports (admin spec: Bulk CSV Upload, Document Processing).
-- The file a listing was imported from (source 'Bulk Upload' or 'Document Upload').
ALTER TABLE listings ADD COLUMN original_filename text;

-- CSV imports, projected from the `import-<id>` streams: the check made on upload, then the job's progress.
CREATE TABLE listing_imports (
  id uuid PRIMARY KEY,
  file_name text NOT NULL,
  file_id uuid NOT NULL,
  file_sha256 text NOT NULL,
  file_bytes bigint NOT NULL,
  status text NOT NULL,
  file_error text,
  headers jsonb NOT NULL,
  total_rows integer NOT NULL,
  valid_rows integer NOT NULL,
  rejected_rows integer NOT NULL,
  error_count integer NOT NULL,
  errors jsonb NOT NULL,
  preview jsonb NOT NULL,
  rejects_file_id uuid,
  skip_rejected boolean NOT NULL DEFAULT false,
  checked integer NOT NULL DEFAULT 0,
  imported integer NOT NULL DEFAULT 0,
  duplicates integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0,
  failure text,
  created_by text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  started_at timestamptz(3),
  finished_at timestamptz(3),
  version bigint NOT NULL
);
CREATE INDEX listing_imports_created_idx ON listing_imports (created_at DESC);

-- Processed documents awaiting review. Each made a Pending Review listing; its review status is that
-- listing's status, read by joining. The text is what the parser found, kept beside the fields for review.
CREATE TABLE import_documents (
  id uuid PRIMARY KEY,
  file_name text NOT NULL,
  file_id uuid NOT NULL,
  file_type text NOT NULL,
  file_bytes bigint NOT NULL,
  text text NOT NULL,
  text_truncated boolean NOT NULL,
  extracted jsonb NOT NULL,
  found_fields jsonb NOT NULL,
  confidence integer NOT NULL,
  listing_id uuid NOT NULL,
  uploaded_by text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX import_documents_created_idx ON import_documents (created_at DESC);
