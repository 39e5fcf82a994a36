import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPgliteDataDir, createPostgresTestDatabase, type TestDatabase } from '@afterwards/persistence/testing';
import { forFile } from './for-file';

/** The repository root: found by walking up, so this works from source (tests) and from a bundle (tools). */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'nx.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No nx.json above ${from}`);
  }
}
const ROOT = findRoot(import.meta.dirname);
export const API_ENTRY = path.join(ROOT, 'apps', 'api', 'dist', 'main.js');
/** The V8 flags the API runs with everywhere (`npm start`, compose, tests, benches): see apps/api/node-flags.json. */
export const API_NODE_FLAGS: readonly string[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps', 'api', 'node-flags.json'), 'utf8'));
export const TOOLS_ENTRY = path.join(ROOT, 'tools', 'dist', 'cli.js');
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProduct {
  readonly url: string;
  /** Which storage it runs on (`StartProductOptions.profile`). */
  readonly profile: 'services' | 'embedded';
  readonly env: NodeJS.ProcessEnv;
  /** DATA_DIR of this product (both profiles): PGlite data (embedded) and the e-mail outbox. */
  readonly dataDir: string;
  /** Where the outbox mail driver writes (`DATA_DIR/outbox`); see `latestMail`. */
  readonly outboxDir: string;
  /** Runs an operator command (`node tools/dist/cli.js …`) against this product's storage. */
  tool(...args: string[]): string;
  /** Stops the API (SIGTERM) and waits for it to exit. */
  stopApi(): Promise<void>;
  /** The running API's process (to signal it), if it runs. */
  apiProcess(): ChildProcess | undefined;
  /** Starts the API again on the same storage and port. */
  startApi(): Promise<void>;
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built product as a user would: `node apps/api/dist/main.js`, on a fresh database.
 * `services` uses a new database on the real PostgreSQL and the real Redis; `embedded` a new
 * PGlite data directory. The directory is seeded through the tools command first.
 */
export interface StartProductOptions {
  profile: 'services' | 'embedded';
  /** Listings to seed first (default 200; 0 skips seeding). */
  seedCount?: number;
  /** Extra environment for the API and tools (e.g. GOOGLE_CLIENT_ID, SMTP_URL), applied last. */
  env?: Record<string, string | undefined>;
  /**
   * Embedded: let the product make its database as on a user's first start (initdb, seconds) instead of
   * starting from the tests' initialised cluster.
   */
  firstStart?: boolean;
}

export async function startProduct(options: StartProductOptions): Promise<RunningProduct> {
  for (const entry of [API_ENTRY, TOOLS_ENTRY]) {
    if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  }
  let database: TestDatabase | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', AFTERWARDS_PRINT_URL: 'false' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.EVENTSTORE_URL;
  if (options.profile === 'services') {
    database = await createPostgresTestDatabase({ max: 2 });
    await database.sql.close();
    env.DATABASE_URL = database.url;
    env.REDIS_URL = TEST_REDIS_URL;
    // Products of parallel tests share one Redis: each keeps its jobs under its own keys.
    env.JOBS_PREFIX = path.basename(dataDir);
    env.AUTH_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
    env.FILE_STORE_KEY = Buffer.alloc(32, 'e2e-file-store-key').toString('base64');
  }
  // Both profiles: the embedded database (if any) and the e-mail outbox live here.
  env.DATA_DIR = dataDir;
  // The embedded database made from an initialised cluster (as the product's first start would make it,
  // without the seconds of initdb each test file would spend); `firstStart` keeps the product's own way.
  if (options.profile === 'embedded' && !options.firstStart) await createPgliteDataDir(path.join(dataDir, 'pglite'));
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const tool = (...args: string[]): string => {
    const result = spawnSync(process.execPath, [TOOLS_ENTRY, ...args], { env, encoding: 'utf8', timeout: 120_000 });
    if (result.status !== 0) throw new Error(`tools ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  if (options.seedCount !== 0) tool('seed', '--count', String(options.seedCount ?? 200));

  let api: ChildProcess | undefined;
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  const startApi = async () => {
    api = spawn(process.execPath, [...API_NODE_FLAGS, API_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    api.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    api.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntilReady(api, url, () => output);
  };
  const stopApi = async () => {
    const child = api;
    api = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await startApi();
  } catch (error) {
    // A product that never started is stopped here: the caller has nothing to stop it with.
    await stopApi();
    if (database) await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    profile: options.profile,
    env,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    tool,
    stopApi,
    startApi,
    apiProcess: () => api,
    logs: () => output,
    async stop() {
      await stopApi();
      if (database) await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the API at `url` answers ready; throws with its output if it exits or takes a minute. */
export async function waitUntilReady(api: ChildProcess, url: string, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (api.exitCode !== null) throw new Error(`API exited with ${api.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Nobody will stop a process that never became ready: left running, it would keep Jest from exiting.
      api.kill('SIGKILL');
      throw new Error(`API did not become ready:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The HTTP routes the running API mapped, read from Nest's own 'Mapped {path, METHOD} route' log lines
 * (start the product with LOG_LEVEL=info). Tests over "every route" take their list from here, so a route
 * added later is covered without anyone listing it.
 */
export function mappedRoutes(product: Pick<RunningProduct, 'logs'>): { method: string; path: string }[] {
  return product
    .logs()
    .split('\n')
    .map((line) => /Mapped \{([^,]+), (\w+)\} route/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ path: m[1]!, method: m[2]! }));
}

/**
 * Starts the product before a file's (or a describe's) tests, hands it to `started`, and stops it after
 * them: one product a file, and no copy of the same beforeAll/afterAll pair in every test file.
 */
export function useProduct(options: StartProductOptions, started: (product: RunningProduct) => unknown): void {
  forFile(() => startProduct(options), (product) => product.stop(), { timeoutMs: 180_000, started });
}
