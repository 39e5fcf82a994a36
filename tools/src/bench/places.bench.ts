import v8 from 'node:v8';
import vm from 'node:vm';
import { loadGazetteer, normaliseName } from '@afterwards/places';
import { median, summarise } from './stats';

const us = (n: number): string => `${(n * 1000).toFixed(1)} µs`;

/**
 * `bench places`: what the gazetteer costs the process that holds it (the API holds it for its life):
 * the heap it keeps, how much longer it makes a full garbage collection (which marks every live object
 * again, decision 0035), the time to build it and its suggestion index, and a suggestion's and a
 * resolution's p50/p99 over every town's name and its prefixes.
 */
export function benchPlaces(): string {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const fullCollection = (): number => {
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      gc();
      times.push(performance.now() - start);
    }
    return median(times);
  };
  const heapUsed = (): number => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const heapBefore = heapUsed();
  const collectionBefore = fullCollection();
  let start = performance.now();
  const gazetteer = loadGazetteer();
  const built = performance.now() - start;
  start = performance.now();
  gazetteer.suggest('a');
  const indexed = performance.now() - start;
  const heapAfter = heapUsed();
  const collectionAfter = fullCollection();

  const names = gazetteer.towns.flatMap((t) => [t.name, ...t.altNames]);
  const prefixes = names.flatMap((name) => [1, 2, 3, 4, 6].filter((n) => normaliseName(name).length >= n).map((n) => name.slice(0, n)));
  const timeEach = (inputs: readonly string[], call: (input: string) => unknown): { p50: number; p99: number } => {
    const samples: number[] = [];
    for (const input of inputs) {
      const t = performance.now();
      call(input);
      samples.push(performance.now() - t);
    }
    return summarise(samples);
  };
  // Once to warm the code, then measured.
  timeEach(prefixes, (q) => gazetteer.suggest(q));
  const suggest = timeEach(prefixes, (q) => gazetteer.suggest(q));
  const resolveInputs = names.flatMap((name) => [name, `${name}, Nowhere`]);
  timeEach(resolveInputs, (q) => gazetteer.resolve(q));
  const resolve = timeEach(resolveInputs, (q) => gazetteer.resolve(q));
  return [
    `the gazetteer (${gazetteer.towns.length} towns and the GB localities, with its suggestion index):`,
    `  heap it holds: ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB`,
    `  a full collection of this process: ${collectionBefore.toFixed(1)} ms without it, ${collectionAfter.toFixed(1)} ms with it (median of 7)`,
    `  built in ${built.toFixed(0)} ms, suggestion index in ${indexed.toFixed(0)} ms`,
    `  suggest, ${prefixes.length} prefixes of town names: p50 ${us(suggest.p50)}, p99 ${us(suggest.p99)}`,
    `  resolve, ${resolveInputs.length} names and 'name, area': p50 ${us(resolve.p50)}, p99 ${us(resolve.p99)}`,
  ].join('\n');
}
