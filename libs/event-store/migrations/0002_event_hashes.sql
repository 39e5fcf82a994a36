-- Tamper evidence for the log: each event carries a SHA-256 over its content (stream, revision, global
-- position, type, data, metadata, time) and the previous event's hash in the same stream. The chain is
-- per stream so appends to different streams never wait on each other. `erased_earlier` marks a
-- tombstone appended with eraseEarlier: the events before it are gone on purpose, an expected break.
ALTER TABLE events
  ADD COLUMN prev_hash text,
  ADD COLUMN hash text,
  ADD COLUMN erased_earlier boolean NOT NULL DEFAULT false;

-- jsonb's text form is canonical (key order, spacing), so the same content always gives the same text.
-- Time as whole microseconds since the epoch: a timestamptz's text depends on the session's time zone.
CREATE FUNCTION event_content(e events) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(e.stream_id, e.revision, e.seq, e.tx_id::text, e.type, e.data, e.metadata,
                           (extract(epoch FROM e.recorded_at) * 1000000)::bigint, e.erased_earlier)::text
$$;

CREATE FUNCTION event_hash(prev text, content text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || content, 'UTF8')), 'hex')
$$;

-- A row trigger sees the rows its own statement inserted before it, so an append of several events
-- chains them in order.
CREATE FUNCTION events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT hash INTO NEW.prev_hash FROM events WHERE stream_id = NEW.stream_id AND revision = NEW.revision - 1;
  NEW.hash := event_hash(NEW.prev_hash, event_content(NEW));
  RETURN NEW;
END
$$;
CREATE TRIGGER events_chain BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_chain();

-- Events written before this migration get their hashes now, stream by stream in revision order. A stream
-- that starts after revision 0 was erased by Delete Forever: its first event is the tombstone.
UPDATE events e SET erased_earlier = true
  WHERE e.revision > 0 AND e.revision = (SELECT min(f.revision) FROM events f WHERE f.stream_id = e.stream_id);
DO $$
DECLARE
  r record;
  last_stream text := NULL;
  last_hash text := NULL;
  h text;
BEGIN
  FOR r IN SELECT e.seq, e.stream_id, event_content(e) AS content FROM events e ORDER BY e.stream_id, e.revision LOOP
    IF last_stream IS DISTINCT FROM r.stream_id THEN
      last_hash := NULL;
      last_stream := r.stream_id;
    END IF;
    h := event_hash(last_hash, r.content);
    UPDATE events SET prev_hash = last_hash, hash = h WHERE seq = r.seq;
    last_hash := h;
  END LOOP;
END
$$;

-- The history screen's global log: newest first, filtered by type, by actor, or by time.
CREATE INDEX events_recorded ON events (recorded_at, seq);
CREATE INDEX events_type_recorded ON events (type, recorded_at, seq);
CREATE INDEX events_actor_recorded ON events ((metadata->>'actor'), recorded_at, seq);
CREATE INDEX events_correlation ON events ((metadata->>'correlationId'));
