import type { PlaceSuggestion } from '@afterwards/contracts';

/** One thing a person may be typing: a place known by names (normalised) and/or codes (lowercase, no spaces). */
export interface SuggestEntry {
  readonly names: readonly string[];
  readonly codes: readonly string[];
  /** Higher first among prefix matches (towns: 1 + population; villages 0.5; codes 0). */
  readonly weight: number;
  readonly suggestion: PlaceSuggestion;
}

interface Key {
  readonly key: string;
  readonly entry: SuggestEntry;
}

/** Prefixes up to this length keep a ready-made best list; longer ones scan a small sorted range. */
const SHORT_PREFIX = 3;
/** Weight of localities from the postal file (towns weigh 1 + population, codes 0). */
export const VILLAGE_WEIGHT = 0.5;
/** Towns this big come before an exact village of a shorter name. */
const BIG_TOWN = 50_000;
const KEEP = 20;

/**
 * In-memory prefix index, built once: keys sorted for binary search, plus the best `KEEP` entries
 * of every short prefix (where a range scan would touch thousands of keys).
 */
export class SuggestIndex {
  private readonly names: Key[];
  private readonly codes: Key[];
  private readonly shortNames = new Map<string, SuggestEntry[]>();
  private readonly shortCodes = new Map<string, SuggestEntry[]>();

  constructor(entries: readonly SuggestEntry[]) {
    this.names = sortKeys(entries.flatMap((entry) => entry.names.filter(Boolean).map((key) => ({ key, entry }))));
    this.codes = sortKeys(entries.flatMap((entry) => entry.codes.filter(Boolean).map((key) => ({ key, entry }))));
    buildShort(this.names, this.shortNames);
    buildShort(this.codes, this.shortCodes);
  }

  /** Exact matches first (names, then codes), then prefix matches by weight, then shorter key, then label. */
  search(name: string, code: string, limit: number): SuggestEntry[] {
    const exact = new Set<SuggestEntry>();
    const prefix: { entry: SuggestEntry; key: string }[] = [];
    const collect = (keys: Key[], short: Map<string, SuggestEntry[]>, q: string) => {
      if (!q) return;
      for (const k of range(keys, q)) {
        if (k.key !== q) break; // sorted: the exact keys come first in the range
        exact.add(k.entry);
      }
      if (q.length <= SHORT_PREFIX) {
        for (const entry of short.get(q) ?? []) prefix.push({ entry, key: keyOf(entry, q) });
      } else {
        for (const k of range(keys, q)) prefix.push({ entry: k.entry, key: k.key });
      }
    };
    collect(this.names, this.shortNames, name);
    collect(this.codes, this.shortCodes, code);
    prefix.sort(byRank);
    // Exact towns and codes first; an exact village ('Lee') waits behind big towns it prefixes ('Leeds').
    const exactSorted = [...exact].sort((a, b) => b.weight - a.weight);
    const ordered = [
      ...exactSorted.filter((e) => e.weight !== VILLAGE_WEIGHT),
      ...prefix.filter((p) => p.entry.weight >= BIG_TOWN).map((p) => p.entry),
      ...exactSorted.filter((e) => e.weight === VILLAGE_WEIGHT),
      ...prefix.map((p) => p.entry),
    ];
    const result: SuggestEntry[] = [];
    const labels = new Set<string>();
    for (const entry of ordered) {
      if (result.length >= limit) break;
      if (labels.has(entry.suggestion.label)) continue;
      labels.add(entry.suggestion.label);
      result.push(entry);
    }
    return result;
  }
}

function sortKeys(keys: Key[]): Key[] {
  return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.entry.weight - a.entry.weight));
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byRank = (a: { entry: SuggestEntry; key: string }, b: { entry: SuggestEntry; key: string }): number =>
  b.entry.weight - a.entry.weight || a.key.length - b.key.length || compare(a.key, b.key) || compare(a.entry.suggestion.label, b.entry.suggestion.label);

function keyOf(entry: SuggestEntry, prefix: string): string {
  return [...entry.names, ...entry.codes].find((k) => k.startsWith(prefix)) ?? prefix;
}

/** The keys starting with `prefix` (binary search for the first, then a scan). */
function* range(keys: readonly Key[], prefix: string): Generator<Key> {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < keys.length && keys[i]!.key.startsWith(prefix); i++) yield keys[i]!;
}

function buildShort(keys: readonly Key[], into: Map<string, SuggestEntry[]>): void {
  const all = new Map<string, { entry: SuggestEntry; key: string }[]>();
  for (const k of keys) {
    for (let n = 1; n <= Math.min(SHORT_PREFIX, k.key.length); n++) {
      const p = k.key.slice(0, n);
      const list = all.get(p) ?? [];
      list.push({ entry: k.entry, key: k.key });
      all.set(p, list);
    }
  }
  for (const [p, list] of all) {
    list.sort(byRank);
    const seen = new Set<SuggestEntry>();
    const best: SuggestEntry[] = [];
    for (const { entry } of list) {
      if (seen.has(entry)) continue;
      seen.add(entry);
      best.push(entry);
      if (best.length >= KEEP) break;
    }
    into.set(p, best);
  }
}
