// What the verify tests forge as someone with the database's keys could: shared by the int and e2e tiers.

/** An edit of the first audit row, then the whole chain recomputed with the product's functions and the head moved. */
export const FORGE_AUDIT = `
  UPDATE admin_audit_log SET new_values = '{"name": "Forged"}' WHERE id = (SELECT min(id) FROM admin_audit_log);
  DO $$
  DECLARE r record; h text := NULL;
  BEGIN
    FOR r IN SELECT id FROM admin_audit_log ORDER BY id LOOP
      UPDATE admin_audit_log l SET prev_hash = h, row_hash = admin_audit_hash(h, admin_audit_content(l)) WHERE l.id = r.id RETURNING l.row_hash INTO h;
    END LOOP;
    UPDATE admin_audit_chain_head SET last_id = (SELECT max(id) FROM admin_audit_log), last_hash = h;
  END $$;`;
