import pg from 'pg';
import { PreparedReadNames, READ_AGAIN_INLINED, readLiteral, readSettings, readStatement } from './prepared-reads';
import type { QueryOptions, SqlClient, SqlExecutor, SqlResult, SqlSession } from './sql-client';

/** One `listen` call: what it is told of a channel. */
interface Listening {
  readonly onNotify: (payload: string) => void;
  readonly onMissed: (() => void) | undefined;
}

/** Backoff of a lost listening connection's replacement: quick for a blip, bounded while PostgreSQL is down. */
const LISTEN_RETRY_FIRST_MS = 100;
const LISTEN_RETRY_MAX_MS = 5_000;

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
  /** The connection carrying every LISTEN, connected or connecting; replaced when lost. */
  private listener: Promise<pg.Client> | undefined;
  private connectedListener: pg.Client | undefined;
  private relistenTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly handlers = new Map<string, Set<Listening>>();
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

  /**
   * One dedicated connection carries every LISTEN of this client. When it is lost (PostgreSQL restarted,
   * a proxy cut it), it is made again with backoff and listens on every channel again; notifications sent
   * meanwhile are gone, so each `onMissed` is called once it listens again, for its owner to look for
   * itself (a subscription reads the log, a watcher reads the checkpoint).
   */
  async listen(channel: string, onNotify: (payload: string) => void, onMissed?: () => void): Promise<() => Promise<void>> {
    const listening: Listening = { onNotify, onMissed };
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(listening);
    try {
      const client = await this.listeningConnection();
      // A connection made after the channel was added has listened on it already; LISTEN twice is harmless.
      if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      set.delete(listening);
      throw error;
    }
    return async () => {
      set.delete(listening);
    };
  }

  private listeningConnection(): Promise<pg.Client> {
    this.listener ??= this.connectListener().catch((error: unknown) => {
      this.listener = undefined;
      throw error;
    });
    return this.listener;
  }

  private async connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'afterwards-listen', keepAlive: true });
    client.on('notification', (message) => {
      for (const { onNotify } of this.handlers.get(message.channel) ?? []) onNotify(message.payload ?? '');
    });
    client.on('error', () => this.listenerLost(client));
    client.on('end', () => this.listenerLost(client));
    try {
      await client.connect();
      for (const [channel, set] of this.handlers) if (set.size > 0) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('The SQL client was closed while it connected to listen');
    }
    this.connectedListener = client;
    return client;
  }

  /** The listening connection ended or failed: make another, with backoff while PostgreSQL is away. */
  private listenerLost(client: pg.Client): void {
    if (this.closed || this.connectedListener !== client) return;
    this.connectedListener = undefined;
    this.listener = undefined;
    void client.end().catch(() => undefined);
    this.relistenAfter(LISTEN_RETRY_FIRST_MS);
  }

  private relistenAfter(delayMs: number): void {
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = undefined;
      if (this.closed) return;
      this.listeningConnection().then(
        () => {
          for (const set of this.handlers.values()) for (const { onMissed } of set) onMissed?.();
        },
        () => this.relistenAfter(Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS)),
      );
    }, delayMs);
    // A process with nothing else to do (a finished tools command) need not stay up to listen again.
    this.relistenTimer.unref();
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
    clearTimeout(this.relistenTimer);
    const listener = this.listener;
    this.listener = undefined;
    this.connectedListener = undefined;
    if (listener) await listener.then((client) => client.end()).catch(() => undefined);
    await this.pool.end();
  }
}
