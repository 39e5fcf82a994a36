import pg from 'pg';
import { createPostgresTestDatabase, expectEventually, TEST_POSTGRES_URL, type TestDatabase } from './testing';

/**
 * `listen` on PostgreSQL: one connection carries every channel, and when PostgreSQL ends it (a restart, a
 * proxy's cut) the client makes another and listens again, then says news may have been missed. Without
 * that, every LISTEN of the process (projections, sockets, read-your-writes) went silent for good.
 */
describe('listen on postgres', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createPostgresTestDatabase();
  });
  afterAll(async () => {
    await db.dispose();
  });

  const notify = (channel: string, payload: string) => db.sql.query('SELECT pg_notify($1, $2)', [channel, payload]);

  /** Whether PostgreSQL lets a new connection into the test's database (asked of another database: it cannot be its own). */
  async function allowConnections(allow: boolean): Promise<void> {
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(new URL(db.url!).pathname.slice(1))} ALLOW_CONNECTIONS ${allow}`);
    } finally {
      await admin.end();
    }
  }

  /** Ends the listening connection and waits until it is gone. */
  async function cutListener(): Promise<void> {
    const { rows } = await db.sql.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid, 5000) AS ended FROM pg_stat_activity
       WHERE application_name = 'afterwards-listen' AND datname = current_database()`,
    );
    expect(rows.map((row) => row.ended)).toEqual([true]);
  }

  it('listens again on every channel after its connection is lost, and tells each listener it may have missed news', async () => {
    const heard: string[] = [];
    let missed = 0;
    const stopFirst = await db.sql.listen('listen_one', (payload) => heard.push(`one:${payload}`), () => missed++);
    const stopSecond = await db.sql.listen('listen_two', (payload) => heard.push(`two:${payload}`));
    try {
      await notify('listen_one', 'a');
      await expectEventually(() => expect(heard).toEqual(['one:a']));

      await cutListener();
      // Told while no connection listens: lost, which is what `onMissed` is for.
      await notify('listen_one', 'lost');
      await expectEventually(() => expect(missed).toBe(1), 10_000);

      await notify('listen_one', 'b');
      await notify('listen_two', 'c');
      await expectEventually(() => expect(heard).toEqual(['one:a', 'one:b', 'two:c']));
      expect(missed).toBe(1);
    } finally {
      await stopFirst();
      await stopSecond();
    }
  });

  it('keeps trying while PostgreSQL refuses it, then listens again', async () => {
    let missed = 0;
    const heard: string[] = [];
    const stop = await db.sql.listen('listen_three', (payload) => heard.push(payload), () => missed++);
    try {
      // No new connection to this database for a while: the first attempts to listen again fail.
      await allowConnections(false);
      try {
        await cutListener();
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(missed).toBe(0);
      } finally {
        await allowConnections(true);
      }
      await expectEventually(() => expect(missed).toBe(1), 15_000);
      await notify('listen_three', 'back');
      await expectEventually(() => expect(heard).toEqual(['back']));
    } finally {
      await stop();
    }
  });
});
