-- A CSV import adds listings or organisations (decision 0060): one record of imports, told apart by kind.
-- Imports recorded before were all of listings.
ALTER TABLE listing_imports ADD COLUMN kind text NOT NULL DEFAULT 'listings' CHECK (kind IN ('listings', 'organisations'));
CREATE INDEX listing_imports_kind_created_idx ON listing_imports (kind, created_at DESC);
