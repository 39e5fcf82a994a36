import { runMigrations, MigrationChecksumError, type Migration, type SqlMigration } from './migrations';
import { createPrismaClient } from './prisma';
import { persistenceMigrations } from './persistence.migrations';
import { testDatabaseFactories, type TestDatabase } from './testing';

describe.each(testDatabaseFactories)('migrations and Prisma on %s', (_name, create) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await create();
  });
  afterAll(async () => {
    await db.dispose();
  });

  it('applies each migration once and refuses edited history', async () => {
    const first = await runMigrations(db.sql, persistenceMigrations);
    expect(first).toEqual(['persistence/0001_projection_checkpoints', 'persistence/0002_projection_parked_events', 'persistence/0003_projection_leases', 'persistence/0004_log_checkpoints']);
    expect(await runMigrations(db.sql, persistenceMigrations)).toEqual([]);

    const [migration] = persistenceMigrations as SqlMigration[];
    const edited = [{ id: migration!.id, sql: `${migration!.sql}\n-- edited` }];
    await expect(runMigrations(db.sql, edited)).rejects.toBeInstanceOf(MigrationChecksumError);
  });

  it('runs a code migration once, in the batch: one that fails leaves nothing of the batch behind', async () => {
    await db.sql.exec('CREATE TABLE IF NOT EXISTS migration_probe (n int)');
    let runs = 0;
    const insert: Migration = {
      id: 'test/0001_code',
      run: async (tx) => {
        runs += 1;
        await tx.query('INSERT INTO migration_probe (n) VALUES ($1)', [1]);
      },
    };
    const failing: Migration = {
      id: 'test/0002_code',
      run: async () => {
        throw new Error('no');
      },
    };
    await expect(runMigrations(db.sql, [insert, failing])).rejects.toThrow('no');
    expect((await db.sql.query('SELECT n FROM migration_probe')).rows).toEqual([]);
    expect(await runMigrations(db.sql, [insert])).toEqual(['test/0001_code']);
    expect(await runMigrations(db.sql, [insert])).toEqual([]);
    expect(runs).toBe(2);
    expect((await db.sql.query('SELECT n FROM migration_probe')).rows).toEqual([{ n: 1 }]);
  });

  it('reads and writes read models through the Prisma client', async () => {
    const prisma = createPrismaClient(db.sql);
    await prisma.$transaction(async (tx) => {
      await tx.projectionCheckpoint.upsert({
        where: { projection: 'test' },
        create: { projection: 'test', commit: 5n, prepare: 7n },
        update: { commit: 5n, prepare: 7n },
      });
    });
    const row = await prisma.projectionCheckpoint.findUnique({ where: { projection: 'test' } });
    expect(row).toMatchObject({ commit: 5n, prepare: 7n });
    const { rows } = await db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM projection_checkpoints');
    expect(rows[0]!.n).toBe('1');
  });
});
