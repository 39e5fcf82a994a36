-- Which API replica runs the projections and reactors. Leadership itself is a session advisory lock held
-- on one dedicated connection, which PostgreSQL releases the moment that connection ends (a killed
-- process); this row carries the fencing token that each new leader raises and that every projection
-- batch reads, under a share lock, before it writes. A paused old leader that wakes up finds a newer
-- token and writes nothing; a new leader's raise waits for the old leader's batches still committing.
CREATE TABLE projection_leases (
  name text PRIMARY KEY,
  token bigint NOT NULL,
  holder text NOT NULL,
  since timestamptz(3) NOT NULL DEFAULT now()
);
