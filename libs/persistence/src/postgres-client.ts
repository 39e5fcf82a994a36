import pg from 'pg';
import { PreparedReadNames, READ_AGAIN_INLINED, readLiteral, readSettings, readStatement } from './prepared-reads';
import type { QueryOptions, SqlClient, SqlExecutor, SqlResult, SqlSession } from './sql-client';

// Return int8 and numeric as strings (the default); xid8 too. Callers convert to bigint where they need it.

function wrap(db: pg.Pool | pg.ClientBase): SqlExecutor {
  return {
    async query<Row>(text: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<SqlResult<Row>> {
      const result = options?.name
        ? await db.query({ name: options.name, text, values: params as unknown[] })
        : await db.query(text, params as unknown[]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(text: string): Promise<void> {
      await db.query(text);
    },
  };
}

export class PostgresSqlClient implements SqlClient {
  readonly dialect = 'postgres' as const;
  private readonly executor: SqlExecutor;
  private listener: pg.Client | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  /** The read statements prepared on each pooled connection (gone with the connection). */
  private readonly preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
  private readonly readNames = new PreparedReadNames();

  constructor(
    readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {
    this.executor = wrap(pool);
  }

  static open(connectionString: string, options: { max?: number; applicationName?: string } = {}): PostgresSqlClient {
    const pool = new pg.Pool({
      connectionString,
      max: options.max ?? 20,
      application_name: options.applicationName ?? 'afterwards',
    });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    return new PostgresSqlClient(pool, connectionString);
  }

  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<SqlResult<Row>> {
    return this.executor.query<Row>(text, params, options);
  }

  exec(text: string): Promise<void> {
    return this.executor.exec(text);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async readAs<Row = Record<string, unknown>>(settings: Readonly<Record<string, string>>, text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
    return this.readNames.read(text, (name) => this.readAsOnce<Row>(settings, text, params, name));
  }

  private async readAsOnce<Row>(settings: Readonly<Record<string, string>>, text: string, params: readonly unknown[], name: string | undefined): Promise<SqlResult<Row>> {
    const client = await this.pool.connect();
    let prepared = this.preparedOn.get(client);
    if (!prepared) this.preparedOn.set(client, (prepared = new Set()));
    const prepare = name !== undefined && !prepared.has(name);
    try {
      // One round trip: BEGIN, the settings, the read and COMMIT as one simple-protocol query, which takes
      // no parameters, so the values travel as literals quoted by the driver. On loopback a round trip's
      // system calls cost more of the API's time than the read itself. The read is a statement prepared
      // on this connection (in the first such transaction, after the role is set, so its plan is for that
      // role): the row-level-secured reads cost PostgreSQL more to plan than to run (decision 0029).
      const read = readStatement(text, params.map(readLiteral), name, prepare);
      const results = (await client.query(`BEGIN; SELECT ${readSettings(settings)}; ${read}; COMMIT`)) as unknown as pg.QueryResult[];
      if (prepare) prepared.add(name);
      client.release();
      const result = results[prepare ? 3 : 2]!;
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    } catch (error) {
      if (name !== undefined && (error as { code?: string }).code === READ_AGAIN_INLINED.gone) prepared.delete(name);
      // A connection whose transaction could not be ended goes back broken, so the pool drops it; so does one
      // where a PREPARE may have outlived the failed transaction (prepared statements are not transactional).
      const ended = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(ended && !prepare ? undefined : (error as Error));
      throw error;
    }
  }

  /** One dedicated connection carries every LISTEN of this client. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    if (!this.listener) {
      this.listener = new pg.Client({ connectionString: this.connectionString, application_name: 'afterwards-listen' });
      this.listener.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      this.listener.on('error', () => undefined);
      await this.listener.connect();
    }
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    set.add(onNotify);
    return async () => {
      set.delete(onNotify);
    };
  }

  async openSession(applicationName: string): Promise<SqlSession> {
    // A query that takes this long on a session meant for pings means the server or the network is gone.
    const client = new pg.Client({ connectionString: this.connectionString, application_name: applicationName, query_timeout: 5_000, keepAlive: true });
    let end: (reason: unknown) => void = () => undefined;
    const ended = new Promise<unknown>((resolve) => (end = resolve));
    client.on('error', (error) => end(error));
    client.on('end', () => end(undefined));
    await client.connect();
    return {
      ...wrap(client),
      ended,
      async close() {
        await client.end().catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const listener = this.listener;
    this.listener = undefined;
    if (listener) await listener.end().catch(() => undefined);
    await this.pool.end();
  }
}
