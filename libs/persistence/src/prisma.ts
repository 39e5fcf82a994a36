import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client';
import { PgliteSqlClient } from './pglite-client';
import { PostgresSqlClient } from './postgres-client';
import type { SqlClient } from './sql-client';

export { PrismaClient };
export { Prisma } from './generated/prisma/client';
export type { Promotion } from './generated/prisma/client';

const SQL_OF = new WeakMap<PrismaClient, SqlClient>();

/** The Prisma client for read models, over the same database (and for PGlite, the same instance) as `sql`. */
export function createPrismaClient(sql: SqlClient): PrismaClient {
  let prisma: PrismaClient;
  if (sql instanceof PgliteSqlClient) prisma = new PrismaClient({ adapter: new PrismaPGlite(sql.turningDb()) });
  else if (sql instanceof PostgresSqlClient) prisma = new PrismaClient({ adapter: new PrismaPg(sql.pool) });
  else throw new Error(`No Prisma adapter for ${sql.dialect}`);
  SQL_OF.set(prisma, sql);
  return prisma;
}

/** The engine under a Prisma client made by `createPrismaClient`; undefined for any other. */
export function dialectOf(prisma: PrismaClient): SqlClient['dialect'] | undefined {
  return SQL_OF.get(prisma)?.dialect;
}

/** The SQL client a Prisma client was made over: hot reads go to it directly, past the ORM. */
export function sqlClientOf(prisma: PrismaClient): SqlClient {
  const sql = SQL_OF.get(prisma);
  if (!sql) throw new Error('This Prisma client was not made by createPrismaClient');
  return sql;
}
