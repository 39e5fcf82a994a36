import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { MemoryDetail, MemoryListResponse } from '@afterwards/contracts';
import { startBenchApi, type BenchApi } from './bench-api';
import { prepareFamilies, type BenchPerson } from './families';
import { apiPauses, gcLine, routeLine, sumRouteTimes } from './gc-pauses';
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
  /** More flags for the API's node, after its own (to try a V8 setting). */
  readonly nodeFlags?: readonly string[];
  /**
   * API processes on the one database, as the production profile runs two behind its proxy: the measured
   * requests go to each in turn, as the proxy's round robin sends them (the families are made through the first).
   */
  readonly replicas?: number;
}

/**
 * Starts the built API on PostgreSQL, signs in `users` people, gives each `memories` memories with some
 * progress (tasks done, a document collected, notes), then has all of them at once alternate between
 * loading the dashboard (GET /api/memories) and opening a memory with its whole checklist
 * (GET /api/memories/:id): first paced like people reading the screen, then with no pauses at all.
 * Prints p50/p99 of each.
 */
export async function benchMemories(options: MemoriesBenchOptions): Promise<string> {
  const api = await startBenchApi({}, undefined, options.nodeFlags);
  const others: BenchApi[] = [];
  try {
    const { people, perDashboard, sharedMemories, setupSeconds } = await prepareFamilies(api, options);
    for (let r = 1; r < (options.replicas ?? 1); r++) others.push(await startBenchApi({}, api.db, options.nodeFlags));
    const apis = [api, ...others];
    let turn = 0;

    const failures = new Map<number, number>();
    let sizes = { tasks: 0, documents: 0 };
    const timed = async (p: BenchPerson, path: string, into: number[]) => {
      // The person's session cookie goes to whichever replica answers (the jar sends it only to the first).
      const base = apis[turn++ % apis.length]!.url;
      const t0 = performance.now();
      const res = await p.http.fetch(`${base}${path}`, { headers: { cookie: p.http.cookieHeader() } });
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
      const before = await Promise.all(apis.map((a) => apiPauses(a.url)));
      // The bench's own loop too: a stall here would show on every route as if it were the API's.
      const ownLoop = monitorEventLoopDelay({ resolution: 10 });
      ownLoop.enable();
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
      ownLoop.disable();
      const after = await Promise.all(apis.map((a) => apiPauses(a.url)));
      const delay = (p99: number, max: number) => `p99 ${ms(p99)}, max ${ms(max)}`;
      const each = (line: (i: number) => string) => (apis.length === 1 ? line(0) : apis.map((_, i) => `replica ${i + 1}: ${line(i)}`).join('; '));
      const routeOf = (readings: typeof before, route: string) => sumRouteTimes(readings.map((r) => r.routes.get(route)));
      return {
        gc: each((i) => gcLine(before[i]!.gc, after[i]!.gc)),
        inApi: {
          dashboard: routeLine(routeOf(before, '/api/memories'), routeOf(after, '/api/memories')),
          open: routeLine(routeOf(before, '/api/memories/:id'), routeOf(after, '/api/memories/:id')),
        },
        loops: `the API's ${each((i) => delay(after[i]!.loop.p99, after[i]!.loop.max))}; the bench's own ${delay(ownLoop.percentile(99) / 1e6, ownLoop.max / 1e6)}`,
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
      `    as the API timed them (arrival to last byte): dashboard ${r.inApi.dashboard}; open a memory ${r.inApi.open}`,
      `    the API's garbage collection meanwhile: ${r.gc}`,
      `    event-loop delay meanwhile: ${r.loops}`,
    ];
    return [
      `memories over HTTP, built API on PostgreSQL${apis.length > 1 ? ` (${apis.length} API processes, requests to each in turn)` : ''}, ${options.users} signed-in users at once, ${options.memories} memories each, ${options.shared} of them shared with another user (${perDashboard} on each dashboard)`,
      `  set-up: ${options.users * options.memories} memories created and ${sharedMemories} shared (invited, accepted, ticked by the other person) through the API in ${setupSeconds.toFixed(1)} s`,
      ...line(`paced (each user pauses about ${options.thinkMs} ms between requests)`, paced),
      ...line('saturated (no pauses: one request per user always in flight)', closed),
      `  the dashboard's first load (${perDashboard} memories, each whole), paced:`,
      `    one read, GET /api/memories?include=details: p50 ${ms(first.oneRead.p50)}, p99 ${ms(first.oneRead.p99)} (${first.oneRead.count} loads)`,
      `    before, the list then each memory at once (${perDashboard + 1} requests): p50 ${ms(first.oneByOne.p50)}, p99 ${ms(first.oneByOne.p99)} (${first.oneByOne.count} loads)`,
      `  non-200 responses: ${failures.size ? [...failures].map(([k, v]) => `${k}×${v}`).join(', ') : 'none'}`,
    ].join('\n');
  } finally {
    for (const other of others) await other.stop();
    await api.stop();
  }
}
