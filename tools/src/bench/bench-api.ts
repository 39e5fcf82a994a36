import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPostgresTestDatabase, type TestDatabase } from '@afterwards/persistence/testing';
import { spawnSync } from 'node:child_process';
import { API_ENTRY, API_NODE_FLAGS, freePort, HttpSession, TOOLS_ENTRY } from '@afterwards/testing';

export interface BenchApi {
  readonly url: string;
  readonly db: TestDatabase;
  /** The environment the API runs with, for operator commands against the same database. */
  readonly env: Record<string, string | undefined>;
  /** The API's process id (to sample its memory). */
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * The built API on a fresh PostgreSQL database (services profile, no Redis unless `extraEnv` sets
 * REDIS_URL), as the HTTP benchmarks use it. Given `database` (already loaded), it runs on that one and
 * leaves it to the caller. `nodeFlags` go after the API's own (e.g. `--cpu-prof` to profile it).
 */
export async function startBenchApi(extraEnv: Record<string, string | undefined> = {}, database?: TestDatabase, nodeFlags: readonly string[] = []): Promise<BenchApi> {
  const db = database ?? (await createPostgresTestDatabase({ max: 4 }));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    FILE_STORE_KEY: Buffer.alloc(32, 'bench-file-store-key').toString('base64'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    AFTERWARDS_PRINT_URL: 'false',
  } as Record<string, string | undefined>;
  delete env.EVENTSTORE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  Object.assign(env, extraEnv);
  const api: ChildProcess = spawn(process.execPath, [...API_NODE_FLAGS, ...nodeFlags, API_ENTRY], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  api.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const stop = async () => {
    if (api.exitCode === null) {
      const exited = new Promise((r) => api.once('exit', r));
      api.kill('SIGTERM');
      await exited;
    }
    if (!database) await db.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (api.exitCode !== null) throw new Error(`API exited: ${stderr}`);
      if (await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`API did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, db, env, pid: api.pid!, stop };
}

/** A staff member made with the operator command and signed in over HTTP, as the staff benches time the API. */
export async function benchStaffSession(api: Pick<BenchApi, 'url' | 'env'>, label: string): Promise<HttpSession> {
  const email = `bench-${label}-${Date.now()}@example.test`;
  const password = 'bench-Staff-quiet-harbour-47';
  const created = spawnSync(process.execPath, [TOOLS_ENTRY, 'create-admin', '--email', email, '--name', 'Bench Staff', '--password', password], {
    env: api.env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (created.status !== 0) throw new Error(`create-admin failed: ${created.stderr || created.stdout}`);
  const staff = new HttpSession(api.url, { 'user-agent': 'afterwards-bench' });
  const signIn = await staff.json('/api/admin/session', { method: 'POST', json: { email, password } });
  if (signIn.status !== 200) throw new Error(`staff sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return staff;
}

/**
 * A GET of `url` over `session`, timed to the end of its body: the body parsed when it answered 200, else null,
 * with the status and the start of the body added to `failures`.
 */
export function timedJsonGet(session: HttpSession, failures: string[]): (url: string) => Promise<{ ms: number; body: unknown }> {
  return async (url) => {
    const start = performance.now();
    const res = await session.fetch(url);
    const text = await res.text();
    const took = performance.now() - start;
    if (res.status !== 200) failures.push(`${url}: ${res.status} ${text.slice(0, 120)}`);
    return { ms: took, body: res.status === 200 ? JSON.parse(text) : null };
  };
}

/**
 * A family member signed up and in over HTTP; the e-mail is marked verified in the database, since
 * following the verification link is not what a benchmark measures.
 */
export async function benchFamilySession(api: Pick<BenchApi, 'url' | 'db'>, label: string): Promise<HttpSession> {
  const family = new HttpSession(api.url, { 'user-agent': 'afterwards-bench' });
  const email = `bench-${label}-${Date.now()}@example.test`;
  const password = 'bench-Pass-quiet-harbour-47';
  const signUp = await family.json('/api/auth/sign-up/email', { method: 'POST', json: { email, password, name: '' } });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  await api.db.sql.query(`UPDATE auth_users SET "emailVerified" = true WHERE email = $1`, [email]);
  const signIn = await family.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  return family;
}
