-- Coverage analytics (admin spec: Coverage Analytics). Each listing's region, placed by the listings
-- projection from its coordinates (point in the bundled boundaries); NULL only until a row written before
-- this migration is placed (the coverage module does that at start-up).
ALTER TABLE listings ADD COLUMN region text;
-- The map's points of one region.
CREATE INDEX listings_active_region_idx ON listings (region) INCLUDE (latitude, longitude) WHERE status = 'Active';
-- 'Other' (no coordinates) listings, listed for staff to place.
CREATE INDEX listings_other_region_idx ON listings (name, id) WHERE region = 'Other' OR region IS NULL;

-- Listings per region, category and status, kept beside the rows like listing_status_counts: the coverage
-- screen reads a few hundred rows instead of counting 100,000 on every load.
CREATE TABLE coverage_counts (
  region text NOT NULL,
  category text NOT NULL,
  status text NOT NULL,
  listings bigint NOT NULL DEFAULT 0,
  promoted bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (region, category, status)
);
INSERT INTO coverage_counts (region, category, status, listings, promoted)
  SELECT coalesce(region, 'Other'), category, status, count(*), count(*) FILTER (WHERE promoted) FROM listings GROUP BY 1, 2, 3;

CREATE FUNCTION coverage_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE coverage_counts
      SET listings = listings - 1, promoted = promoted - (CASE WHEN OLD.promoted THEN 1 ELSE 0 END)
      WHERE region = coalesce(OLD.region, 'Other') AND category = OLD.category AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO coverage_counts AS c (region, category, status, listings, promoted)
      VALUES (coalesce(NEW.region, 'Other'), NEW.category, NEW.status, 1, CASE WHEN NEW.promoted THEN 1 ELSE 0 END)
      ON CONFLICT (region, category, status) DO UPDATE SET listings = c.listings + 1, promoted = c.promoted + EXCLUDED.promoted;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER coverage_counts_insert AFTER INSERT ON listings FOR EACH ROW EXECUTE FUNCTION coverage_counts_apply();
CREATE TRIGGER coverage_counts_delete AFTER DELETE ON listings FOR EACH ROW EXECUTE FUNCTION coverage_counts_apply();
CREATE TRIGGER coverage_counts_update AFTER UPDATE OF region, category, status, promoted ON listings FOR EACH ROW
  WHEN (OLD.region IS DISTINCT FROM NEW.region OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.promoted IS DISTINCT FROM NEW.promoted)
  EXECUTE FUNCTION coverage_counts_apply();

-- Finder searches that found nothing within the radius, counted per day, place and category: demand the
-- directory does not meet. Only the place (as the gazetteer names it, or the nearest town to a shared
-- location) and the category are kept: no address, no session, no user.
CREATE TABLE finder_unmet_searches (
  day date NOT NULL,
  place text NOT NULL,
  category text NOT NULL, -- 'all' for a search of every category
  region text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, place, category)
);

-- Listing views and contact actions per week and region (the coverage trend), folded from
-- listing_interactions by their own aggregator checkpoint.
CREATE TABLE coverage_interaction_weeks (
  week_start date NOT NULL,
  region text NOT NULL,
  views bigint NOT NULL DEFAULT 0,
  contacts bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (week_start, region)
);
INSERT INTO listing_interaction_checkpoints (name, last_tx, last_id, updated_at) VALUES ('coverage', '0'::xid8, 0, now());
