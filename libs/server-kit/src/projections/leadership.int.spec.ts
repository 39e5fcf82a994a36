import { createPrismaClient, persistenceMigrations, PostgresSqlClient, runMigrations, type PrismaClient, type SqlClient } from '@afterwards/persistence';
import { createPgliteTestDatabase, createPostgresTestDatabase, expectEventually, type TestDatabase } from '@afterwards/persistence/testing';
import type { AppConfig } from '../config/config';
import { LeaseLostError, ProjectionLeadership, type Fence } from './leadership';
import { CheckpointWatch, saveCheckpoint, waitForProjection } from './projection-runner';

/** A replica's leader work, reduced to what it was told: started with which token, stopped. */
function recorder() {
  const log: string[] = [];
  let fence: Fence | undefined;
  return {
    log,
    fence: () => fence,
    work: {
      name: 'recorder',
      order: 0,
      async start(f: Fence) {
        fence = f;
        log.push(`start ${f.token}`);
      },
      async stop() {
        fence = undefined;
        log.push('stop');
      },
    },
  };
}

const config = { runProjections: true } as AppConfig;

function replica(sql: SqlClient) {
  const leadership = new ProjectionLeadership(config, sql);
  const rec = recorder();
  leadership.register(rec.work);
  return { leadership, ...rec };
}

describe('projection leadership on PostgreSQL', () => {
  let db: TestDatabase;
  const clients: PostgresSqlClient[] = [];
  const prismas: PrismaClient[] = [];
  const open = () => {
    const sql = PostgresSqlClient.open(db.url!, { max: 4 });
    clients.push(sql);
    return sql;
  };

  beforeAll(async () => {
    db = await createPostgresTestDatabase();
    await runMigrations(db.sql, persistenceMigrations);
  });
  afterAll(async () => {
    for (const p of prismas) await p.$disconnect();
    for (const c of clients) await c.close();
    await db.dispose();
  });

  it('one replica leads; when its session dies another takes over within a second with a higher token, and the old fence refuses to write', async () => {
    const a = replica(open());
    const b = replica(open());
    await a.leadership.onApplicationBootstrap();
    await b.leadership.onApplicationBootstrap();
    expect(a.leadership.status()).toMatchObject({ leading: true, token: '1' });
    expect(b.leadership.status().leading).toBe(false);
    expect(a.log).toEqual(['start 1']);
    expect(b.log).toEqual([]);
    const oldFence = a.fence()!;

    // What PostgreSQL does when the leader's process is killed: its session ends, and the lock with it.
    const killedAt = Date.now();
    await db.sql.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'afterwards-leader' AND datname = current_database()`);
    await expectEventually(() => expect(b.leadership.status().leading).toBe(true), 5_000);
    expect(Date.now() - killedAt).toBeLessThan(2_000);
    expect(b.leadership.status().token).toBe('2');
    expect(b.log).toEqual(['start 2']);
    await expectEventually(() => expect(a.log).toEqual(['start 1', 'stop']));

    // A batch of the old leader that wakes up now finds the newer token and is rolled back.
    const prisma = createPrismaClient(clients[0]!);
    prismas.push(prisma);
    await expect(prisma.$transaction((tx) => oldFence.check(tx))).rejects.toBeInstanceOf(LeaseLostError);
    await prisma.$transaction((tx) => b.fence()!.check(tx));

    await a.leadership.shutdown();
    await b.leadership.shutdown();
  });

  it("a new leader's token waits for the old leader's batch still committing, and graceful shutdown hands over at once", async () => {
    const a = replica(open());
    const b = replica(open());
    await a.leadership.onApplicationBootstrap();
    await b.leadership.onApplicationBootstrap();
    const before = Number(a.leadership.status().token);
    const prisma = createPrismaClient(clients[clients.length - 2]!);
    prismas.push(prisma);

    // A batch of the leader in flight: it has checked the fence (share lock) and not yet committed.
    let finishBatch: () => void = () => undefined;
    let batchChecked: () => void = () => undefined;
    const checked = new Promise<void>((resolve) => (batchChecked = resolve));
    const batch = prisma.$transaction(
      async (tx) => {
        await a.fence()!.check(tx);
        batchChecked();
        await new Promise<void>((resolve) => (finishBatch = resolve));
        await tx.$executeRaw`SELECT 1`;
      },
      { timeout: 20_000 },
    );
    await checked;
    const stopping = a.leadership.shutdown();
    await stopping;
    // b has the lock now but cannot raise the token past the open batch.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(b.leadership.status().leading).toBe(false);
    finishBatch();
    await batch;
    await expectEventually(() => expect(b.leadership.status().leading).toBe(true), 5_000);
    expect(Number(b.leadership.status().token)).toBe(before + 1);
    await b.leadership.shutdown();
  });

  it('a replica that does not lead hears each checkpoint move from the notification the commit sends', async () => {
    const watch = new CheckpointWatch(open());
    const prisma = createPrismaClient(open());
    prismas.push(prisma);
    const position = { commit: 41n, prepare: 7n };
    await watch.moved(1); // listening from here on
    const waiting = waitForProjection(() => undefined, prisma, 'watched', position, 10_000, watch);
    await prisma.$transaction((tx) => saveCheckpoint(tx, 'watched', { commit: 40n, prepare: 1n }));
    await prisma.$transaction((tx) => saveCheckpoint(tx, 'watched', position));
    await waiting;
    await expectEventually(() => expect(watch.known('watched')).toEqual(position));
    // A rolled-back move tells nobody.
    await expect(
      prisma.$transaction(async (tx) => {
        await saveCheckpoint(tx, 'watched', { commit: 99n, prepare: 0n });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await watch.moved(300)).toBe(false);
    expect(watch.known('watched')).toEqual(position);
  });

  it('a replica with RUN_PROJECTIONS=false never leads', async () => {
    const leadership = new ProjectionLeadership({ runProjections: false } as AppConfig, open());
    const rec = recorder();
    leadership.register(rec.work);
    await leadership.onApplicationBootstrap();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(leadership.status().leading).toBe(false);
    expect(rec.log).toEqual([]);
    await leadership.shutdown();
  });
});

describe('projection leadership on PGlite', () => {
  it('the one process leads at once and steps down on shutdown', async () => {
    const db = await createPgliteTestDatabase();
    await runMigrations(db.sql, persistenceMigrations);
    const r = replica(db.sql);
    await r.leadership.onApplicationBootstrap();
    expect(r.leadership.status()).toMatchObject({ leading: true, token: '1' });
    await r.leadership.shutdown();
    expect(r.log).toEqual(['start 1', 'stop']);
    // Started again on the same data (a restart): the token moves on.
    const again = replica(db.sql);
    await again.leadership.onApplicationBootstrap();
    expect(again.leadership.status().token).toBe('2');
    await again.leadership.shutdown();
    await db.dispose();
  });
});
