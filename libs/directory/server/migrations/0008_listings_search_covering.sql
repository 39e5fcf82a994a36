-- Newest-first lists with a short search or a status filter read their candidate rows from the index
-- alone: the search text travels in the index, so rows that do not match are never fetched from the
-- table (a Pending Review search visited ~3,800 scattered table pages for 17 matches).
CREATE INDEX listings_created_search_idx ON listings (created_at DESC, id DESC) INCLUDE (search_text, status, category, promoted);
CREATE INDEX listings_status_created_search_idx ON listings (status, created_at DESC, id DESC) INCLUDE (search_text, category, promoted);
DROP INDEX listings_created_idx;
DROP INDEX listings_status_created_idx;
