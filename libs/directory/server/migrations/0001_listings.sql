-- Read model of the local-services directory, projected from listing-* streams.
CREATE TABLE listings (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  category text NOT NULL,
  location text NOT NULL,
  address text,
  phone text,
  email text,
  website text,
  description text,
  pricing text,
  service_radius_miles integer NOT NULL,
  serves_surrounding_areas boolean NOT NULL,
  status text NOT NULL,
  promoted boolean NOT NULL,
  position integer,
  rating numeric(2, 1),
  total_reviews integer NOT NULL,
  latitude double precision,
  longitude double precision,
  rejection_reason text,
  suspension_reason text,
  source text,
  version bigint NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);

CREATE INDEX listings_status_category_idx ON listings (status, category);
-- Bounding-box prefilter for radius search over active listings.
CREATE INDEX listings_active_lat_lng_idx ON listings (latitude, longitude) WHERE status = 'Active';
