-- Coverage counts are read straight from the listings (one index-only scan of about 25 ms at 100,000)
-- instead of a table kept by trigger: with many writers at once (a bulk load, a rebuild in partitions) every
-- transaction updated the same few hundred count rows in its own order, and they deadlocked.
DROP TRIGGER coverage_counts_insert ON listings;
DROP TRIGGER coverage_counts_delete ON listings;
DROP TRIGGER coverage_counts_update ON listings;
DROP FUNCTION coverage_counts_apply();
DROP TABLE coverage_counts;
CREATE INDEX listings_coverage_idx ON listings (region, category, status) INCLUDE (promoted);
