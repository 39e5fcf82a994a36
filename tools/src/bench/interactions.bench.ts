import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LISTING_ACTIONS, RecordInteractionsResponseSchema, type ListingInteraction } from '@afterwards/contracts';
import { createPostgresTestDatabase } from '@afterwards/persistence/testing';
import { API_ENTRY, API_NODE_FLAGS, freePort, TOOLS_ENTRY } from '@afterwards/testing';
import { ms, summarise } from './stats';

export interface InteractionsBenchOptions {
  /** Concurrent clients, each with its own address (X-Forwarded-For, trusted from loopback). */
  readonly clients: number;
  readonly seconds: number;
  /** Events per second offered in total. */
  readonly rate: number;
  /** Events per request. */
  readonly batch: number;
}

/**
 * Starts the built API on the services profile (a fresh PostgreSQL database, Redis), loads a
 * directory, then `clients` clients with distinct addresses post interaction batches at a steady
 * offered rate through the real HTTP endpoint. Reports events/s accepted and checks that the
 * table holds exactly as many rows as the API said it recorded.
 */
export async function benchInteractions(options: InteractionsBenchOptions): Promise<string> {
  const db = await createPostgresTestDatabase({ max: 4 });
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    AFTERWARDS_PRINT_URL: 'false',
    // The services profile needs a shared secret for sessions; a throw-away one for this run.
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString('base64'),
    FILE_STORE_KEY: process.env.FILE_STORE_KEY ?? randomBytes(32).toString('base64'),
  };
  delete (env as Record<string, string | undefined>).EVENTSTORE_URL;
  const seeded = spawnSync(process.execPath, [TOOLS_ENTRY, 'seed', '--count', '600'], { env, encoding: 'utf8', timeout: 180_000 });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`);
  const api = spawn(process.execPath, [...API_NODE_FLAGS, API_ENTRY], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  api.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (api.exitCode !== null) throw new Error(`API exited: ${stderr}`);
      const ok = await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`API did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // Active listings become visible once the projection has caught up with the seed.
    let ids: string[] = [];
    for (let i = 0; i < 100 && ids.length === 0; i++) {
      ids = (await db.sql.query<{ id: string }>(`SELECT id FROM listings WHERE status = 'Active'`)).rows.map((r) => r.id);
      if (ids.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    const pairs = ids.flatMap((listingId) => LISTING_ACTIONS.map((action) => ({ listingId, action })));

    let recorded = 0;
    let dropped = 0;
    let limited = 0;
    let failed = 0;
    const latencies: number[] = [];
    const perClientInterval = (options.clients * options.batch * 1000) / options.rate;
    const started = performance.now();
    const end = started + options.seconds * 1000;
    let lastResponse = started;
    await Promise.all(
      Array.from({ length: options.clients }, async (_, c) => {
        const address = `10.${(c >> 16) & 255}.${(c >> 8) & 255}.${c & 255}`;
        // Each client walks the (listing, action) pairs from its own offset, so its own 5-second
        // per-listing-action limit never applies: every refusal would be a lost event.
        let cursor = Math.floor((c * pairs.length) / options.clients);
        await new Promise((r) => setTimeout(r, (perClientInterval * c) / options.clients));
        for (let next = performance.now(); performance.now() < end; ) {
          const interactions: ListingInteraction[] = [];
          for (let k = 0; k < options.batch; k++) interactions.push({ ...pairs[cursor++ % pairs.length]!, userLat: 53.8, userLng: -1.55, distanceMiles: 2.4 });
          const t0 = performance.now();
          try {
            const res = await fetch(`${url}/api/directory/interactions`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'user-agent': 'afterwards-bench', origin: url },
              body: JSON.stringify({ page: 'resources', sessionId: `bench-session-${c}`, interactions }),
            });
            latencies.push(performance.now() - t0);
            if (res.status === 202) {
              const body = RecordInteractionsResponseSchema.parse(await res.json());
              recorded += body.recorded;
              dropped += body.dropped;
            } else if (res.status === 429) {
              limited++;
              await res.arrayBuffer();
            } else {
              failed++;
              await res.arrayBuffer();
            }
          } catch {
            failed++;
          }
          lastResponse = Math.max(lastResponse, performance.now());
          next += perClientInterval;
          if (next >= end) break;
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      }),
    );
    // From the first request to the last response.
    const elapsed = (lastResponse - started) / 1000;
    const rows = Number((await db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM listing_interactions')).rows[0]!.n);
    const latency = summarise(latencies);
    return [
      `interaction ingestion through POST /api/directory/interactions, built API on the services profile (PostgreSQL + Redis)`,
      `  ${options.clients} clients with distinct addresses, ${options.batch} events per request, ${options.rate} events/s offered for ${options.seconds} s (last response after ${elapsed.toFixed(1)} s)`,
      `  accepted: ${recorded} events = ${Math.round(recorded / elapsed)} events/s; dropped ${dropped}; requests refused (429) ${limited}; failed ${failed}`,
      `  request latency: p50 ${ms(latency.p50)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)} (${latency.count} requests)`,
      `  rows in listing_interactions: ${rows} ${rows === recorded ? '= accepted: none lost' : `!= accepted ${recorded}: LOST OR EXTRA EVENTS`}`,
    ].join('\n');
  } finally {
    if (api.exitCode === null) {
      const exited = new Promise((r) => api.once('exit', r));
      api.kill('SIGTERM');
      await exited;
    }
    await db.dispose();
  }
}
