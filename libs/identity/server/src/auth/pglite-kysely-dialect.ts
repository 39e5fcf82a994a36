import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

const ROLLBACK = Symbol('rollback');

/**
 * One Kysely "connection" over the single PGlite instance the platform opened. Outside a transaction,
 * queries go through `db.query`, which PGlite queues behind any open transaction. A Kysely transaction
 * is a real `db.transaction(...)` held open until commit or rollback, so nothing else (Prisma, the
 * event store) can interleave with it.
 */
class PgliteConnection implements DatabaseConnection {
  tx: Transaction | undefined;
  finish: ((commit: boolean) => void) | undefined;
  done: Promise<void> | undefined;

  constructor(private readonly db: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.tx ?? this.db;
    const result = await target.query<R>(compiled.sql, compiled.parameters as unknown[]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

class PgliteDriver implements Driver {
  constructor(private readonly db: PGlite) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.db);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PgliteConnection;
    await new Promise<void>((started, failed) => {
      c.done = this.db
        .transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              c.tx = tx;
              c.finish = (ok) => (ok ? commit() : rollback(ROLLBACK));
              started();
            }),
        )
        .then(
          () => undefined,
          (error: unknown) => {
            if (error !== ROLLBACK) {
              failed(error);
              throw error;
            }
          },
        );
    });
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.endTransaction(connection, true);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.endTransaction(connection, false);
  }
  /** Commit and rollback differ only in how the open PGlite transaction is told to finish. */
  private async endTransaction(connection: DatabaseConnection, commit: boolean): Promise<void> {
    const c = connection as PgliteConnection;
    c.finish?.(commit);
    try {
      await c.done;
    } finally {
      c.tx = c.finish = c.done = undefined;
    }
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    // The platform owns and closes the PGlite instance.
  }
}

export class PgliteDialect implements Dialect {
  constructor(private readonly db: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.db);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
