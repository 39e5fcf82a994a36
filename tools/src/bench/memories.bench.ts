import { performance } from 'node:perf_hooks';
import { JURISDICTIONS } from '@afterwards/checklist-domain';
import type { MemoryDetail, MemoryListResponse } from '@afterwards/contracts';
import path from 'node:path';
import { HttpSession, mailsFor } from '@afterwards/testing';
import { startBenchApi } from './bench-api';
import { ms, summarise } from './stats';

export interface MemoriesBenchOptions {
  /** Concurrent signed-in users, each with their own memories. */
  readonly users: number;
  /** Memories per user (the dashboard figure is for 10). */
  readonly memories: number;
  /** Requests of each kind per user and phase. */
  readonly rounds: number;
  /** Pause of each user between requests in the paced phase, as a person reading the screen would. */
  readonly thinkMs: number;
  /** Memories each user shares with the next user as an editor (their dashboards show them too). */
  readonly shared: number;
}

/**
 * Starts the built API on PostgreSQL, signs in `users` people, gives each `memories` memories with some
 * progress (tasks done, a document collected, notes), then has all of them at once alternate between
 * loading the dashboard (GET /api/memories) and opening a memory with its whole checklist
 * (GET /api/memories/:id): first paced like people reading the screen, then with no pauses at all.
 * Prints p50/p99 of each.
 */
export async function benchMemories(options: MemoriesBenchOptions): Promise<string> {
  const { url, db, env, stop } = await startBenchApi();
  try {
    const password = 'bench-Pass-quiet-harbour-47';
    const people = Array.from({ length: options.users }, (_, i) => ({
      email: `bench-family-${i}@example.test`,
      http: new HttpSession(url, { 'x-forwarded-for': `10.78.${(i >> 8) & 255}.${i & 255}`, 'user-agent': 'afterwards-bench' }),
      memoryIds: [] as string[],
    }));
    for (const p of people) {
      const res = await p.http.json('/api/auth/sign-up/email', { method: 'POST', json: { email: p.email, password, name: '' } });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    // Following 50 verification links is not what this measures.
    await db.sql.query(`UPDATE auth_users SET "emailVerified" = true`);
    for (const p of people) {
      const res = await p.http.json('/api/auth/sign-in/email', { method: 'POST', json: { email: p.email, password } });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
    }

    const setupStarted = performance.now();
    await Promise.all(
      people.map(async (p, i) => {
        for (let m = 0; m < options.memories; m++) {
          const created = await p.http.json<MemoryDetail>('/api/memories', {
            method: 'POST',
            json: { name: `Memory ${m + 1}`, deceasedName: `Person ${i}-${m}`, jurisdiction: JURISDICTIONS[m % JURISDICTIONS.length], dateOfDeath: '2026-10-01' },
          });
          if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
          const detail = created.body;
          p.memoryIds.push(detail.memory.id);
          for (const task of detail.tasks.slice(0, m % 4)) {
            await p.http.json(`/api/memories/${detail.memory.id}/tasks/${task.id}`, { method: 'PUT', json: { status: 'complete' } });
          }
          await p.http.json(`/api/memories/${detail.memory.id}/documents/${detail.documents[0]!.id}`, { method: 'PUT', json: { collected: true } });
          await p.http.json(`/api/memories/${detail.memory.id}/notes`, { method: 'POST', json: { title: 'Call with the bank', content: 'They need the death certificate and the account number.', category: 'contact' } });
        }
      }),
    );
    // Sharing: each user invites the next one to their first `shared` memories, who accepts every link and
    // ticks a task there, so dashboards mix their own memories with others' and 'ticked by' has names.
    const outbox = path.join(env.DATA_DIR!, 'outbox');
    await Promise.all(
      people.map(async (p, i) => {
        const next = people[(i + 1) % people.length]!;
        for (const memoryId of p.memoryIds.slice(0, options.shared)) {
          const res = await p.http.json(`/api/memories/${memoryId}/invitations`, { method: 'POST', json: { email: next.email, role: 'editor' } });
          if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }),
    );
    let sharedMemories = 0;
    await Promise.all(
      people.map(async (p) => {
        for (const mail of mailsFor(outbox, p.email).filter((m) => m.kind === 'memory-invitation')) {
          const token = new URL(mail.links[0]!).searchParams.get('token')!;
          const accepted = await p.http.json<{ memoryId: string }>(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' });
          if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
          const detail = await p.http.json<MemoryDetail>(`/api/memories/${accepted.body.memoryId}`);
          const open = detail.body.tasks.find((t) => t.status !== 'complete')!;
          await p.http.json(`/api/memories/${accepted.body.memoryId}/tasks/${open.id}`, { method: 'PUT', json: { status: 'complete' } });
          sharedMemories += 1;
        }
      }),
    );
    const perDashboard = options.memories + Math.min(options.shared, options.memories);
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const failures = new Map<number, number>();
    let sizes = { tasks: 0, documents: 0 };
    const timed = async (p: (typeof people)[number], path: string, into: number[]) => {
      const t0 = performance.now();
      const res = await p.http.fetch(path);
      const body = await res.text();
      into.push(performance.now() - t0);
      if (res.status !== 200) failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
      return body;
    };
    /** Every user at once alternates dashboard and open-a-memory, pausing `thinkMs` after each. */
    const phase = async (thinkMs: number, compareSession: boolean) => {
      const dashboard: number[] = [];
      const open: number[] = [];
      const session: number[] = [];
      const pause = () => (thinkMs > 0 ? new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random()))) : undefined);
      const started = performance.now();
      await Promise.all(
        people.map(async (p, i) => {
          await new Promise((r) => setTimeout(r, Math.random() * thinkMs)); // users do not arrive in step
          for (let r = 0; r < options.rounds; r++) {
            const list = JSON.parse(await timed(p, '/api/memories', dashboard)) as MemoryListResponse;
            if (list.memories.length !== perDashboard) throw new Error(`dashboard showed ${list.memories.length} memories`);
            await pause();
            const detail = JSON.parse(await timed(p, `/api/memories/${p.memoryIds[(i + r) % p.memoryIds.length]}`, open)) as MemoryDetail;
            sizes = { tasks: detail.tasks.length, documents: detail.documents.length };
            await pause();
            if (compareSession) {
              // For comparison: the sign-in check alone (uncached), which the memory routes cache.
              await timed(p, '/api/session', session);
              await pause();
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      return {
        dashboard: summarise(dashboard),
        open: summarise(open),
        session: summarise(session),
        rate: Math.round((dashboard.length + open.length + session.length) / elapsed),
      };
    };
    // Warm-up, not counted.
    await Promise.all(people.map(async (p) => {
      await timed(p, '/api/memories', []);
      await timed(p, `/api/memories/${p.memoryIds[0]}`, []);
    }));
    const paced = await phase(options.thinkMs, true);
    // Saturated, only the two measured requests: anything else in flight would be measured with them.
    const closed = await phase(0, false);
    /**
     * The remote's first load, every user at once, paced: every memory whole in one read
     * (`?include=details`), against the way it loaded before (the list, then each memory at once).
     */
    const firstLoads = async () => {
      const oneRead: number[] = [];
      const oneByOne: number[] = [];
      await Promise.all(
        people.map(async (p) => {
          for (let r = 0; r < options.rounds; r++) {
            const body = await timed(p, '/api/memories?include=details', oneRead);
            const whole = JSON.parse(body) as MemoryListResponse;
            if (whole.details?.length !== perDashboard) throw new Error(`first load read ${whole.details?.length} memories: ${body.slice(0, 300)}`);
            await new Promise((done) => setTimeout(done, options.thinkMs * (0.5 + Math.random())));
            const t0 = performance.now();
            const listBody = await timed(p, '/api/memories', []);
            const list = JSON.parse(listBody) as MemoryListResponse;
            if (!list.memories) throw new Error(`the list answered ${listBody.slice(0, 300)}`);
            await Promise.all(list.memories.map((m) => timed(p, `/api/memories/${m.id}`, [])));
            oneByOne.push(performance.now() - t0);
            await new Promise((done) => setTimeout(done, options.thinkMs * (0.5 + Math.random())));
          }
        }),
      );
      return { oneRead: summarise(oneRead), oneByOne: summarise(oneByOne) };
    };
    const first = await firstLoads();
    const line = (label: string, r: Awaited<ReturnType<typeof phase>>) => [
      `  ${label}: ${r.rate} requests/s`,
      `    dashboard, GET /api/memories (${perDashboard} memories with progress): p50 ${ms(r.dashboard.p50)}, p99 ${ms(r.dashboard.p99)}, max ${ms(r.dashboard.max)} (${r.dashboard.count} requests)`,
      `    open a memory, GET /api/memories/:id (${sizes.tasks} tasks, ${sizes.documents} documents, files, notes): p50 ${ms(r.open.p50)}, p99 ${ms(r.open.p99)}, max ${ms(r.open.max)} (${r.open.count} requests)`,
      ...(r.session.count ? [`    for comparison, the sign-in check alone, GET /api/session: p50 ${ms(r.session.p50)}, p99 ${ms(r.session.p99)}`] : []),
    ];
    return [
      `memories over HTTP, built API on PostgreSQL, ${options.users} signed-in users at once, ${options.memories} memories each, ${options.shared} of them shared with another user (${perDashboard} on each dashboard)`,
      `  set-up: ${options.users * options.memories} memories created and ${sharedMemories} shared (invited, accepted, ticked by the other person) through the API in ${setupSeconds.toFixed(1)} s`,
      ...line(`paced (each user pauses about ${options.thinkMs} ms between requests)`, paced),
      ...line('saturated (no pauses: one request per user always in flight)', closed),
      `  the dashboard's first load (${perDashboard} memories, each whole), paced:`,
      `    one read, GET /api/memories?include=details: p50 ${ms(first.oneRead.p50)}, p99 ${ms(first.oneRead.p99)} (${first.oneRead.count} loads)`,
      `    before, the list then each memory at once (${perDashboard + 1} requests): p50 ${ms(first.oneByOne.p50)}, p99 ${ms(first.oneByOne.p99)} (${first.oneByOne.count} loads)`,
      `  non-200 responses: ${failures.size ? [...failures].map(([k, v]) => `${k}×${v}`).join(', ') : 'none'}`,
    ].join('\n');
  } finally {
    await stop();
  }
}
