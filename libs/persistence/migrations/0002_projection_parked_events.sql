-- Events a projection could not apply (not a passing database failure: those are retried), set aside
-- with their error so the projection carries on with later events. Written in the same transaction
-- that moves the projection's checkpoint past the event; removed when an operator's retry applies it.
CREATE TABLE projection_parked_events (
  projection text NOT NULL,
  "commit" bigint NOT NULL,
  prepare bigint NOT NULL,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  error text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  parked_at timestamptz(3) NOT NULL DEFAULT now(),
  last_tried_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, "commit", prepare)
);
