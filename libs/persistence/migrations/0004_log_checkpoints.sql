-- Signed checkpoints of the two hash-chained logs (admin_audit_log and the Postgres event log), decision
-- 0038. This table is a copy: the signing key is not in the database, and the same lines are appended to a
-- file outside it (CHECKPOINT_FILE), which the verify commands read with this table.
CREATE TABLE log_checkpoints (
  log text NOT NULL CHECK (log IN ('audit', 'events')),
  n bigint NOT NULL,
  taken_at timestamptz NOT NULL,
  -- Where the next checkpoint of the event log starts reading: the global position (tx_id, seq) it reached.
  position_tx text,
  position_seq bigint,
  -- The signed line exactly as written to the file (JSON with its signature).
  line text NOT NULL,
  PRIMARY KEY (log, n)
);
