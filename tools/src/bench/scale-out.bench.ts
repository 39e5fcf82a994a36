import {
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
import { ms, summarise } from './stats';

export interface ScaleOutBenchOptions {
  /** Interleaved rounds of one replica then two. */
  readonly rounds: number;
  /** Concurrent clients of the write mix. */
  readonly clients: number;
  /** How long each measurement lasts (ms). */
  readonly durationMs: number;
}

const STAFF = { email: 'bench.scale@afterwards.example', name: 'Bench Scale', password: 'bench-scale-out-2026' };
const FAMILY = { email: 'bench.family@example.com', password: 'bench-scale-out-family-2026' };


/**
 * The write mix of the scale-out test (memories, listings, promotions) against one API replica and then
 * two, interleaved, on one PostgreSQL database with Redis and two workers; then the takeover time when the
 * leader is killed with SIGKILL under the same load, once per round.
 */
export async function benchScaleOut(options: ScaleOutBenchOptions): Promise<string> {
  const product: RunningProduct = await startProduct({ profile: 'services', seedCount: 40 });
  const extra: ProductProcess[] = [];
  try {
    product.tool('create-admin', '--email', STAFF.email, '--name', STAFF.name, '--password', STAFF.password);
    await signUpVerified(product, FAMILY);
    extra.push(startWorker(product, 'worker-1'), startWorker(product, 'worker-2'));
    let second = await startApiReplica(product, 'api-2');
    const urls = () => [product.url, second.url!];
    const first = await writeTarget('api-1', product.url, FAMILY, STAFF);
    const { today } = (await first.staff.json<{ today: string }>('/api/admin/promotions')).body;

    const lines: string[] = [];
    const rates: Record<1 | 2, number[]> = { 1: [], 2: [] };
    const latencies: Record<1 | 2, number[]> = { 1: [], 2: [] };
    for (let round = 1; round <= options.rounds; round++) {
      for (const count of [1, 2] as const) {
        const targets = await Promise.all(urls().slice(0, count).map((url, i) => writeTarget(`api-${i + 1}`, url, FAMILY, STAFF)));
        const started = performance.now();
        const result = await runWriteMix(targets, { clients: options.clients, durationMs: options.durationMs, today });
        const seconds = (performance.now() - started) / 1000;
        const writes = result.latenciesMs.length;
        rates[count].push(writes / seconds);
        latencies[count].push(...result.latenciesMs);
        const s = summarise(result.latenciesMs);
        lines.push(`round ${round}, ${count} replica${count === 1 ? ' ' : 's'}: ${(writes / seconds).toFixed(1)} writes/s (${writes} in ${seconds.toFixed(1)} s, ${result.refused} refused), p50 ${ms(s.p50)}, p99 ${ms(s.p99)}`);
      }
    }

    // Takeover: kill whichever replica leads while the mix runs through both; the other must lead.
    const takeovers: number[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      const leading = await Promise.all(urls().map(isLeading));
      const leaderIndex = leading.indexOf(true);
      if (leaderIndex < 0) throw new Error('no replica leads');
      const targets = await Promise.all(urls().map((url, i) => writeTarget(`api-${i + 1}`, url, FAMILY, STAFF)));
      const leader = targets[leaderIndex]!;
      const survivorUrl = urls()[1 - leaderIndex]!;
      let killedAt = 0;
      const kill = (async () => {
        await new Promise((resolve) => setTimeout(resolve, options.durationMs / 3));
        killedAt = performance.now();
        (leaderIndex === 0 ? product.apiProcess()! : second.child).kill('SIGKILL');
        leader.up = false;
        while (!(await isLeading(survivorUrl))) await new Promise((resolve) => setTimeout(resolve, 10));
        return performance.now() - killedAt;
      })();
      await runWriteMix(targets, { clients: options.clients, durationMs: options.durationMs, today, unreachable: (t) => t === leader && killedAt > 0 });
      const takeover = await kill;
      takeovers.push(takeover);
      lines.push(`round ${round}, takeover after SIGKILL of the leader (api-${leaderIndex + 1}): ${ms(takeover)}`);
      // The killed replica comes back, as a follower.
      if (leaderIndex === 0) await product.startApi();
      else second = await startApiReplica(product, 'api-2');
    }
    extra.push(second);

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const one = median(rates[1]);
    const two = median(rates[2]);
    return [
      `Scale-out: the write mix (open a memory; add an Active listing and promote it) with ${options.clients} clients for ${options.durationMs / 1000} s per measurement,`,
      `on PostgreSQL and Redis with two workers, this machine (${(await import('node:os')).cpus().length} cores) running everything.`,
      ...lines,
      `median of ${options.rounds}: 1 replica ${one.toFixed(1)} writes/s (p99 ${ms(summarise(latencies[1]).p99)}), 2 replicas ${two.toFixed(1)} writes/s (p99 ${ms(summarise(latencies[2]).p99)}), ratio ${(two / one).toFixed(2)}`,
      `takeover after SIGKILL: ${takeovers.map((t) => ms(t)).join(', ')} (limit 5,000 ms)`,
    ].join('\n');
  } finally {
    await Promise.all(extra.map((p) => stopProcess(p, 'SIGTERM')));
    await product.stop();
  }
}
