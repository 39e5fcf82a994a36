import { runMigrations, MigrationChecksumError } from './migrations';
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

    const edited = [{ id: persistenceMigrations[0]!.id, sql: `${persistenceMigrations[0]!.sql}\n-- edited` }];
    await expect(runMigrations(db.sql, edited)).rejects.toBeInstanceOf(MigrationChecksumError);
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
