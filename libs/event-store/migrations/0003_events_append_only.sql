-- The event log is append-only (decision 0038): UPDATE and DELETE are refused to every role that connects,
-- the owner included, except on the erasure path (Delete Forever's append with eraseEarlier, and the
-- port's deleteStream), which sets `afterwards.erasure` for its own transaction only. Whoever can set that
-- or switch triggers off can still edit; the signed checkpoints outside the database are what catch them.
CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('afterwards.erasure', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'events is append-only: % refused (only an erasure may remove events)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION events_refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change();
