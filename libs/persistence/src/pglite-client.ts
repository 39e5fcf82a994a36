import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PreparedReadNames, READ_AGAIN_INLINED, readLiteral, readSettings, readStatement } from './prepared-reads';
import { pgErrorCode, type QueryOptions, type SqlClient, type SqlExecutor, type SqlResult, type SqlSession } from './sql-client';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** A statement prepared under its name on the one connection: its parameters' types and its rows' description. */
interface NamedStatement {
  readonly paramTypes: number[];
  readonly rowDescription: BackendMessage | undefined;
}

function wrap(db: Pick<PGlite, 'query' | 'exec'>): SqlExecutor {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await db.query<Row>(text, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(text: string): Promise<void> {
      await db.exec(text);
    },
  };
}

/**
 * Longest PGlite may run queries back to back before the event loop gets a turn. PGlite runs each query
 * synchronously in this thread and hands the next waiter its turn in a microtask, so busy callers (writers,
 * projections) chained queries for up to a second (decision 0027): timers, sockets and the writers' own
 * pacing waited that long.
 */
export const PGLITE_MAX_HOLD_MS = 10;

/**
 * PGlite runs Postgres in this process. It allows one process per data directory and serialises
 * transactions itself, so there is no pool: `transaction` holds the single connection.
 */
export class PgliteSqlClient implements SqlClient {
  readonly dialect = 'pglite' as const;
  private readonly executor: SqlExecutor;
  private readonly readNames = new PreparedReadNames();
  /** The reads prepared on the one connection. */
  private readonly prepared = new Set<string>();
  /** The statements prepared under their names by `query` (`QueryOptions.name`), on the one connection. */
  private readonly named = new Map<string, NamedStatement>();

  private constructor(readonly db: PGlite) {
    this.executor = wrap(db);
  }

  /** When the event loop last turned, as far as this client saw (a setImmediate it scheduled ran). */
  private turnedAt = performance.now();
  private watchingTurn = false;

  private yielding: PGlite | undefined;

  /**
   * The PGlite instance for adapters that query it directly (Prisma's): `query`, `exec` and `transaction`
   * let the event loop turn first, as this client's own methods do.
   */
  turningDb(): PGlite {
    this.yielding ??= new Proxy(this.db, {
      get: (target, prop) => {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (prop === 'query' || prop === 'exec' || prop === 'transaction') {
          return async (...args: unknown[]) => {
            await this.letLoopTurn();
            return method.apply(target, args);
          };
        }
        return method.bind(target);
      },
    });
    return this.yielding;
  }

  /** Before a query: lets the event loop turn if queries have held it for PGLITE_MAX_HOLD_MS. */
  private async letLoopTurn(): Promise<void> {
    const now = performance.now();
    if (now - this.turnedAt >= PGLITE_MAX_HOLD_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.turnedAt = performance.now();
      return;
    }
    if (!this.watchingTurn) {
      this.watchingTurn = true;
      setImmediate(() => {
        this.watchingTurn = false;
        this.turnedAt = performance.now();
      });
    }
  }

  /**
   * `dataDir` undefined means in memory (tests). `from`, for a new database, is a tarball of a data folder
   * (`dumpDataDir`) to start from instead of running initdb, which takes seconds (tests keep one).
   */
  static async open(dataDir?: string, from?: Blob): Promise<PgliteSqlClient> {
    // pg_trgm: the staff listing search (directory migration 0005) needs it, as PostgreSQL's contrib provides it.
    const options = { extensions: { pg_trgm }, ...(from ? { loadDataDir: from } : {}) };
    // (PGlite ignores the options when the first argument is an undefined data folder: pass them alone then.)
    const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
    await db.waitReady;
    return new PgliteSqlClient(db);
  }

  async query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<SqlResult<Row>> {
    await this.letLoopTurn();
    if (options?.name === undefined) return this.executor.query<Row>(text, params);
    try {
      return await this.queryNamed<Row>(options.name, text, params ?? []);
    } catch (error) {
      if (pgErrorCode(error) !== READ_AGAIN_INLINED.gone) throw error;
      this.named.delete(options.name);
      return this.queryNamed<Row>(options.name, text, params ?? []);
    }
  }

  /**
   * A named statement as node-postgres runs one: parsed, described and planned the first time, then only bound
   * and executed (3 calls into PGlite instead of 6). PGlite's own `query` parses and plans every time, in this
   * thread: for the log's page read, the hottest statement of a projection, that was most of its cost.
   */
  private queryNamed<Row>(name: string, text: string, params: readonly unknown[]): Promise<SqlResult<Row>> {
    const db = this.db;
    // What PGlite's `query` holds: no other caller's transaction is open, and nothing else is on the wire.
    return db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(async () => {
        const run = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });
        const messages: BackendMessage[] = [];
        try {
          let statement = this.named.get(name);
          if (!statement) {
            await run(protocol.serialize.parse({ name, text }));
            const described = await run(protocol.serialize.describe({ type: 'S', name }));
            statement = {
              paramTypes: parse.parseDescribeStatementResults(described),
              rowDescription: described.find((m) => m.name === 'rowDescription'),
            };
            this.named.set(name, statement);
          }
          const { paramTypes } = statement;
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serializer = db.serializers[paramTypes[i]!];
            return serializer ? serializer(value) : String(value);
          });
          messages.push(...(await run(protocol.serialize.bind({ statement: name, values }))));
          if (statement.rowDescription) messages.push(statement.rowDescription);
          messages.push(...(await run(protocol.serialize.execute({}))));
        } finally {
          // Ends the extended-protocol exchange, also after an error (the server skips to it).
          messages.push(...(await run(protocol.serialize.sync())));
        }
        await db.syncToFs();
        const [result] = parse.parseResults(messages, db.parsers);
        return { rows: result!.rows as Row[], rowCount: result!.affectedRows ?? result!.rows.length };
      }),
    );
  }

  async exec(text: string): Promise<void> {
    await this.letLoopTurn();
    return this.executor.exec(text);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    await this.letLoopTurn();
    return this.db.transaction((tx) => work(wrap(tx)));
  }

  async readAs<Row = Record<string, unknown>>(settings: Readonly<Record<string, string>>, text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
    return this.readNames.read(text, (name) => this.readAsOnce<Row>(settings, text, params, name));
  }

  /**
   * The read prepared on the one connection as on PostgreSQL (decision 0029): PGlite plans in this thread,
   * so a plan kept is event-loop time saved on every read.
   */
  private async readAsOnce<Row>(settings: Readonly<Record<string, string>>, text: string, params: readonly unknown[], name: string | undefined): Promise<SqlResult<Row>> {
    await this.letLoopTurn();
    const prepare = name !== undefined && !this.prepared.has(name);
    try {
      const results = await this.db.transaction(async (tx) => {
        const sets = Object.keys(settings).length ? `SELECT ${readSettings(settings)}; ` : '';
        return tx.exec(`${sets}${readStatement(text, params.map(readLiteral), name, prepare)}`);
      });
      if (prepare) this.prepared.add(name);
      const result = results.at(-1)!;
      return { rows: result.rows as Row[], rowCount: result.affectedRows ?? result.rows.length };
    } catch (error) {
      if (name !== undefined && (error as { code?: string }).code === READ_AGAIN_INLINED.gone) this.prepared.delete(name);
      // A prepared statement outlives the transaction that failed after preparing it: drop it, so what this
      // client knows stays true (there is no other connection to fall back on).
      if (prepare) await this.db.exec(`DEALLOCATE ${name}`).catch(() => undefined);
      throw error;
    }
  }

  /** The one connection: it ends only with the process, so the session never ends before `close`. */
  async openSession(): Promise<SqlSession> {
    return { ...this.executor, ended: new Promise<unknown>(() => undefined), close: async () => undefined };
  }

  /** In-process, on the one connection: nothing is ever missed, so there is no `onMissed` to call. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(channel, onNotify);
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
