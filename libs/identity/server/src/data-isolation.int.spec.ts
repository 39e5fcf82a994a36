import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { withAdmin, withUser } from '@afterwards/server-kit';
import { identityMigrations } from './identity.migrations';

describe.each(testDatabaseFactories)('data isolation on %s', (_name, open) => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const A = 'user-a-0000000000000000000000000';
  const B = 'user-b-0000000000000000000000000';

  beforeAll(async () => {
    db = await open();
    await runMigrations(db.sql, [...persistenceMigrations, ...identityMigrations]);
    for (const [id, email] of [[A, 'a@example.test'], [B, 'b@example.test']]) {
      await db.sql.query(`INSERT INTO auth_users (id, name, email, "emailVerified", "updatedAt") VALUES ($1, '', $2, true, now())`, [id, email]);
    }
    prisma = createPrismaClient(db.sql);
    await withUser(prisma, A, (tx) => tx.userSettings.create({ data: { userId: A, firstName: 'Ann', phone: '0113 496 0000' } }));
    await withUser(prisma, B, (tx) => tx.userSettings.create({ data: { userId: B, firstName: 'Bea' } }));
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await db.dispose();
  });

  it('runs as a role that is not a superuser and cannot bypass row-level security', async () => {
    const rows = await withUser(prisma, A, (tx) => tx.$queryRaw<{ role: string; su: string; bypass: boolean }[]>`
      SELECT current_user AS role, current_setting('is_superuser') AS su, rolbypassrls AS bypass FROM pg_roles WHERE rolname = current_user`);
    expect(rows).toEqual([{ role: 'afterwards_app', su: 'off', bypass: false }]);
  });

  it('a query with no user set returns nothing', async () => {
    const rows = await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL ROLE afterwards_app');
      return tx.userSettings.findMany();
    });
    expect(rows).toEqual([]);
  });

  it("each user sees only their own row; user B finds nothing of user A's (so the API answers 404)", async () => {
    expect((await withUser(prisma, A, (tx) => tx.userSettings.findMany())).map((r) => r.firstName)).toEqual(['Ann']);
    expect(await withUser(prisma, B, (tx) => tx.userSettings.findUnique({ where: { userId: A } }))).toBeNull();
    expect(await withUser(prisma, B, (tx) => tx.userSettings.count({ where: { userId: A } }))).toBe(0);
  });

  it("user B can neither change nor delete user A's row, nor write a row for A", async () => {
    expect((await withUser(prisma, B, (tx) => tx.userSettings.updateMany({ where: { userId: A }, data: { firstName: 'Mallory' } }))).count).toBe(0);
    expect((await withUser(prisma, B, (tx) => tx.userSettings.deleteMany({ where: { userId: A } }))).count).toBe(0);
    await expect(withUser(prisma, B, (tx) => tx.$executeRaw`INSERT INTO user_settings (user_id, first_name) VALUES (${A}, 'Mallory') ON CONFLICT DO NOTHING`)).rejects.toThrow(/row-level security/);
    const { rows } = await db.sql.query<{ first_name: string }>(`SELECT first_name FROM user_settings WHERE user_id = $1`, [A]);
    expect(rows).toEqual([{ first_name: 'Ann' }]);
  });

  it('the user id does not leak past its transaction', async () => {
    await withUser(prisma, A, (tx) => tx.userSettings.findMany());
    const rows = await prisma.$queryRaw<{ uid: string | null; role: string }[]>`SELECT current_setting('app.user_id', true) AS uid, current_user AS role`;
    expect(rows[0]!.uid ?? '').toBe('');
    expect(rows[0]!.role).not.toBe('afterwards_app');
  });

  it('the staff role writes audit records but cannot rewrite them, nor read password hashes', async () => {
    const asAdmin = <T>(work: (tx: import('@afterwards/persistence').SqlExecutor) => Promise<T>) =>
      db.sql.transaction(async (tx) => {
        await tx.exec('SET LOCAL ROLE afterwards_admin');
        return work(tx);
      });
    await asAdmin((tx) => tx.query(`INSERT INTO admin_audit_log (action, ip_address, user_agent) VALUES ('admin_sign_in', '10.0.0.1', 'test')`));
    await expect(asAdmin((tx) => tx.query(`DELETE FROM admin_audit_log`))).rejects.toThrow(/permission denied/);
    await expect(asAdmin((tx) => tx.query(`UPDATE admin_audit_log SET action = 'x'`))).rejects.toThrow(/permission denied/);
    await expect(asAdmin((tx) => tx.query(`SELECT password FROM auth_accounts`))).rejects.toThrow(/permission denied/);
    await expect(withUser(prisma, A, (tx) => tx.$queryRaw`SELECT count(*) FROM admin_audit_log`)).rejects.toThrow(/permission denied/);
  });

  it('staff queries run as their own role, which may read settings but not change them', async () => {
    const names = await withAdmin(prisma, 'admin-1', (tx) => tx.userSettings.findMany({ orderBy: { firstName: 'asc' } }));
    expect(names.map((r) => r.firstName)).toEqual(['Ann', 'Bea']);
    await expect(withAdmin(prisma, 'admin-1', (tx) => tx.userSettings.updateMany({ data: { firstName: 'X' } }))).rejects.toThrow(/permission denied/);
  });
});
