import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/**
 * A fresh cluster, initialised and empty, as a tarball in the temp folder, shared by every test file and
 * run on the machine: PGlite's initdb took 7 to 20 s per database on the 2-core machine, most of the int
 * tier's time; starting from this takes 1 to 3 s. A stale or broken one (another PGlite version) is made again.
 */
const TEMPLATE_FILE = path.join(tmpdir(), 'afterwards-test-pglite-cluster.tar');
let template: Promise<Blob> | undefined;

function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(TEMPLATE_FILE).then(
    (bytes) => new Blob([bytes]),
    async () => {
      const fresh = await PgliteSqlClient.open();
      const tarball = await fresh.db.dumpDataDir('none');
      await fresh.close();
      // Written aside and renamed, so a test file reading at the same time sees the whole file or none.
      const partial = `${TEMPLATE_FILE}.${process.pid}`;
      await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
      await rename(partial, TEMPLATE_FILE);
      return tarball;
    },
  );
  return template;
}

/** A new PGlite database from the template, in memory or in `dataDir`; initdb if the template fails. */
async function openFromTemplate(dataDir?: string): Promise<PgliteSqlClient> {
  try {
    return await PgliteSqlClient.open(dataDir, await pgliteTemplate());
  } catch {
    template = undefined;
    await rm(TEMPLATE_FILE, { force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    return PgliteSqlClient.open(dataDir);
  }
}

/** A fresh in-memory PGlite. */
export async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const sql = await openFromTemplate();
  return { name: 'pglite', sql, dispose: () => sql.close() };
}

/**
 * Makes an empty PGlite database in `dataDir` (which must not exist yet) from the template, for a built
 * product to open as its own: the embedded profile's first start would otherwise spend seconds in initdb.
 */
export async function createPgliteDataDir(dataDir: string): Promise<void> {
  await (await openFromTemplate(dataDir)).close();
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
