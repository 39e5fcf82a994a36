-- Staff back office (admin spec: Local Business Management, Dashboard).
-- Case-insensitive 'contains' search over name, location and category at 100,000 listings: a trigram
-- index on the one expression the staff list filters by (search-staff-listings/staff-listings.sql.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX listings_staff_search_trgm_idx ON listings
  USING gin ((lower(name || ' ' || location || ' ' || category)) gin_trgm_ops);
-- Newest first (the default order), overall and within a status; stat tiles count by status and promoted.
CREATE INDEX listings_created_idx ON listings (created_at DESC, id DESC);
CREATE INDEX listings_status_created_idx ON listings (status, created_at DESC, id DESC);
CREATE INDEX listings_name_idx ON listings (name, id);
CREATE INDEX listings_status_promoted_idx ON listings (status, promoted);

-- Recent Activity on the dashboard, projected from listing events (and promotion events later).
CREATE TABLE staff_activity (
  id uuid PRIMARY KEY, -- the event's id
  type text NOT NULL,
  listing_id uuid,
  title text NOT NULL,
  description text NOT NULL,
  occurred_at timestamptz(3) NOT NULL
);
CREATE INDEX staff_activity_occurred_idx ON staff_activity (occurred_at DESC);
CREATE TABLE staff_activity_listings (
  listing_id uuid PRIMARY KEY,
  name text NOT NULL
);

-- Paid promotions (admin spec section 3: business_promotions); the promotions context projects into it.
CREATE TABLE promotions (
  id uuid PRIMARY KEY,
  listing_id uuid NOT NULL,
  promotion_type text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  duration_days integer NOT NULL,
  amount numeric(10, 2) NOT NULL,
  status text NOT NULL,
  payment_status text NOT NULL,
  auto_renew boolean NOT NULL,
  position integer NOT NULL,
  views bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  conversions bigint NOT NULL DEFAULT 0,
  version bigint NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX promotions_status_idx ON promotions (status);
CREATE INDEX promotions_listing_idx ON promotions (listing_id);
