/** The API's garbage-collection pauses by kind, from its /metrics (prom-client's nodejs_gc_duration_seconds). */
export interface GcPauses {
  readonly [kind: string]: { count: number; seconds: number; over10ms: number };
}

/** The API's event-loop delay since its /metrics was last read (prom-client resets it on each read), in ms. */
export interface LoopDelay {
  readonly p99: number;
  readonly max: number;
}

/** One read of the API's /metrics: its GC pauses so far and its event-loop delay since the last read. */
export async function apiPauses(apiUrl: string): Promise<{ gc: GcPauses; loop: LoopDelay }> {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { gc: gcPauses(text), loop: { p99: gauge('nodejs_eventloop_lag_p99_seconds'), max: gauge('nodejs_eventloop_lag_max_seconds') } };
}

function gcPauses(text: string): GcPauses {
  const out: Record<string, { count: number; seconds: number; over10ms: number }> = {};
  const of = (kind: string) => (out[kind] ??= { count: 0, seconds: 0, over10ms: 0 });
  const bucketsAt10ms: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^nodejs_gc_duration_seconds_(sum|count|bucket)\{([^}]*)\} (\S+)$/.exec(line);
    if (!m) continue;
    const kind = /kind="([^"]+)"/.exec(m[2]!)?.[1];
    if (!kind) continue;
    const value = Number(m[3]);
    if (m[1] === 'sum') of(kind).seconds = value;
    else if (m[1] === 'count') of(kind).count = value;
    else if (/le="0\.01"/.test(m[2]!)) bucketsAt10ms[kind] = value;
  }
  for (const [kind, under] of Object.entries(bucketsAt10ms)) of(kind).over10ms = of(kind).count - under;
  return out;
}

/** What happened between two readings, as a line: per kind, pauses, their total and how many took over 10 ms. */
export function gcLine(before: GcPauses, after: GcPauses): string {
  return Object.keys(after)
    .sort()
    .map((kind) => {
      const a = after[kind]!;
      const b = before[kind] ?? { count: 0, seconds: 0, over10ms: 0 };
      return `${kind} ${a.count - b.count} (${((a.seconds - b.seconds) * 1000).toFixed(0)} ms, ${a.over10ms - b.over10ms} over 10 ms)`;
    })
    .join(', ');
}
