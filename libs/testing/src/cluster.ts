import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { API_ENTRY, API_NODE_FLAGS, freePort, waitUntilReady, type RunningProduct } from './product';

export const WORKER_ENTRY = path.join(path.dirname(API_ENTRY), '..', '..', 'worker', 'dist', 'main.js');

/** One more process of a running product: an API replica or a worker, on the same storage. */
export interface ProductProcess {
  readonly name: string;
  /** The API's address; undefined for a worker. */
  readonly url: string | undefined;
  readonly child: ChildProcess;
  /** How it ended: its exit code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logs(): string;
}

function spawnProcess(name: string, args: string[], env: NodeJS.ProcessEnv, url: string | undefined): ProductProcess {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { name, url, child, exited, logs: () => output };
}

/** Another API replica of `product` (same database, Redis, files and secrets) on a port of its own. */
export async function startApiReplica(product: RunningProduct, name: string, env: Record<string, string> = {}): Promise<ProductProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const replica = spawnProcess(name, [...API_NODE_FLAGS, API_ENTRY], { ...product.env, ...env, PORT: String(port) }, url);
  await waitUntilReady(replica.child, url, replica.logs);
  return replica;
}

/** A worker of `product` (services profile): runs the BullMQ jobs. */
export function startWorker(product: RunningProduct, name: string): ProductProcess {
  return spawnProcess(name, [WORKER_ENTRY], product.env, undefined);
}

/**
 * Sends `signal` and waits for the process to end; with `killAfterMs`, one that has not ended by then (a
 * worker still inside a long job) is stopped outright.
 */
export async function stopProcess(
  p: Pick<ProductProcess, 'child' | 'exited'>,
  signal: NodeJS.Signals = 'SIGTERM',
  killAfterMs?: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  const forced = killAfterMs === undefined ? undefined : setTimeout(() => p.child.kill('SIGKILL'), killAfterMs);
  try {
    return await p.exited;
  } finally {
    clearTimeout(forced);
  }
}

/** Whether the API replica at `url` is ready and says it leads the projections (false when it does not answer). */
export async function isLeading(url: string): Promise<boolean> {
  const res = await fetch(`${url}/api/health/ready`).catch(() => undefined);
  return res?.ok === true && ((await res.json()) as { leading?: boolean }).leading === true;
}
