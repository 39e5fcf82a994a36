-- The check on upload counts the valid rows imported before (the import's duplicate rule), so staff see
-- how many are new before they press Import. Null for imports checked before it was counted.
ALTER TABLE listing_imports ADD COLUMN already_imported_rows integer;
