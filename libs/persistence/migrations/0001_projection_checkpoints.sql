-- Where each projection has got to in the global event log. Written in the same transaction as the
-- projection's rows, so a row is never ahead of or behind its checkpoint.
CREATE TABLE projection_checkpoints (
  projection text PRIMARY KEY,
  "commit" bigint NOT NULL,
  prepare bigint NOT NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
