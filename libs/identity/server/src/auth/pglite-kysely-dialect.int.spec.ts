import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kysely, sql } from 'kysely';
import { PgliteSqlClient } from '@afterwards/persistence';
import { PgliteDialect } from './pglite-kysely-dialect';

describe('Kysely over the platform PGlite', () => {
  let client: PgliteSqlClient;
  let db: Kysely<{ t: { id: number; v: string } }>;
  beforeAll(async () => {
    client = await PgliteSqlClient.open();
    await client.exec('CREATE TABLE t (id int PRIMARY KEY, v text NOT NULL)');
    db = new Kysely({ dialect: new PgliteDialect(client.db) });
  });
  afterAll(async () => {
    await client.close();
  });

  it('queries, inserts and reports affected rows', async () => {
    await db.insertInto('t').values({ id: 1, v: 'one' }).execute();
    const r = await db.updateTable('t').set({ v: 'uno' }).where('id', '=', 1).executeTakeFirst();
    expect(r.numUpdatedRows).toBe(1n);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, v: 'uno' }]);
  });

  it('holds other queries of the same PGlite back until its transaction ends, so they never interleave', async () => {
    let outside: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 2, v: 'two' }).execute();
      outside = client.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
      // Still inside: the other query waits rather than running inside this transaction.
      await trx.insertInto('t').values({ id: 3, v: 'three' }).execute();
    });
    const result = (await outside) as { rows: { n: number }[] };
    expect(result.rows[0]!.n).toBe(3);
  });

  it('rolls back when the work throws', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 9, v: 'nine' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM t WHERE id = 9`.execute(db)).rows[0]!.n).toBe(0);
  });
});
