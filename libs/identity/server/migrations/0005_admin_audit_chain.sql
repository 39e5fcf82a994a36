-- Tamper evidence for the staff audit trail. Each row carries a SHA-256 over its content and the previous
-- row's hash, so a row changed, removed or reordered breaks the chain at that row (`tools audit verify`).
ALTER TABLE admin_audit_log ADD COLUMN prev_hash text, ADD COLUMN row_hash text;

-- The chain's head: one row, locked by every insert until it commits, so rows join the chain one at a
-- time and ids are handed out in chain order. Verification also compares it with the last row, which
-- catches rows removed from the end.
CREATE TABLE admin_audit_chain_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_id bigint,
  last_hash text
);

-- jsonb's text form is canonical; time as whole microseconds (a timestamptz's text follows the session's zone).
CREATE FUNCTION admin_audit_content(r admin_audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(r.id, r.admin_user_id, r.auth_user_id, r.action, r.table_name, r.record_id, r.old_values,
                           r.new_values, r.ip_address, r.user_agent, (extract(epoch FROM r.created_at) * 1000000)::bigint)::text
$$;

CREATE FUNCTION admin_audit_hash(prev text, content text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || content, 'UTF8')), 'hex')
$$;

-- SECURITY DEFINER: the staff role appends rows without any grant on the head or the right to set hashes.
CREATE FUNCTION admin_audit_chain() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  head admin_audit_chain_head%ROWTYPE;
BEGIN
  SELECT * INTO head FROM admin_audit_chain_head FOR UPDATE;
  NEW.id := nextval(pg_get_serial_sequence('admin_audit_log', 'id'));
  NEW.prev_hash := head.last_hash;
  NEW.row_hash := admin_audit_hash(NEW.prev_hash, admin_audit_content(NEW));
  UPDATE admin_audit_chain_head SET last_id = NEW.id, last_hash = NEW.row_hash;
  RETURN NEW;
END
$$;

-- Append-only for everyone who connects as the product, the table's owner included: the staff role never
-- had UPDATE or DELETE, and these refuse them to the rest. Only someone who can disable triggers (a
-- superuser) can still edit a row, and the chain shows where.
CREATE FUNCTION admin_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- Rows already written join the chain in id order.
DO $$
DECLARE
  r record;
  last_hash text := NULL;
  last_id bigint := NULL;
  h text;
BEGIN
  FOR r IN SELECT l.id, admin_audit_content(l) AS content FROM admin_audit_log l ORDER BY l.id LOOP
    h := admin_audit_hash(last_hash, r.content);
    UPDATE admin_audit_log SET prev_hash = last_hash, row_hash = h WHERE id = r.id;
    last_hash := h;
    last_id := r.id;
  END LOOP;
  INSERT INTO admin_audit_chain_head (singleton, last_id, last_hash) VALUES (true, last_id, last_hash);
END
$$;

-- The trigger hands out ids once it holds the head, so the column's own default would only leave gaps.
ALTER TABLE admin_audit_log ALTER COLUMN id DROP DEFAULT;
CREATE TRIGGER admin_audit_chain BEFORE INSERT ON admin_audit_log FOR EACH ROW EXECUTE FUNCTION admin_audit_chain();
CREATE TRIGGER admin_audit_no_update BEFORE UPDATE OR DELETE ON admin_audit_log FOR EACH ROW EXECUTE FUNCTION admin_audit_refuse_change();
CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON admin_audit_log FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_refuse_change();
-- A staff account is deactivated, never deleted; deleting one would have nulled its rows' admin_user_id.
ALTER TABLE admin_audit_log DROP CONSTRAINT admin_audit_log_admin_user_id_fkey,
  ADD CONSTRAINT admin_audit_log_admin_user_id_fkey FOREIGN KEY (admin_user_id) REFERENCES admin_users (id) ON DELETE RESTRICT;
