import pg from 'pg';
import { PostgresSqlClient, runMigrations } from '@afterwards/persistence';
import {
  createPgliteTestDatabase,
  createPostgresTestDatabase,
  expectEventually,
  type TestDatabase,
} from '@afterwards/persistence/testing';
import { eventStoreMigrations } from './event-store.migrations';
import { KurrentDbEventStore } from './kurrentdb-event-store';
import { EVENTS_CHANNEL, PostgresEventStore } from './postgres-event-store';
import { START, type RecordedEvent } from './port';
import { describeEventStoreContract, openPostgresEventStore, usePostgresEventStore } from './testing';

describeEventStoreContract('PGlite (in memory)', async () => openPostgresEventStore(await createPgliteTestDatabase()));
describeEventStoreContract('PostgreSQL', async () => openPostgresEventStore(await createPostgresTestDatabase()));

const kurrentUrl = process.env.EVENTSTORE_URL;
if (kurrentUrl) {
  describeEventStoreContract(
    'KurrentDB',
    async () => {
      const store = KurrentDbEventStore.connect(kurrentUrl);
      return { store, dispose: () => store.close() };
    },
    { deleteRemovesFromAll: false },
  );
}

describe('PostgresEventStore on PostgreSQL: transactions that commit late', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  usePostgresEventStore(createPostgresTestDatabase, (opened) => ({ db, store } = opened));

  it('never lets a later transaction overtake an earlier one that is still open', async () => {
    const received: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(async (e) => void received.push(e));
    const slow = new pg.Client({ connectionString: db.url });
    await slow.connect();
    try {
      // The slow writer takes its transaction id first, then stalls before committing.
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO streams (stream_id, revision) VALUES ('slow', 0);
         INSERT INTO events (stream_id, revision, type, data, metadata) VALUES ('slow', 0, 'SlowWritten', '{}', '{}')`,
      );
      const fast = await store.append('fast', [{ type: 'FastWritten', data: {}, metadata: metadataFor('f') }], 'no_stream');

      // Committed, readable by stream, but held back from the global log behind the open transaction.
      expect(await store.readStream('fast')).toHaveLength(1);
      expect(await store.readAll()).toEqual([]);
      const page = await store.readPage(START);
      expect(page.blocked).toBe(true);
      expect(page.horizon <= fast.position.commit).toBe(true);
      expect(received).toEqual([]);

      await slow.query('COMMIT');
      await expectEventually(() => expect(received.map((e) => e.streamId)).toEqual(['slow', 'fast']));
      expect((await store.readAll()).map((e) => e.streamId)).toEqual(['slow', 'fast']);
      expect(received[0]!.position.commit < received[1]!.position.commit).toBe(true);
    } finally {
      await slow.end();
      await subscription.stop();
    }
  });

  it('is not held back by an open transaction of another database on the server', async () => {
    const elsewhere = await createPostgresTestDatabase();
    const other = new pg.Client({ connectionString: elsewhere.url });
    await other.connect();
    try {
      // Another product's long transaction: it has a transaction id older than the append's.
      await other.query('BEGIN');
      const { rows } = await other.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      const appended = await store.append('beside-other-db', [{ type: 'Written', data: {}, metadata: metadataFor('b') }], 'no_stream');
      const { rows: snap } = await db.sql.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
      expect(BigInt(snap[0]!.xmin) <= BigInt(rows[0]!.xid)).toBe(true); // the server-wide horizon is held back

      const page = await store.readPage(START);
      expect(page.events.map((e) => e.streamId)).toContain('beside-other-db');
      expect(page.horizon > appended.position.commit).toBe(true);
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await other.end();
      await elsewhere.dispose();
    }
  });

  it('reads past an open transaction declared eventless (a projection batch), and only while declared', async () => {
    const batch = new pg.Client({ connectionString: db.url });
    await batch.connect();
    try {
      // A projection batch's transaction: it has an id, writes no events, and stays open.
      await batch.query('BEGIN');
      const { rows } = await batch.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      const xid = BigInt(rows[0]!.xid);
      const appended = await store.append('beside-batch', [{ type: 'Written', data: {}, metadata: metadataFor('p') }], 'no_stream');

      // Undeclared, it holds the log back like any open transaction.
      const held = await store.readPage(START);
      expect(held.blocked).toBe(true);
      expect(held.events.map((e) => e.streamId)).not.toContain('beside-batch');

      const release = store.readPast(xid);
      const page = await store.readPage(START);
      expect(page.events.map((e) => e.streamId)).toContain('beside-batch');
      expect(page.horizon > appended.position.commit).toBe(true);

      release();
      release(); // once only: a second call does not undo another declaration
      expect((await store.readPage(START)).blocked).toBe(true);
    } finally {
      await batch.query('ROLLBACK').catch(() => undefined);
      await batch.end();
    }
  });

  it('maps a unique violation on events to StreamConflictError', async () => {
    // A row the streams table does not know about: the claim succeeds, the insert collides.
    await db.sql.query(
      `INSERT INTO events (stream_id, revision, type, data, metadata) VALUES ('orphan', 0, 'Stray', '{}', '{}')`,
    );
    await expect(
      store.append('orphan', [{ type: 'X', data: {}, metadata: metadataFor('o') }], 'no_stream'),
    ).rejects.toMatchObject({ name: 'StreamConflictError', streamId: 'orphan' });
  });
});

describe('PostgresEventStore on PostgreSQL: subscribers in another process', () => {
  let db: TestDatabase;
  let other: PostgresSqlClient;
  let writer: PostgresEventStore;
  let reader: PostgresEventStore;

  beforeAll(async () => {
    db = await createPostgresTestDatabase();
    await runMigrations(db.sql, eventStoreMigrations);
    // Its own pool and listening connection, as another process would have; polls only once a minute.
    other = PostgresSqlClient.open(db.url!, { max: 2 });
    writer = new PostgresEventStore(db.sql, { notifyIntervalMs: 50 });
    reader = new PostgresEventStore(other, { pollIntervalMs: 60_000 });
  });

  afterAll(async () => {
    await reader.close();
    await writer.close();
    await other.close();
    await db.dispose();
  });

  it('hears of every append, the last of a burst too, from NOTIFYs coalesced to one per interval', async () => {
    const received: string[] = [];
    const subscription = reader.subscribeToAll(async (e) => void received.push(e.streamId));
    const notified: number[] = [];
    const unlisten = await other.listen(EVENTS_CHANNEL, () => notified.push(Date.now()));
    try {
      // Let the subscription read its (empty) first page and go to sleep on its minute-long poll.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const streams = Array.from({ length: 30 }, (_, i) => `burst-${i}`);
      await Promise.all(streams.map((s) => writer.append(s, [{ type: 'Burst', data: {}, metadata: metadataFor(s) }], 'no_stream')));
      await expectEventually(() => expect([...received].sort()).toEqual([...streams].sort()), 10_000);
      // 30 appends, one every few milliseconds at most: far fewer NOTIFYs than appends.
      expect(notified.length).toBeGreaterThan(0);
      expect(notified.length).toBeLessThan(streams.length);

      // A lone append after the burst is told too (the interval delays its NOTIFY, never drops it).
      await writer.append('lone', [{ type: 'Lone', data: {}, metadata: metadataFor('lone') }], 'no_stream');
      await expectEventually(() => expect(received).toContain('lone'), 10_000);
    } finally {
      await unlisten();
      await subscription.stop();
    }
  });

  it('goes on hearing of appends after its listening connection is lost, missing none told while it was gone', async () => {
    const received: string[] = [];
    const subscription = reader.subscribeToAll(async (e) => void received.push(e.streamId));
    try {
      await writer.append('before-cut', [{ type: 'Cut', data: {}, metadata: metadataFor('before-cut') }], 'no_stream');
      await expectEventually(() => expect(received).toContain('before-cut'), 10_000);
      // PostgreSQL ends the reader's listening connection (a restart, a proxy's cut); the append's NOTIFY is
      // sent before a new one can listen, so only "news may have been missed" can tell the reader of it.
      await terminateListeners(db);
      await writer.append('during-cut', [{ type: 'Cut', data: {}, metadata: metadataFor('during-cut') }], 'no_stream');
      await expectEventually(() => expect(received).toContain('during-cut'), 10_000);
      // And the new connection hears what comes after.
      await writer.append('after-cut', [{ type: 'Cut', data: {}, metadata: metadataFor('after-cut') }], 'no_stream');
      await expectEventually(() => expect(received).toContain('after-cut'), 10_000);
    } finally {
      await subscription.stop();
    }
  });
});

/** Ends (and waits for the end of) the database's listening connections, as PostgreSQL's restart would. */
async function terminateListeners(db: TestDatabase): Promise<void> {
  const { rows } = await db.sql.query<{ ended: boolean }>(
    `SELECT pg_terminate_backend(pid, 5000) AS ended FROM pg_stat_activity
     WHERE application_name = 'afterwards-listen' AND datname = current_database()`,
  );
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row.ended)).toBe(true);
}

function metadataFor(id: string) {
  return { eventId: id, occurredAt: new Date().toISOString(), actor: 'system', correlationId: id, causationId: id, schemaVersion: 1 };
}
