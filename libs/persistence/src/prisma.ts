import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client';
import { PgliteSqlClient } from './pglite-client';
import { PostgresSqlClient } from './postgres-client';
import type { SqlClient } from './sql-client';

export { PrismaClient };
export { Prisma } from './generated/prisma/client';
export type { Promotion } from './generated/prisma/client';

/** The Prisma client for read models, over the same database (and for PGlite, the same instance) as `sql`. */
export function createPrismaClient(sql: SqlClient): PrismaClient {
  if (sql instanceof PgliteSqlClient) return new PrismaClient({ adapter: new PrismaPGlite(sql.db) });
  if (sql instanceof PostgresSqlClient) return new PrismaClient({ adapter: new PrismaPg(sql.pool) });
  throw new Error(`No Prisma adapter for ${sql.dialect}`);
}
