import { performance } from 'node:perf_hooks';
import { startBenchApi } from './bench-api';
import { ms, summarise } from './stats';

export interface SignInBenchOptions {
  /** Concurrent users, each with its own account and address. */
  readonly users: number;
  /** Sign-ins per user (at most 10: the per-account limit is 10 per 15 minutes). */
  readonly rounds: number;
}

/**
 * Starts the built API on PostgreSQL, creates `users` verified accounts through the real sign-up
 * endpoint, then has all of them sign in at once, `rounds` times each, through
 * POST /api/auth/sign-in/email (scrypt verification, session row, rate-limit counters).
 */
export async function benchSignIn(options: SignInBenchOptions): Promise<string> {
  const { url, db, stop } = await startBenchApi();
  try {
    const rounds = Math.min(10, Math.max(1, options.rounds));
    const users = Array.from({ length: options.users }, (_, i) => ({
      email: `bench-user-${i}@example.test`,
      password: `bench-Pass-${i}-quiet-harbour`,
      address: `10.77.${(i >> 8) & 255}.${i & 255}`,
    }));
    for (const u of users) {
      const res = await fetch(`${url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': u.address },
        body: JSON.stringify({ email: u.email, password: u.password, name: '' }),
      });
      if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    }
    // The verification links are in the outbox; following 50 of them is not what this measures.
    await db.sql.query(`UPDATE auth_users SET "emailVerified" = true`);

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      users.map(async (u) => {
        for (let r = 0; r < rounds; r++) {
          const t0 = performance.now();
          const res = await fetch(`${url}/api/auth/sign-in/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': u.address, 'user-agent': 'afterwards-bench' },
            body: JSON.stringify({ email: u.email, password: u.password }),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const s = summarise(latencies);
    const sessions = Number((await db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM auth_sessions')).rows[0]!.n);
    return [
      `sign-in through POST /api/auth/sign-in/email, built API on PostgreSQL (scrypt password hashes, sessions in the database)`,
      `  ${options.users} concurrent users, ${rounds} sign-ins each, ${s.count} requests in ${elapsed.toFixed(1)} s (${Math.round(s.count / elapsed)}/s)`,
      `  latency: p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`,
      `  responses: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')}; sessions created: ${sessions}`,
    ].join('\n');
  } finally {
    await stop();
  }
}
