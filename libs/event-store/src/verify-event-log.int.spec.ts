import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { systemEvent } from '@afterwards/testing/events';
import { PostgresEventStore } from './postgres-event-store';
import { openPostgresEventStore, type PostgresEventStoreFixture } from './testing';
import { verifyEventLog } from './verify-event-log';

/** Edits as the table's owner could: the append-only trigger is the owner's to switch off (here for one transaction). */
async function tamper(db: TestDatabase, statement: string): Promise<void> {
  await db.sql.transaction(async (tx) => {
    await tx.exec('ALTER TABLE events DISABLE TRIGGER events_no_update');
    await tx.exec(statement);
    await tx.exec('ALTER TABLE events ENABLE TRIGGER events_no_update');
  });
}

describe.each(testDatabaseFactories)('tools events verify on %s', (_name, open) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let opened: PostgresEventStoreFixture;

  beforeEach(async () => {
    opened = await openPostgresEventStore(await open());
    ({ db, store } = opened);
    // Several events in one append chain in order; another stream interleaves.
    await store.append('listing-a', [systemEvent('ListingSubmitted', { name: 'A' }), systemEvent('ListingEdited', { changes: { name: 'A2' } })], 'no_stream');
    await store.append('listing-b', [systemEvent('ListingSubmitted', { name: 'B' })], 'no_stream');
    await store.append('listing-a', [systemEvent('ListingApproved', {})], 1n);
    await store.append('listing-a', [systemEvent('ListingSuspended', { reason: 'x' })], 2n);
  });
  afterEach(async () => {
    await opened.dispose();
  });

  it('an untouched log verifies, and an erasure is an expected break recorded by its tombstone', async () => {
    await store.append('case-c', [systemEvent('CaseOpened', { name: 'Private' }), systemEvent('NoteAdded', { text: 'secret' })], 'no_stream');
    await store.append('case-c', [systemEvent('CaseDeleted', {})], 1n, { eraseEarlier: true });
    const result = await verifyEventLog(db.sql, { batchSize: 2 });
    expect(result).toMatchObject({ ok: true, events: 6, streams: 3, erasures: 1, breaks: [] });
  });

  it("an event's data edited with SQL is reported as changed, at that event", async () => {
    await tamper(db, `UPDATE events SET data = '{"name": "Forged"}' WHERE stream_id = 'listing-a' AND revision = 0`);
    const result = await verifyEventLog(db.sql);
    expect(result.ok).toBe(false);
    expect(result.breaks[0]).toMatchObject({ streamId: 'listing-a', revision: '0', kind: 'changed' });
  });

  it('an edit whose hash was recomputed still breaks the chain at the next event', async () => {
    await tamper(
      db,
      `UPDATE events SET data = '{"name": "Forged"}' WHERE stream_id = 'listing-a' AND revision = 0;
       UPDATE events e SET hash = event_hash(e.prev_hash, event_content(e)) WHERE stream_id = 'listing-a' AND revision = 0`,
    );
    const result = await verifyEventLog(db.sql);
    expect(result.breaks[0]).toMatchObject({ streamId: 'listing-a', revision: '1', kind: 'chain_broken' });
  });

  it('a removed event is reported as missing, and a removed last event by the stream head', async () => {
    await tamper(db, `DELETE FROM events WHERE stream_id = 'listing-a' AND revision IN (1, 3)`);
    const result = await verifyEventLog(db.sql);
    expect(result.breaks).toEqual([
      expect.objectContaining({ streamId: 'listing-a', revision: '2', kind: 'missing_events' }),
      expect.objectContaining({ streamId: 'listing-a', kind: 'stream_head_mismatch' }),
    ]);
  });

  it('a first event removed without a tombstone is not taken for an erasure', async () => {
    await tamper(db, `DELETE FROM events WHERE stream_id = 'listing-b'; UPDATE streams SET revision = revision WHERE false`);
    await tamper(db, `DELETE FROM events WHERE stream_id = 'listing-a' AND revision = 0`);
    const result = await verifyEventLog(db.sql);
    expect(result.breaks[0]).toMatchObject({ streamId: 'listing-a', revision: '1', kind: 'missing_events' });
  });

  it('events whose global positions were swapped are reported', async () => {
    await tamper(
      db,
      `UPDATE events SET seq = -1 WHERE stream_id = 'listing-a' AND revision = 2;
       UPDATE events SET seq = (SELECT seq FROM events WHERE stream_id = 'listing-a' AND revision = 3) WHERE stream_id = 'listing-a' AND revision = 3 AND false;
       UPDATE events SET tx_id = '1'::xid8 WHERE stream_id = 'listing-a' AND revision = 3`,
    );
    const result = await verifyEventLog(db.sql);
    expect(result.breaks).toEqual(
      expect.arrayContaining([expect.objectContaining({ streamId: 'listing-a', revision: '3', kind: 'position_out_of_order' })]),
    );
  });
});
