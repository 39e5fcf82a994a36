-- The staff search text, stored once per row instead of lower(name || location || category) computed for
-- every row a search touches (a two-letter search, which no trigram can narrow, reads every row).
ALTER TABLE listings ADD COLUMN search_text text
  GENERATED ALWAYS AS (lower(name || ' ' || location || ' ' || category)) STORED;
DROP INDEX listings_staff_search_trgm_idx;
CREATE INDEX listings_search_text_trgm_idx ON listings USING gin (search_text gin_trgm_ops);
