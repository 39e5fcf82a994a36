/** The API's garbage-collection pauses by kind, from its /metrics (prom-client's nodejs_gc_duration_seconds). */
export interface GcPauses {
  readonly [kind: string]: { count: number; seconds: number; over10ms: number };
}

/** The API's event-loop delay since its /metrics was last read (prom-client resets it on each read), in ms. */
export interface LoopDelay {
  readonly p99: number;
  readonly max: number;
}

/** Answers of one route the API timed (arrival to last byte), as its histogram's cumulative buckets: upper bound in seconds → count. */
export type RouteTimes = ReadonlyMap<number, number>;

/** One read of the API's /metrics: its GC pauses so far, its event-loop delay since the last read, and its own timing of each GET route's 2xx answers. */
export async function apiPauses(apiUrl: string): Promise<{ gc: GcPauses; loop: LoopDelay; routes: ReadonlyMap<string, RouteTimes> }> {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { gc: gcPauses(text), loop: { p99: gauge('nodejs_eventloop_lag_p99_seconds'), max: gauge('nodejs_eventloop_lag_max_seconds') }, routes: routeTimes(text) };
}

function routeTimes(text: string): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  for (const line of text.split('\n')) {
    const m = /^afterwards_http_request_duration_seconds_bucket\{([^}]*)\} (\S+)$/.exec(line);
    if (!m || !/method="GET"/.test(m[1]!) || !/status_class="2xx"/.test(m[1]!)) continue;
    const route = /route="([^"]+)"/.exec(m[1]!)?.[1];
    const le = /le="([^"]+)"/.exec(m[1]!)?.[1];
    if (!route || !le) continue;
    let buckets = out.get(route);
    if (!buckets) out.set(route, (buckets = new Map()));
    buckets.set(le === '+Inf' ? Infinity : Number(le), Number(m[2]));
  }
  return out;
}

/** Several API processes' timings of one route, as one histogram. */
export function sumRouteTimes(readings: readonly (RouteTimes | undefined)[]): RouteTimes | undefined {
  const out = new Map<number, number>();
  for (const reading of readings) for (const [le, n] of reading ?? []) out.set(le, (out.get(le) ?? 0) + n);
  return out.size ? out : undefined;
}

/**
 * The API's own timing of a route's answers between two readings: how many, the share it finished within
 * 50 ms, and the histogram bucket holding its p99. Next to the bench's own timing, it tells a wait inside
 * the API (its handlers, the database) from one outside it (the socket before the API reads the request,
 * the bench's own loop).
 */
export function routeLine(before: RouteTimes | undefined, after: RouteTimes | undefined): string {
  if (!after) return 'none timed';
  const delta = [...after].sort((a, b) => a[0] - b[0]).map(([le, n]) => [le, n - (before?.get(le) ?? 0)] as const);
  const total = delta.at(-1)?.[1] ?? 0;
  if (!total) return 'none timed';
  const within50 = delta.find(([le]) => le === 0.05)?.[1] ?? 0;
  const p99 = delta.find(([, n]) => n >= total * 0.99)?.[0] ?? Infinity;
  return `${total} answers, ${((within50 / total) * 100).toFixed(1)}% within 50 ms, p99 ≤ ${p99 === Infinity ? 'more than 10 s' : `${p99 * 1000} ms`}`;
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
