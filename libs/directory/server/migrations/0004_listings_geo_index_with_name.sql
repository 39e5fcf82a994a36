-- The radius search sorts by name after distance: with the name in the covering indexes, the first
-- page is chosen by a top-N sort over the index alone (see search-listings.handler.ts).
CREATE INDEX listings_active_geo_v2_idx ON listings (latitude, longitude)
  INCLUDE (category, promoted, position, name, id) WHERE status = 'Active';
CREATE INDEX listings_active_category_geo_v2_idx ON listings (category, latitude, longitude)
  INCLUDE (promoted, position, name, id) WHERE status = 'Active';
DROP INDEX listings_active_geo_idx;
DROP INDEX listings_active_category_geo_idx;
