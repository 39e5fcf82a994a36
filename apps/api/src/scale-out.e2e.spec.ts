import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, RealtimeEvents, RealtimeTopics, type ReadModelChanged } from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import {
  connectDatabase,
  createStaff,
  isLeading,
  runWriteMix,
  signUpVerified,
  startApiReplica,
  startProduct,
  startWorker,
  stopProcess,
  writeTarget,
  type ProductProcess,
  type RunningProduct,
} from '@afterwards/testing';

const STAFF = { email: 'ola.scale@afterwards.example', name: 'Ola Byrne', password: 'two-replicas-2026' };
const FAMILY = { email: 'sam.scale@example.com', password: 'two-replicas-family-2026' };


/**
 * The production shape on loopback: two API replicas and two workers on the real PostgreSQL and Redis.
 * A bounded write load (memories, listings, promotions) goes through both APIs; the replica leading the
 * projections is killed with SIGKILL in the middle. The other takes over, nothing acknowledged is lost,
 * the rebuilt read models equal the live ones, timed work ran once, and a socket kept hearing changes.
 */
describe('two API replicas and two workers, the projection leader killed under load', () => {
  let product: RunningProduct;
  let second: ProductProcess;
  const workers: ProductProcess[] = [];
  let db: pg.Client;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 40 });
    await createStaff(product, STAFF);
    second = await startApiReplica(product, 'api-2');
    workers.push(startWorker(product, 'worker-1'), startWorker(product, 'worker-2'));
    await signUpVerified(product, FAMILY);
    db = await connectDatabase(product);
  }, 240_000);
  afterAll(async () => {
    await db?.end();
    await Promise.all([second, ...workers].filter(Boolean).map((p) => stopProcess(p, 'SIGKILL')));
    await product?.stop();
  });

  it('keeps every acknowledged write, takes over within 5 seconds, runs timed work once, and stops gracefully', async () => {
    // Exactly one replica leads.
    const first = { name: 'api-1', url: product.url };
    const replicasUp = [first, { name: 'api-2', url: second.url! }];
    const leading = await Promise.all(replicasUp.map((r) => isLeading(r.url)));
    expect(leading.filter(Boolean)).toHaveLength(1);
    const leaderIndex = leading.indexOf(true);
    const replicas = await Promise.all(replicasUp.map((r) => writeTarget(r.name, r.url, FAMILY, STAFF)));
    const leader = replicas[leaderIndex]!;
    const survivor = { ...replicas[1 - leaderIndex]!, url: replicasUp[1 - leaderIndex]!.url };
    const { today } = (await survivor.staff.json<{ today: string }>('/api/admin/promotions')).body;

    // A socket on the replica that will survive: before the kill it hears changes the other replica
    // projected (through Redis); after, its own.
    const heard: { at: number; ids: string[] }[] = [];
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = io(survivor.url, { path: REALTIME_PATH, transports: ['websocket'], extraHeaders: { origin: survivor.url } });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    expect(await socket.emitWithAck(RealtimeEvents.subscribe, RealtimeTopics.directoryListings)).toEqual({ ok: true });
    socket.on(RealtimeEvents.readModelChanged, (m: ReadModelChanged) => heard.push({ at: Date.now(), ids: m.ids }));

    // The load: six clients for twelve seconds (longer, up to 48, until six memories and six promotions are
    // acknowledged) through both replicas; the leader is killed after four.
    const started = Date.now();
    let killedAt = 0;
    const killer = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      killedAt = Date.now();
      const leaderProcess = leaderIndex === 0 ? product.apiProcess()! : second.child;
      leaderProcess.kill('SIGKILL');
      leader.up = false;
      // Takeover: the survivor's readiness says it leads.
      while (!(await isLeading(survivor.url))) await new Promise((resolve) => setTimeout(resolve, 25));
      return Date.now() - killedAt;
    })();
    const acknowledged = await runWriteMix(replicas, {
      clients: 6,
      durationMs: 12_000,
      atLeast: 6,
      today,
      // The killed replica's connections: not acknowledged, so nothing is owed for them.
      unreachable: (target) => target === leader && killedAt > 0,
    });
    const takeoverMs = await killer;
    console.log(
      `scale-out: ${acknowledged.memories.length} memories, ${acknowledged.listings.length} listings, ${acknowledged.promotions.length} promotions acknowledged in ${Date.now() - started} ms; ` +
        `${acknowledged.refused} refused; leader ${leader.name} killed, ${survivor.name} led after ${takeoverMs} ms`,
    );
    expect(takeoverMs).toBeLessThan(5_000);
    expect(acknowledged.refused).toBe(0);
    expect(acknowledged.memories.length).toBeGreaterThan(5);
    expect(acknowledged.promotions.length).toBeGreaterThan(5);

    // Every acknowledged write is in the log and, once the new leader has caught up, in the read models.
    const inLog = async (prefix: string, ids: string[]) =>
      (await db.query<{ n: string }>(`SELECT count(DISTINCT stream_id)::text AS n FROM events WHERE stream_id = ANY($1)`, [ids.map((id) => `${prefix}${id}`)])).rows[0]!.n;
    expect(await inLog('case-', acknowledged.memories)).toBe(String(acknowledged.memories.length));
    expect(await inLog('listing-', acknowledged.listings)).toBe(String(acknowledged.listings.length));
    expect(await inLog('promotion-', acknowledged.promotions)).toBe(String(acknowledged.promotions.length));
    const count = async (sql: string, ids: string[]) => Number((await db.query<{ n: string }>(sql, [ids])).rows[0]!.n);
    await expectEventually(async () => {
      expect(await count('SELECT count(*) AS n FROM cases WHERE id = ANY($1::uuid[])', acknowledged.memories)).toBe(acknowledged.memories.length);
      expect(await count('SELECT count(*) AS n FROM listings WHERE id = ANY($1::uuid[])', acknowledged.listings)).toBe(acknowledged.listings.length);
      expect(await count('SELECT count(*) AS n FROM promotions WHERE id = ANY($1::uuid[])', acknowledged.promotions)).toBe(acknowledged.promotions.length);
    }, 30_000);

    // Timed work ran once: each promotion started today was started by exactly one job, whichever worker
    // took it and whichever leader queued it (a replay after the takeover queues the same job id).
    await expectEventually(async () => {
      const { rows } = await db.query<{ stream_id: string; starts: string }>(
        `SELECT stream_id, count(*) FILTER (WHERE type = 'PromotionStarted')::text AS starts FROM events WHERE stream_id = ANY($1) GROUP BY stream_id`,
        [acknowledged.promotions.map((id) => `promotion-${id}`)],
      );
      expect(rows.map((r) => r.starts)).toEqual(acknowledged.promotions.map(() => '1'));
    }, 30_000);

    // The socket on the survivor heard listings created after the kill.
    const after = acknowledged.listings.slice(-3);
    await expectEventually(() => {
      const heardAfter = new Set(heard.filter((h) => h.at > killedAt).flatMap((h) => h.ids));
      expect(after.filter((id) => !heardAfter.has(id))).toEqual([]);
    }, 15_000);
    expect(heard.some((h) => h.at < killedAt)).toBe(true);
    socket.disconnect();

    // Graceful stop: readiness goes false, the process exits 0 within 10 s, and frees the lease at once.
    const survivorProcess = leaderIndex === 0 ? second : { child: product.apiProcess()!, exited: new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => product.apiProcess()!.once('exit', (code, signal) => resolve({ code, signal }))) };
    const survivorLogs = leaderIndex === 0 ? second.logs : product.logs;
    // A stop that did not exit 0 shows what its process printed from the signal on (plus a little before),
    // which says why. Marked by position, not by a log line: the products log at 'warn', so the 'stopping'
    // line itself is not there.
    const ended = (how: { code: number | null; signal: NodeJS.Signals | null }, logs: () => string, signalledAt: number) => ({
      ...how,
      log: how.code === 0 ? '' : logs().slice(Math.max(0, signalledAt - 1_000)).slice(-8_000),
    });
    const stopStarted = Date.now();
    const survivorSignalledAt = survivorLogs().length;
    const stopped = stopProcess(survivorProcess, 'SIGTERM');
    const workersStopped = workers.map((w) => {
      const signalledAt = w.logs().length;
      return stopProcess(w, 'SIGTERM').then((how) => ended(how, w.logs, signalledAt));
    });
    expect(ended(await stopped, survivorLogs, survivorSignalledAt)).toEqual({ code: 0, signal: null, log: '' });
    expect(Date.now() - stopStarted).toBeLessThan(10_000);
    for (const w of await Promise.all(workersStopped)) expect(w).toEqual({ code: 0, signal: null, log: '' });

    // Replayed from the log, every read model equals the live one the replicas built between them.
    const rebuilt = product.tool('rebuild');
    expect(rebuilt).not.toMatch(/DIFFERENT/);
    expect(rebuilt).toMatch(/equal to the live model/);
  }, 240_000);
});
