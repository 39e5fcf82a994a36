import { sqlClientOf, type Prisma, type PrismaClient } from '@afterwards/persistence';

/** The non-superuser roles of migration identity/0002: family queries and staff queries. */
export const APP_ROLE = 'afterwards_app';
export const ADMIN_ROLE = 'afterwards_admin';

export type UserTx = Prisma.TransactionClient;

/**
 * Runs `work` in one transaction as the row-level-secured application role, with `app.user_id` set
 * for that transaction only: every family table's policy shows and accepts only this user's rows.
 */
export async function withUser<T>(prisma: PrismaClient, userId: string, work: (tx: UserTx) => Promise<T>): Promise<T> {
  if (!userId) throw new Error('withUser needs a user id');
  return prisma.$transaction(async (tx) => {
    // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
    await tx.$queryRaw`SELECT set_config('role', ${APP_ROLE}, true), set_config('app.user_id', ${userId}, true)`;
    return work(tx);
  });
}

/**
 * One read (a single statement) as `withUser` would run it, with the same transaction-scoped role and user,
 * straight on the SQL client: one round trip instead of four on PostgreSQL, and no ORM on the hot path.
 */
export async function readAsUser<Row>(prisma: PrismaClient, userId: string, text: string, params: readonly unknown[] = []): Promise<Row[]> {
  if (!userId) throw new Error('readAsUser needs a user id');
  return (await sqlClientOf(prisma).readAs<Row>({ role: APP_ROLE, 'app.user_id': userId }, text, params)).rows;
}

/** Runs `work` in one transaction as the staff role (its own grants and policies). */
export async function withAdmin<T>(prisma: PrismaClient, adminUserId: string, work: (tx: UserTx) => Promise<T>): Promise<T> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT set_config('role', ${ADMIN_ROLE}, true), set_config('app.admin_user_id', ${adminUserId}, true)`;
    return work(tx);
  });
}
