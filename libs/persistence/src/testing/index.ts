import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PgliteSqlClient } from '../pglite-client';
import { PostgresSqlClient } from '../postgres-client';
import type { SqlClient } from '../sql-client';

/** Admin connection for creating throw-away databases on the real server. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  readonly name: 'pglite' | 'postgres';
  readonly sql: SqlClient;
  /** Only for `postgres`: the URL of this test's own database. */
  readonly url?: string;
  dispose(): Promise<void>;
}

/** A fresh, empty database on the real PostgreSQL server, dropped on dispose. */
export async function createPostgresTestDatabase(options: { max?: number } = {}): Promise<TestDatabase> {
  const dbName = `afterwards_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${dbName}`;
  const sql = PostgresSqlClient.open(url.toString(), { max: options.max ?? 25 });
  return {
    name: 'postgres',
    sql,
    url: url.toString(),
    async dispose() {
      await sql.close();
      const cleanup = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A fresh in-memory PGlite. */
export async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const sql = await PgliteSqlClient.open();
  return { name: 'pglite', sql, dispose: () => sql.close() };
}

/** Both engines the product runs on; contract suites run once per entry. */
export const testDatabaseFactories: ReadonlyArray<[TestDatabase['name'], () => Promise<TestDatabase>]> = [
  ['pglite', createPgliteTestDatabase],
  ['postgres', () => createPostgresTestDatabase()],
];

/** Polls until `check` stops throwing; for projections, jobs and sockets. No fixed sleeps. */
export async function expectEventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000, intervalMs = 10): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
