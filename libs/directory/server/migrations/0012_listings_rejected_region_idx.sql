-- The coverage report's rejected listings per region, counted from this small partial index alone.
CREATE INDEX listings_rejected_region_idx ON listings (region) WHERE status = 'Inactive' AND rejection_reason IS NOT NULL;
