import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { PostgresEventStore, type Position } from '@afterwards/event-store';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { useProjectionDatabase } from '../testing';
import { fenceOf, LeaseLostError, PROJECTION_LEASE } from './leadership';

/**
 * A batch's opening statement (decision 0030): the fence, the checkpoint and the transaction id in one round
 * trip, and a commit that does not wait for the WAL flush, in the batch's transaction only.
 */
describe.each(testDatabaseFactories)('projection batches on %s', (_name, create) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  useProjectionDatabase(create, [], async (opened) => {
    ({ db, store, prisma } = opened);
    await db.sql.exec('CREATE TABLE batch_rows (id text PRIMARY KEY)');
  });

  /** What the projection saw inside each batch's transaction. */
  let seen: { synchronousCommit: string; checkpoint: string | null }[] = [];
  const projection = (name: string): Projection => ({
    name,
    streamPrefixes: [`${name}-`],
    async apply(event, tx) {
      const [setting] = await tx.$queryRaw<{ synchronous_commit: string }[]>`SHOW synchronous_commit`;
      const [saved] = await tx.$queryRaw<{ commit: string }[]>`SELECT "commit"::text AS "commit" FROM projection_checkpoints WHERE projection = ${name}`;
      seen.push({ synchronousCommit: setting!.synchronous_commit, checkpoint: saved?.commit ?? null });
      await tx.$executeRaw`INSERT INTO batch_rows (id) VALUES (${event.streamId})`;
      return [event.streamId];
    },
    async snapshot() {
      return [];
    },
  });
  const metadata = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'system', correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 });
  const write = (stream: string) => store.append(stream, [{ type: 'RowWritten', data: {}, metadata: metadata() }], 'no_stream');
  const checkpoint = async (name: string) =>
    (await db.sql.query<{ commit: string }>('SELECT "commit"::text AS "commit" FROM projection_checkpoints WHERE projection = $1', [name])).rows[0]?.commit;
  const rows = async (prefix: string) => (await db.sql.query<{ id: string }>('SELECT id FROM batch_rows WHERE starts_with(id, $1) ORDER BY id', [prefix])).rows.map((r) => r.id);

  it('moves the checkpoint in the opening statement, commits rows and checkpoint together, and skips the WAL flush wait in the batch only', async () => {
    seen = [];
    const runner = new ProjectionRunner(store, prisma, [projection('opened')]);
    await runner.start();
    try {
      const { position } = await write('opened-a');
      await expectEventually(async () => expect(await rows('opened-')).toEqual(['opened-a']), 15_000);
      // Inside the batch: the checkpoint already names the batch's last event, and the commit will not wait.
      expect(seen).toEqual([{ synchronousCommit: 'off', checkpoint: String(position.commit) }]);
      expect(await checkpoint('opened')).toBe(String(position.commit));
      expect(runner.status().opened).toEqual<Position>(position);
      // Set for that transaction only: the connection is back to the server's default.
      expect((await db.sql.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows).toEqual([{ synchronous_commit: 'on' }]);
    } finally {
      await runner.stop();
    }
  });

  it('keeps nothing of a batch whose fence is stale: the opening statement finds the newer token', async () => {
    await db.sql.query(`INSERT INTO projection_leases (name, token, holder) VALUES ($1, 2, 'next-leader') ON CONFLICT (name) DO UPDATE SET token = 2`, [
      PROJECTION_LEASE,
    ]);
    const lost: LeaseLostError[] = [];
    const errors: unknown[] = [];
    const runner = new ProjectionRunner(store, prisma, [projection('fenced')], undefined, (_n, e) => errors.push(e), {
      fence: fenceOf('1'),
      onLeaseLost: (error) => lost.push(error),
    });
    await runner.start();
    try {
      await write('fenced-a');
      await expectEventually(() => expect(lost).toHaveLength(1), 15_000);
      expect(lost[0]).toBeInstanceOf(LeaseLostError);
      expect(errors).toEqual([]);
      expect(await rows('fenced-')).toEqual([]);
      expect(await checkpoint('fenced')).toBeUndefined();
    } finally {
      await runner.stop();
    }
  });
});
