import { persistenceMigrations } from './persistence.migrations';
import { runMigrations } from './migrations';
import { createPrismaClient, type PrismaClient } from './prisma';
import { createPostgresTestDatabase, type TestDatabase } from './testing';

/**
 * The ORM's statements on PostgreSQL are prepared once per connection and then only executed (decision 0063).
 * On one connection, so every statement below meets what the ones before it left there.
 */
describe('the ORM on PostgreSQL', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await createPostgresTestDatabase({ max: 1 });
    await runMigrations(db.sql, persistenceMigrations);
    prisma = createPrismaClient(db.sql);
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await db.dispose();
  });

  const kept = async (like: string) =>
    (await db.sql.query<{ statement: string; generic: string; custom: string }>(
      `SELECT statement, generic_plans::text AS generic, custom_plans::text AS custom FROM pg_prepared_statements WHERE name LIKE 'afterwards_orm_%' AND statement LIKE $1`,
      [like],
    )).rows;

  it('keeps the plan of a statement asked again and again, and answers each call with its own values', async () => {
    for (let i = 0; i < 8; i++) {
      await prisma.projectionCheckpoint.upsert({
        where: { projection: `p${i % 2}` },
        create: { projection: `p${i % 2}`, commit: BigInt(i), prepare: 0n },
        update: { commit: BigInt(i) },
      });
      const row = await prisma.projectionCheckpoint.findUnique({ where: { projection: `p${i % 2}` } });
      expect(row?.commit).toBe(BigInt(i));
    }
    const reads = await kept('SELECT%projection_checkpoints%');
    expect(reads).not.toHaveLength(0);
    // Prepared once and run eight times: past PostgreSQL's five custom plans, one plan serves every value.
    expect(reads.some((s) => Number(s.generic) + Number(s.custom) >= 8)).toBe(true);
    expect(await kept('%SELECT%"projection" = $1%')).not.toHaveLength(0);
  });

  it('keeps no plan for schema changes, transaction control or a statement with a list of values', async () => {
    await prisma.$executeRawUnsafe('CREATE TABLE orm_statements_probe (id int PRIMARY KEY)');
    await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO orm_statements_probe (id) SELECT unnest(ARRAY[${Array.from({ length: 40 }, (_, i) => `$${i + 1}::int`).join(', ')}])`, ...Array.from({ length: 40 }, (_, i) => i));
    });
    expect(await kept('%orm_statements_probe%')).toEqual([]);
    const { rows } = await db.sql.query<{ count: string }>(`SELECT count(*)::text AS count FROM pg_prepared_statements WHERE statement ~* '^\\s*(CREATE|BEGIN|COMMIT|ROLLBACK)'`);
    expect(rows[0]!.count).toBe('0');
    expect(await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM orm_statements_probe`).toEqual([{ n: 40n }]);
  });

  it('answers a kept statement after the table under it was made again', async () => {
    await prisma.$executeRawUnsafe('CREATE TABLE orm_statements_again (id int PRIMARY KEY, note text)');
    const read = () => prisma.$queryRaw<{ note: string }[]>`SELECT note FROM orm_statements_again WHERE id = ${1}`;
    await prisma.$executeRawUnsafe(`INSERT INTO orm_statements_again VALUES (1, 'first')`);
    for (let i = 0; i < 6; i++) expect(await read()).toEqual([{ note: 'first' }]);
    // A rebuild swaps tables under the same names: PostgreSQL analyses the kept statement again.
    await prisma.$executeRawUnsafe('DROP TABLE orm_statements_again');
    await prisma.$executeRawUnsafe('CREATE TABLE orm_statements_again (note text, id int PRIMARY KEY)');
    await prisma.$executeRawUnsafe(`INSERT INTO orm_statements_again VALUES ('second', 1)`);
    expect(await read()).toEqual([{ note: 'second' }]);
  });
});
