import fs from 'node:fs';
import path from 'node:path';

/** The parts of a V8 `.cpuprofile` this summary reads. */
export interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
    readonly children?: readonly number[];
  }>;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Frames that run once, at start-up (loading modules, building the gazetteer): not a request's cost. */
const ONE_OFF = new Set(['compileSourceTextModule', 'Module._load', 'loadAndTranslate', 'loadGazetteer']);
const NOT_WORK = new Set(['(idle)', '(program)']);

/** Who a frame belongs to: an npm package, a Node module, the product's bundle, or V8 itself. */
export function ownerOf(url: string): string {
  if (!url) return '(V8 / native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node (core)';
  if (url.startsWith('wasm://')) return 'WebAssembly';
  return `the product (${path.basename(url)})`;
}

/**
 * Where a process's CPU went, from its `--cpu-prof` profile: the time spent in each function itself (self
 * time), idle and start-up left out, grouped by owner and listed by function, largest first.
 */
export function summariseCpuProfile(profile: CpuProfile, top = 12): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  const oneOff = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (ONE_OFF.has(byId.get(at)!.callFrame.functionName)) return true;
    return false;
  };
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)!.callFrame;
    if (NOT_WORK.has(frame.functionName) || oneOff(id)) continue;
    busy += micros;
    const owner = frame.functionName === '(garbage collector)' ? 'garbage collection' : ownerOf(frame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} (${owner}${frame.url && frame.lineNumber >= 0 ? `:${frame.lineNumber + 1}` : ''})`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const share = (micros: number) => `${((micros / Math.max(1, busy)) * 100).toFixed(1)}%`;
  const largest = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `CPU profile: ${(busy / 1000).toFixed(0)} ms of work (idle and start-up left out), self time`,
    `  by owner: ${largest(byOwner)
      .map(([owner, micros]) => `${owner} ${share(micros)}`)
      .join(', ')}`,
    `  top functions:`,
    ...largest(byFunction).map(([name, micros]) => `    ${share(micros).padStart(6)} ${name}`),
  ];
}

/** The newest `.cpuprofile` in `dir`, summarised (a run writes one when its process exits). */
export function summariseNewestCpuProfile(dir: string, top?: number): string[] {
  const newest = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!newest) return [`no CPU profile was written in ${dir}`];
  return [`${path.basename(newest)}:`, ...summariseCpuProfile(JSON.parse(fs.readFileSync(newest, 'utf8')) as CpuProfile, top)];
}
