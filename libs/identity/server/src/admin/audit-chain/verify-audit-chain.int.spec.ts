import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { persistenceMigrations, runMigrations } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { asAdminRole, writeAudit, type AuditEntry } from '../admin-audit';
import { identityMigrations } from '../../identity.migrations';
import { verifyAuditChain } from './verify-audit-chain';

const entry = (n: number): AuditEntry => ({
  action: 'listing_updated',
  tableName: 'listings',
  recordId: `listing-${n}`,
  oldValues: { name: `Old ${n}` },
  newValues: { name: `New ${n}`, note: 'a "quoted" value, ünïcode' },
  ipAddress: '192.0.2.1',
  userAgent: 'test',
});

/** Edits as someone who can switch triggers off (a superuser): the product's own roles cannot. */
async function tamper(db: TestDatabase, statement: string): Promise<void> {
  await db.sql.transaction(async (tx) => {
    await tx.exec(`SET LOCAL session_replication_role = replica`);
    await tx.exec(statement);
  });
}

describe.each(testDatabaseFactories)('admin_audit_log hash chain on %s', (_name, open) => {
  let db: TestDatabase;

  beforeEach(async () => {
    db = await open();
    await runMigrations(db.sql, [...persistenceMigrations, ...identityMigrations]);
    // One statement of three rows, then two more statements: the chain runs through all of them.
    await asAdminRole(db.sql, (tx) => writeAudit(tx, [entry(1), entry(2), entry(3)]));
    await asAdminRole(db.sql, (tx) => writeAudit(tx, entry(4)));
    await asAdminRole(db.sql, (tx) => writeAudit(tx, entry(5)));
  });
  afterEach(async () => {
    await db.dispose();
  });

  const ids = async () => (await db.sql.query<{ id: string }>(`SELECT id::text AS id FROM admin_audit_log ORDER BY admin_audit_log.id`)).rows.map((r) => r.id);

  it('an untouched log verifies', async () => {
    const result = await verifyAuditChain(db.sql, { batchSize: 2 });
    expect(result).toMatchObject({ ok: true, rowsChecked: 5, firstBadRowId: null });
  });

  it('the staff role and the owner can append but neither change nor remove rows', async () => {
    await expect(asAdminRole(db.sql, (tx) => tx.query(`UPDATE admin_audit_log SET action = 'x'`))).rejects.toThrow(/permission denied/);
    await expect(asAdminRole(db.sql, (tx) => tx.query(`DELETE FROM admin_audit_log`))).rejects.toThrow(/permission denied/);
    await expect(db.sql.query(`UPDATE admin_audit_log SET action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.sql.query(`DELETE FROM admin_audit_log`)).rejects.toThrow(/append-only/);
    await expect(db.sql.query(`TRUNCATE admin_audit_log`)).rejects.toThrow(/append-only/);
    await expect(asAdminRole(db.sql, (tx) => tx.query(`UPDATE admin_audit_chain_head SET last_hash = 'x'`))).rejects.toThrow(/permission denied/);
  });

  it('a row edited with SQL is reported as changed, at that row', async () => {
    const [, second] = await ids();
    await tamper(db, `UPDATE admin_audit_log SET new_values = '{"name": "Forged"}' WHERE id = ${second}`);
    expect(await verifyAuditChain(db.sql, { batchSize: 2 })).toMatchObject({ ok: false, firstBadRowId: second, problem: 'changed' });
  });

  it('a row edited with its own hash recomputed still breaks the chain at the next row', async () => {
    const [, second, third] = await ids();
    await tamper(
      db,
      `UPDATE admin_audit_log SET new_values = '{"name": "Forged"}' WHERE id = ${second};
       UPDATE admin_audit_log l SET row_hash = admin_audit_hash(l.prev_hash, admin_audit_content(l)) WHERE id = ${second}`,
    );
    expect(await verifyAuditChain(db.sql)).toMatchObject({ ok: false, firstBadRowId: third, problem: 'removed_or_reordered' });
  });

  it('a removed row is reported at the row after it', async () => {
    const [, , third, fourth] = await ids();
    await tamper(db, `DELETE FROM admin_audit_log WHERE id = ${third}`);
    expect(await verifyAuditChain(db.sql)).toMatchObject({ ok: false, firstBadRowId: fourth, problem: 'removed_or_reordered' });
  });

  it('a removed last row is reported from the chain head', async () => {
    const all = await ids();
    await tamper(db, `DELETE FROM admin_audit_log WHERE id = ${all[4]}`);
    expect(await verifyAuditChain(db.sql)).toMatchObject({ ok: false, firstBadRowId: all[4], problem: 'removed_or_reordered' });
  });

  it('two rows swapped (ids exchanged) are reported', async () => {
    const [first, second] = await ids();
    await tamper(
      db,
      `UPDATE admin_audit_log SET id = -1 WHERE id = ${first};
       UPDATE admin_audit_log SET id = ${first} WHERE id = ${second};
       UPDATE admin_audit_log SET id = ${second} WHERE id = -1`,
    );
    expect(await verifyAuditChain(db.sql)).toMatchObject({ ok: false, firstBadRowId: first });
  });
});
