/** The API's garbage-collection pauses by kind, from its /metrics (prom-client's nodejs_gc_duration_seconds). */
export interface GcPauses {
  readonly [kind: string]: { count: number; seconds: number; over10ms: number };
}

export async function gcPauses(apiUrl: string): Promise<GcPauses> {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
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
