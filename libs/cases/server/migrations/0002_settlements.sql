-- Starting late, and items that do not apply: a task or checklist document marked 'not needed' or 'done
-- before I started' (with the family's optional reason) is settled, and progress counts it as done.
ALTER TABLE case_tasks
  ADD COLUMN settled_kind text CHECK (settled_kind IN ('not_needed', 'done_before')),
  ADD COLUMN settled_reason text,
  ADD COLUMN settled_at timestamptz(6);
ALTER TABLE case_documents
  ADD COLUMN settled_kind text CHECK (settled_kind IN ('not_needed', 'done_before')),
  ADD COLUMN settled_reason text,
  ADD COLUMN settled_at timestamptz(6);
ALTER TABLE cases
  ADD COLUMN tasks_settled integer NOT NULL DEFAULT 0,
  ADD COLUMN documents_settled integer NOT NULL DEFAULT 0;
