import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventStoreMigrations, PostgresEventStore, verifyEventLog } from '@afterwards/event-store';
import { asAdminRole, identityMigrations, verifyAuditChain, writeAudit, type AuditEntry } from '@afterwards/identity-server';
import { persistenceMigrations, runMigrations } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { loadConfig, publicKeyText, takeCheckpoints, type AppConfig } from '@afterwards/server-kit';
import { systemEvent } from '@afterwards/testing/events';
import { FORGE_AUDIT } from './forged-logs.testing';
import { auditVerifyCommand, eventsVerifyCommand } from './verify.command';

/**
 * `tools audit verify` and `tools events verify` against signed checkpoints (decision 0038): what a
 * database owner can do with the product's own SQL functions (recompute a chain and move its head, cut
 * rows off the end, remove a stream) passes the hash chains alone, and is reported against the checkpoints.
 */
const entry = (n: number): AuditEntry => ({
  action: 'listing_updated',
  tableName: 'listings',
  recordId: `listing-${n}`,
  oldValues: { name: `Old ${n}` },
  newValues: { name: `New ${n}` },
  ipAddress: '192.0.2.1',
  userAgent: 'test',
});

/** What the table's owner can do without a superuser: switch the append-only triggers off for one transaction. */
async function asOwner(db: TestDatabase, statements: string): Promise<void> {
  await db.sql.transaction(async (tx) => {
    await tx.exec('ALTER TABLE admin_audit_log DISABLE TRIGGER admin_audit_no_update; ALTER TABLE events DISABLE TRIGGER events_no_update');
    await tx.exec(statements);
    await tx.exec('ALTER TABLE admin_audit_log ENABLE TRIGGER admin_audit_no_update; ALTER TABLE events ENABLE TRIGGER events_no_update');
  });
}

/** The same for a stream: its first event edited, every hash after it recomputed with event_hash/event_content. */
const forgeStream = (stream: string) => `
  UPDATE events SET data = '{"name": "Forged"}' WHERE stream_id = '${stream}' AND revision = 0;
  DO $$
  DECLARE r record; h text := NULL;
  BEGIN
    FOR r IN SELECT seq FROM events WHERE stream_id = '${stream}' ORDER BY revision LOOP
      UPDATE events e SET prev_hash = h, hash = event_hash(h, event_content(e)) WHERE e.seq = r.seq RETURNING e.hash INTO h;
    END LOOP;
  END $$;`;

describe.each(testDatabaseFactories)('verify commands against signed checkpoints on %s', (_name, open) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let dir: string;
  let key: KeyObject;
  let config: AppConfig;

  const configWith = (env: Record<string, string>): AppConfig =>
    loadConfig({ DATA_DIR: dir, CHECKPOINT_FILE: path.join(dir, 'checkpoints.jsonl'), CHECKPOINT_SIGNING_KEY: key.export({ format: 'pem', type: 'pkcs8' }).toString(), ...env });
  const checkpoint = () => takeCheckpoints(db.sql, { key, file: config.checkpoints.file, events: true });
  const audit = (n: number) => asAdminRole(db.sql, (tx) => writeAudit(tx, entry(n)));

  beforeEach(async () => {
    db = await open();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...identityMigrations]);
    store = new PostgresEventStore(db.sql);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-checkpoints-'));
    key = generateKeyPairSync('ed25519').privateKey;
    config = configWith({});
    await asAdminRole(db.sql, (tx) => writeAudit(tx, [entry(1), entry(2)]));
    await audit(3);
    await store.append('listing-a', [systemEvent('ListingSubmitted', { name: 'A' }), systemEvent('ListingEdited', { changes: { name: 'A2' } })], 'no_stream');
    await store.append('listing-b', [systemEvent('ListingSubmitted', { name: 'B' })], 'no_stream');
    await store.append('listing-a', [systemEvent('ListingApproved', {})], 1n);
    await store.append('case-c', [systemEvent('CaseOpened', { name: 'Private' }), systemEvent('NoteAdded', { text: 'secret' })], 'no_stream');
    await checkpoint();
    // Written after the checkpoint: not anchored yet, still chained.
    await audit(4);
    await store.append('listing-b', [systemEvent('ListingApproved', {})], 0n);
  });
  afterEach(async () => {
    await store.close();
    await db.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an unforged log verifies through every checkpoint, in the file and in the database', async () => {
    // Past ten: each checkpoint follows the highest number, not the highest as text.
    for (let i = 0; i < 11; i++) await checkpoint();
    const lines = fs.readFileSync(config.checkpoints.file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(24);
    expect((await db.sql.query(`SELECT 1 FROM log_checkpoints`)).rows).toHaveLength(24);
    const auditResult = await auditVerifyCommand(db.sql, config);
    expect(auditResult.text).toContain('admin_audit_log: 4 rows, chain unbroken and through every checkpoint');
    expect(auditResult.ok).toBe(true);
    const eventsResult = await eventsVerifyCommand(db.sql, config);
    expect(eventsResult.text).toContain('through every checkpoint');
    expect(eventsResult.ok).toBe(true);
  });

  it('an audit chain recomputed with the product’s own functions, head moved, passes the chain but not the checkpoint', async () => {
    await asOwner(db, FORGE_AUDIT);
    // What the command checked before checkpoints: the forged chain is whole.
    expect(await verifyAuditChain(db.sql)).toMatchObject({ ok: true });
    const result = await auditVerifyCommand(db.sql, config);
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/BROKEN at row \d+ \(checkpoint_mismatch\): Row \d+ does not have the hash checkpoint 1 of .* signed: the chain was rewritten/);
  });

  it('a stream recomputed with the product’s own functions passes the chain but not the checkpoint', async () => {
    await asOwner(db, forgeStream('listing-a'));
    expect(await verifyEventLog(db.sql)).toMatchObject({ ok: true });
    const result = await eventsVerifyCommand(db.sql, config);
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/listing-a revision 2 \(seq \d+\): checkpoint_mismatch: its hash is not the one checkpoint 1 of .* signed/);
  });

  it('the last audit rows deleted and the head moved back: reported as truncated', async () => {
    await asOwner(
      db,
      `DELETE FROM admin_audit_log WHERE id > (SELECT min(id) FROM admin_audit_log);
       UPDATE admin_audit_chain_head SET (last_id, last_hash) = (SELECT id, row_hash FROM admin_audit_log)`,
    );
    expect(await verifyAuditChain(db.sql)).toMatchObject({ ok: true, rowsChecked: 1 });
    const result = await auditVerifyCommand(db.sql, config);
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/admin_audit_log: TRUNCATED after row \d+: Truncated: checkpoint 1 of .* recorded row \d+, but the log ends at row \d+: rows were removed from the end/);
  });

  it('a whole stream removed, and the last events of another with its head moved back: reported', async () => {
    await asOwner(
      db,
      `DELETE FROM events WHERE stream_id = 'case-c'; DELETE FROM streams WHERE stream_id = 'case-c';
       DELETE FROM events WHERE stream_id = 'listing-a' AND revision = 2; UPDATE streams SET revision = 1 WHERE stream_id = 'listing-a'`,
    );
    expect(await verifyEventLog(db.sql)).toMatchObject({ ok: true });
    const result = await eventsVerifyCommand(db.sql, config);
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/listing-a: TRUNCATED: the stream ends at revision 1, but checkpoint 1 of .* recorded revision 2: events were removed from its end/);
    expect(result.text).toMatch(/case-c: STREAM REMOVED: checkpoint 1 of .* recorded it at revision 1, but no event of it is left/);
  });

  it('the events table refuses UPDATE, DELETE and TRUNCATE, while Delete Forever’s erasure still works and verifies', async () => {
    await expect(db.sql.query(`UPDATE events SET data = '{}' WHERE stream_id = 'listing-a'`)).rejects.toThrow(/events is append-only: UPDATE refused/);
    await expect(db.sql.query(`DELETE FROM events WHERE stream_id = 'listing-a'`)).rejects.toThrow(/events is append-only: DELETE refused/);
    await expect(db.sql.query(`TRUNCATE events`)).rejects.toThrow(/events is append-only: TRUNCATE refused/);
    // The erasure path: a tombstone appended with eraseEarlier removes the memory's earlier events.
    await store.append('case-c', [systemEvent('CaseDeleted', {})], 1n, { eraseEarlier: true });
    expect((await store.readStream('case-c')).map((e) => e.type)).toEqual(['CaseDeleted']);
    // The setting was for that erasure's transaction only.
    await expect(db.sql.query(`DELETE FROM events WHERE stream_id = 'listing-a'`)).rejects.toThrow(/append-only/);
    // Until a checkpoint records the tombstone, the erasure is named (it could have been forged).
    expect((await eventsVerifyCommand(db.sql, config)).text).toMatch(/note: erased after the last checkpoint that recorded them .*: case-c/);
    await checkpoint();
    const result = await eventsVerifyCommand(db.sql, config);
    expect(result.text).not.toContain('note: erased after');
    expect(result.text).toContain('1 erased by Delete Forever');
    expect(result.ok).toBe(true);
  });

  it('checkpoints checked with another key, edited, or removed are reported', async () => {
    await checkpoint();
    const otherKey = generateKeyPairSync('ed25519').publicKey;
    const wrong = await auditVerifyCommand(db.sql, configWith({ CHECKPOINT_PUBLIC_KEY: publicKeyText(otherKey) }));
    expect(wrong.ok).toBe(false);
    expect(wrong.text).toContain('CHECKPOINT PROBLEM: checkpoint 1 of the audit log (');
    expect(wrong.text).toContain('was not signed by the configured key');

    // A line whose hash was changed to match a forged chain no longer carries a valid signature.
    const file = config.checkpoints.file;
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    const forgedLine = lines[0]!.replace(/"hash":"[0-9a-f]{8}/, '"hash":"00000000');
    expect(forgedLine).not.toBe(lines[0]);
    fs.writeFileSync(file, [forgedLine, ...lines.slice(1)].join('\n') + '\n');
    await db.sql.query(`UPDATE log_checkpoints SET line = $1 WHERE log = 'audit' AND n = 1`, [forgedLine]);
    const edited = await auditVerifyCommand(db.sql, config);
    expect(edited.ok).toBe(false);
    expect(edited.text).toContain('its signature does not verify: it was forged or edited');

    // The database's copy removed: the file still holds it.
    fs.writeFileSync(file, lines.join('\n') + '\n');
    await db.sql.query(`DELETE FROM log_checkpoints WHERE log = 'audit'`);
    const removed = await auditVerifyCommand(db.sql, config);
    expect(removed.ok).toBe(false);
    expect(removed.text).toContain('2 checkpoint(s) of the audit log are in the file but not in the database');
  });

  it('without a key in the services profile checkpoints are reported off, and the chain is still checked', async () => {
    const services = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://unused', CHECKPOINT_FILE: path.join(dir, 'none.jsonl') });
    await db.sql.query(`DELETE FROM log_checkpoints`);
    const result = await auditVerifyCommand(db.sql, services);
    expect(result.text).toContain('checkpoints: off (CHECKPOINT_SIGNING_KEY is not set)');
    expect(result.ok).toBe(true);
  });
});
