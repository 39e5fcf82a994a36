import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client';
import { PgliteSqlClient } from './pglite-client';
import { PostgresSqlClient } from './postgres-client';
import { StatementNames } from './prepared-reads';
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

/** Statements of the ORM that keep their plan on each connection (decision 0063): queries and row writes, not DDL or transaction control. */
const KEPT_STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
/** A statement with more parameters than this is a list of values (`IN (…)`, a bulk insert) whose text varies with its length: planned each time. */
const MAX_KEPT_PARAMETERS = 32;
/** Distinct texts kept per client, and so at most per connection: the product's statements are constants well under this. */
const MAX_KEPT_STATEMENTS = 256;

/**
 * Names the ORM's statements for the PostgreSQL driver, which prepares a named statement once per connection
 * and then only binds and executes it: PostgreSQL plans it once instead of on every call (decision 0063).
 * Unnamed (undefined), a statement is parsed and planned each time, as the driver does by default.
 */
function ormStatementNames(): (query: { sql: string; args: readonly unknown[] }) => string {
  const names = new StatementNames('afterwards_orm', MAX_KEPT_STATEMENTS);
  return (query) => (query.args.length <= MAX_KEPT_PARAMETERS && KEPT_STATEMENT.test(query.sql) ? names.nameOf(query.sql) : undefined) as string;
}

/**
 * The Prisma client for read models, over the same database (and for PGlite, the same instance) as `sql`.
 * `schema`: its queries name that schema's tables instead of `public`'s (a rebuild's shadow tables).
 */
export function createPrismaClient(sql: SqlClient, options: { schema?: string } = {}): PrismaClient {
  let prisma: PrismaClient;
  if (sql instanceof PgliteSqlClient)
    prisma = new PrismaClient({ adapter: options.schema ? new PrismaPGliteInSchema(sql.turningDb(), options.schema) : new PrismaPGlite(sql.turningDb()) });
  else if (sql instanceof PostgresSqlClient)
    // A rebuild's shadow schema has a new name each time: its texts would be new statements on every run.
    prisma = new PrismaClient({ adapter: new PrismaPg(sql.pool, options.schema ? { schema: options.schema } : { statementNameGenerator: ormStatementNames() }) });
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
