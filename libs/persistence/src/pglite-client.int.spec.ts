import { PgliteSqlClient } from './pglite-client';

describe('PgliteSqlClient', () => {
  let sql: PgliteSqlClient;

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
  });

  afterAll(async () => {
    await sql.close();
  });

  it.each([
    ['its own queries', () => sql],
    ["the instance it gives adapters (Prisma's)", () => sql.turningDb()],
  ])('lets the event loop turn while callers chain queries back to back: %s', async (_, target) => {
    // PGlite runs queries in this thread and resolves them in microtasks: without the client's turns, a
    // timer (a socket, a writer's pacing) waits until the chain ends.
    let timerRanAfter: number | undefined;
    let done = 0;
    setTimeout(() => (timerRanAfter = done), 0);
    const started = performance.now();
    // Enough queries as well as enough time: on a loaded machine a fresh instance's first query alone can
    // take the 200 ms, and the timer runs only once the chain has given the loop a turn after it was set.
    while (performance.now() - started < 200 || done < 50) {
      await target().query('SELECT 1 AS n');
      done++;
    }
    expect(timerRanAfter).toBeDefined();
    expect(timerRanAfter!).toBeLessThan(done);
  });

  it('prepares a named statement once, then only binds it, with the same rows, types and errors as an unnamed query', async () => {
    await sql.exec('CREATE TABLE named_rows (id int PRIMARY KEY, label text, at timestamptz, tags text[])');
    const text = 'INSERT INTO named_rows (id, label, at, tags) VALUES ($1, $2, $3, $4) RETURNING id, label, at, tags';
    const prepared = async () => (await sql.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((r) => r.name);

    const first = await sql.query(text, [1, 'one', '2026-11-26T08:00:00Z', ['a', 'b']], { name: 'named_insert' });
    const second = await sql.query(text, [2, null, null, null], { name: 'named_insert' });
    const unnamed = await sql.query(text, [3, 'three', '2026-11-26T08:00:00Z', ['c']]);
    expect(first).toEqual({ rows: [{ id: 1, label: 'one', at: new Date('2026-11-26T08:00:00Z'), tags: ['a', 'b'] }], rowCount: 1 });
    expect(second).toEqual({ rows: [{ id: 2, label: null, at: null, tags: null }], rowCount: 1 });
    expect(unnamed.rows[0]).toEqual({ id: 3, label: 'three', at: new Date('2026-11-26T08:00:00Z'), tags: ['c'] });
    expect(await prepared()).toEqual(['named_insert']);

    // An error from the statement is the same error, and the connection goes on.
    await expect(sql.query(text, [1, 'again', null, null], { name: 'named_insert' })).rejects.toMatchObject({ code: '23505' });
    expect((await sql.query('SELECT count(*)::int AS n FROM named_rows', [], { name: 'named_count' })).rows).toEqual([{ n: 3 }]);

    // Dropped behind the client's back: prepared again on the next call.
    await sql.exec('DEALLOCATE ALL');
    expect((await sql.query(text, [4, 'four', null, []], { name: 'named_insert' })).rows).toEqual([{ id: 4, label: 'four', at: null, tags: [] }]);
    expect(await prepared()).toEqual(['named_insert']);
  });
});
