-- One row per stream: the revision of its last event. Appends update it conditionally on the
-- writer's expected revision, so the row lock is what serialises writers of one stream.
CREATE TABLE streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL
);

-- Global order is (tx_id, seq). Readers of the log only look below the oldest running transaction
-- (pg_snapshot_xmin), so an event that commits late can never appear behind a reader's position.
CREATE TABLE events (
  seq bigserial PRIMARY KEY,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CONSTRAINT events_stream_revision UNIQUE (stream_id, revision)
);

CREATE INDEX events_global_order ON events (tx_id, seq);
