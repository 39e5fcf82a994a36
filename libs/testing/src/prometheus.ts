/** One sample line of Prometheus' text format: `name{label="value"} 1.5`. */
export interface MetricSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** A metric with its `# HELP` and `# TYPE` and its samples (a histogram's `_bucket`, `_sum` and `_count` included). */
export interface MetricFamily {
  readonly name: string;
  readonly type: string;
  readonly help: string;
  readonly samples: MetricSample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const SUFFIXES = ['_bucket', '_sum', '_count', '_created'];

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`Not a sample value in: ${line}`);
  return value;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const at = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (!match || match.index !== at) throw new Error(`Bad labels in: ${line}`);
    if (match[1]! in labels) throw new Error(`Label ${match[1]} twice in: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
    if (match[3] === '') break;
  }
  return labels;
}

/**
 * Parses Prometheus' text exposition format (version 0.0.4), strictly: a line it does not understand, or
 * a sample of a metric without `# TYPE`, throws, so a test reading /metrics also checks it is well formed.
 */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const help = new Map<string, string>();
  const family = (name: string) =>
    families.get(name) ??
    families.get(SUFFIXES.filter((s) => name.endsWith(s)).map((s) => name.slice(0, -s.length))[0] ?? '') ??
    undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      if (kind === 'HELP') help.set(name!, rest!.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c)));
      else families.set(name!, { name: name!, type: rest!, help: help.get(name!) ?? '', samples: [] });
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`Not a sample line: ${line}`);
    const owner = family(sample[1]!);
    if (!owner) throw new Error(`Sample of a metric without # TYPE: ${line}`);
    owner.samples.push({ name: sample[1]!, labels: sample[2] ? parseLabels(sample[2], line) : {}, value: parseValue(sample[3]!, line) });
  }
  return families;
}
