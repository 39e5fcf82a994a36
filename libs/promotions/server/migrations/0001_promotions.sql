-- Promotions as their own context (admin spec: Promotion Management). The `promotions` read model was
-- created with the staff back office; it now follows the Promotion aggregate's events.
-- Figures live in their own table: the projection can be rebuilt from events without losing counts
-- folded from interactions, which are not events.
ALTER TABLE promotions DROP COLUMN views, DROP COLUMN clicks, DROP COLUMN conversions;
ALTER TABLE promotions
  ADD COLUMN period integer NOT NULL DEFAULT 1,
  ADD COLUMN revenue numeric(12, 2) NOT NULL DEFAULT 0,
  ADD COLUMN warned_period integer NOT NULL DEFAULT 0,
  ADD COLUMN reminded_period integer NOT NULL DEFAULT 0,
  ADD COLUMN started_at timestamptz(3),
  ADD COLUMN ended_at timestamptz(3);
-- The start-up sweep and the screens read the open ones by date.
CREATE INDEX promotions_open_end_idx ON promotions (end_date) WHERE status IN ('Scheduled', 'Active');
CREATE INDEX promotions_created_idx ON promotions (created_at DESC, id DESC);

-- Views, clicks and conversions of each promotion, folded from listing_interactions by a job.
CREATE TABLE promotion_figures (
  promotion_id uuid PRIMARY KEY,
  views bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  conversions bigint NOT NULL DEFAULT 0,
  updated_at timestamptz(3) NOT NULL
);
INSERT INTO listing_interaction_checkpoints (name, last_tx, last_id, updated_at)
VALUES ('promotions', '0'::xid8, 0, now()) ON CONFLICT (name) DO NOTHING;

-- The placement reactor's own memory of which promotions hold a listing's place (its checkpoint is in
-- projection_checkpoints): a listing stays promoted while any of its promotions is running.
CREATE TABLE promotion_placements (
  promotion_id uuid PRIMARY KEY,
  listing_id uuid NOT NULL,
  position integer NOT NULL,
  running boolean NOT NULL
);
CREATE INDEX promotion_placements_listing_idx ON promotion_placements (listing_id) WHERE running;

-- E-mails sent for promotion events, by event id, so a replayed event never mails a business twice.
CREATE TABLE promotion_notices (
  event_id uuid PRIMARY KEY,
  kind text NOT NULL,
  sent_at timestamptz(3) NOT NULL DEFAULT now()
);
