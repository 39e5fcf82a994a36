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
    while (performance.now() - started < 200) {
      await target().query('SELECT 1 AS n');
      done++;
    }
    expect(timerRanAfter).toBeDefined();
    expect(timerRanAfter!).toBeLessThan(done);
  });
});
