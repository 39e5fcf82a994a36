-- What visitors do with listings (admin spec: business_analytics). State-stored, append-only, high
-- volume: see docs/decisions/0005-listing-interactions.md.
CREATE TABLE listing_interactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The inserting transaction: the aggregator reads only rows of finished transactions, in
  -- (tx_id, id) order, so a row committed late is never skipped.
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  listing_id uuid NOT NULL,
  action text NOT NULL CHECK (action IN ('view', 'click', 'call', 'email', 'website', 'directions')),
  user_lat double precision,
  user_lng double precision,
  distance_miles numeric(8, 1),
  user_agent text,
  referrer text,
  session_id text NOT NULL,
  page text NOT NULL,
  platform text NOT NULL DEFAULT 'web',
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX listing_interactions_aggregation_idx ON listing_interactions (tx_id, id);
CREATE INDEX listing_interactions_listing_idx ON listing_interactions (listing_id, created_at);

-- Totals per listing, kept by the aggregation job.
CREATE TABLE listing_interaction_counters (
  listing_id uuid PRIMARY KEY,
  views bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  calls bigint NOT NULL DEFAULT 0,
  emails bigint NOT NULL DEFAULT 0,
  websites bigint NOT NULL DEFAULT 0,
  directions bigint NOT NULL DEFAULT 0,
  updated_at timestamptz(3) NOT NULL
);

-- How far each aggregator has read (one row per aggregator: 'counters' now, promotions later).
CREATE TABLE listing_interaction_checkpoints (
  name text PRIMARY KEY,
  last_tx xid8 NOT NULL,
  last_id bigint NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
INSERT INTO listing_interaction_checkpoints (name, last_tx, last_id, updated_at) VALUES ('counters', '0'::xid8, 0, now());
