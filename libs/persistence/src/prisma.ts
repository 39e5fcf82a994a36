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

/**
 * The PGlite adapter knows a schema for its queries but its factory takes none: set it on what it connects.
 * (Prisma names every table with its schema, `"public"."listings"`, so a search path alone does not move them.)
 */
class PrismaPGliteInSchema extends PrismaPGlite {
  constructor(
    db: ConstructorParameters<typeof PrismaPGlite>[0],
    private readonly schema: string,
  ) {
    super(db);
  }
  override async connect(): ReturnType<PrismaPGlite['connect']> {
    const adapter = await super.connect();
    (adapter as unknown as { options: { schema: string } }).options = { schema: this.schema };
    return adapter;
  }
}

/**
 * The Prisma client for read models, over the same database (and for PGlite, the same instance) as `sql`.
 * `schema`: its queries name that schema's tables instead of `public`'s (a rebuild's shadow tables).
 */
export function createPrismaClient(sql: SqlClient, options: { schema?: string } = {}): PrismaClient {
  let prisma: PrismaClient;
  if (sql instanceof PgliteSqlClient)
    prisma = new PrismaClient({ adapter: options.schema ? new PrismaPGliteInSchema(sql.turningDb(), options.schema) : new PrismaPGlite(sql.turningDb()) });
  else if (sql instanceof PostgresSqlClient) prisma = new PrismaClient({ adapter: new PrismaPg(sql.pool, options.schema ? { schema: options.schema } : undefined) });
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
