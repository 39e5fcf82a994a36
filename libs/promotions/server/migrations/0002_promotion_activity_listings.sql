-- The business names the promotions' Recent Activity rows need, kept by that projection from the listing
-- events it reads itself. It looked them up in the directory projection's table, which another runner fills
-- at its own pace: a promotion projected before its listing said 'A business', and a rebuild disagreed.
CREATE TABLE promotion_activity_listings (
  listing_id uuid PRIMARY KEY,
  name text NOT NULL
);
-- Live deployments: the projection is past the listing events already, so start from today's names.
INSERT INTO promotion_activity_listings (listing_id, name) SELECT listing_id, name FROM staff_activity_listings;
