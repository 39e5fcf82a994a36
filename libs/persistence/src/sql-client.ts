/**
 * The smallest SQL surface the platform needs: parameterised queries and transactions.
 * One interface over PGlite (embedded profile) and a node-postgres pool (services profile),
 * so the event store, the migration runner and the projections run unchanged on both.
 */
export interface SqlResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Prepare the statement once per connection under this name and only bind and execute it afterwards: the
   * server skips parsing it again, and planning it once it keeps a generic plan. The name must stand for one
   * text only; derive it from the text (`statementName`). PGlite honours it outside transactions only.
   */
  readonly name?: string;
}

export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<SqlResult<Row>>;
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface SqlClient extends SqlExecutor {
  readonly dialect: 'pglite' | 'postgres';
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * One read in a transaction of its own, with `settings` set for that transaction only (`set_config(…,
   * true)`, as SET LOCAL): the row-level-secured reads of one person on the hot path, without the ORM. On
   * PostgreSQL the whole transaction is one round trip (parameters are inlined as quoted literals, so
   * they must be text or numbers).
   */
  readAs<Row = Record<string, unknown>>(settings: Readonly<Record<string, string>>, text: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
  /**
   * Calls `onNotify` whenever `NOTIFY channel` is issued. Resolves to an unsubscribe function. Where the
   * listening connection can be lost and made again (PostgreSQL), notifications sent meanwhile are lost:
   * `onMissed` is called once it listens again.
   */
  listen(channel: string, onNotify: (payload: string) => void, onMissed?: () => void): Promise<() => Promise<void>>;
  /**
   * A connection of the caller's own, for session state that must live exactly as long as the connection
   * (a session advisory lock). PGlite has one connection in one process: its session is that connection.
   */
  openSession(applicationName: string): Promise<SqlSession>;
  close(): Promise<void>;
}

export interface SqlSession extends SqlExecutor {
  /** Settles when the connection ends or fails: whatever the session held is gone. */
  readonly ended: Promise<unknown>;
  close(): Promise<void>;
}

/** Postgres error codes the platform reacts to. */
export const PgErrorCode = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** A prepared statement's name derived from its text, so one name never stands for two texts. */
export function statementName(prefix: string, text: string): string {
  // FNV-1a, 32 bits: the name only has to differ between the few statements a prefix covers.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${prefix}_${(hash >>> 0).toString(36)}_${text.length}`;
}
