-- Radius search at 100,000 listings: the bounding-box range scan reads everything the search needs
-- to compute distance, count and order (category, promoted, position, id) from the index itself.
-- A twin led by category serves searches with a category filter. Both cover Active listings only.
CREATE INDEX listings_active_geo_idx ON listings (latitude, longitude)
  INCLUDE (category, promoted, position, id) WHERE status = 'Active';
CREATE INDEX listings_active_category_geo_idx ON listings (category, latitude, longitude)
  INCLUDE (promoted, position, id) WHERE status = 'Active';
DROP INDEX listings_active_lat_lng_idx;
