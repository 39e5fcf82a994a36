import { createHash } from 'node:crypto';
import type { SqlClient, SqlExecutor } from './sql-client';

/**
 * A migration, `id` unique across the whole product (e.g. `event-store/0001_events`): plain SQL, or a data
 * change in code for the few whose rule lives in a domain function (capping stored dates by the checklist's
 * limits) that SQL would only copy. A code migration's checksum is its id: once applied, add a new one
 * rather than change what it does.
 */
export type Migration = SqlMigration | CodeMigration;
export interface SqlMigration {
  id: string;
  sql: string;
}
export interface CodeMigration {
  id: string;
  run: (tx: SqlExecutor) => Promise<void>;
}

export class MigrationChecksumError extends Error {
  readonly code = 'MIGRATION_CHECKSUM_MISMATCH';
  constructor(readonly migrationId: string) {
    super(`Migration ${migrationId} was changed after it was applied. Add a new migration instead of editing it.`);
  }
}

const LOCK_KEY = 4_201_720; // any constant; all runners of this product agree on it

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/**
 * Applies the migrations not yet applied, in the given order, all in one transaction that first takes a
 * transaction-scoped advisory lock: processes starting together wait for the first and then find nothing
 * left to apply, and a failed migration leaves none of the batch behind. Checksums catch edited history.
 */
export async function runMigrations(sql: SqlClient, migrations: readonly Migration[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`Duplicate migration id ${m.id}`);
    ids.add(m.id);
  }
  return sql.transaction(async (tx) => {
    // Transaction-scoped lock: released at commit even if this process dies.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ id: string; checksum: string }>('SELECT id, checksum FROM schema_migrations');
    const applied = new Map(rows.map((r) => [r.id, r.checksum]));
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      const sum = checksum('sql' in migration ? migration.sql : `code:${migration.id}`);
      const existing = applied.get(migration.id);
      if (existing !== undefined) {
        if (existing !== sum) throw new MigrationChecksumError(migration.id);
        continue;
      }
      if ('sql' in migration) await tx.exec(migration.sql);
      else await migration.run(tx);
      await tx.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [migration.id, sum]);
      newlyApplied.push(migration.id);
    }
    return newlyApplied;
  });
}
