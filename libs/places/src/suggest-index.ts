import type { PlaceSuggestion } from '@afterwards/contracts';
import { PackedStrings } from './packed-strings';

/** One thing a person may be typing: a place known by names (normalised) and/or codes (lowercase, no spaces). */
export interface SuggestEntry {
  readonly names: readonly string[];
  readonly codes: readonly string[];
  /** Higher first among prefix matches (towns: 1 + population; villages 0.5; codes 0). */
  readonly weight: number;
  readonly suggestion: PlaceSuggestion;
}

/** Prefixes up to this length keep a ready-made best list; longer ones scan a small sorted range. */
const SHORT_PREFIX = 3;
/** Weight of localities from the postal file (towns weigh 1 + population, codes 0). */
export const VILLAGE_WEIGHT = 0.5;
/** Towns this big come before an exact village of a shorter name. */
const BIG_TOWN = 50_000;
const KEEP = 20;
const KINDS: readonly PlaceSuggestion['kind'][] = ['town', 'district', 'postcode'];
/** Between an entry's keys; names are normalised to [a-z0-9 ] and codes to [a-z0-9], so it never occurs in one. */
const KEY_SEPARATOR = '\n';

/** A key and the entry (by position) it leads to. */
interface Key {
  readonly key: string;
  readonly entry: number;
}

/**
 * In-memory prefix index, built once: keys sorted for binary search, plus the best `KEEP` entries of every
 * short prefix (where a range scan would touch thousands of keys). Held in columns (packed strings, typed
 * arrays) rather than an object per entry and key, so the process's full collections have a few dozen
 * objects to mark here instead of a third of a million (decision 0035); a suggestion is made when answered.
 */
export class SuggestIndex {
  private readonly labels: PackedStrings;
  private readonly details: PackedStrings;
  private readonly kinds: Uint8Array;
  private readonly weights: Float64Array;
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  /** Each entry's names then codes, joined by KEY_SEPARATOR. */
  private readonly entryKeys: PackedStrings;
  private readonly names: KeyTable;
  private readonly codes: KeyTable;
  private readonly shortNames: ShortLists;
  private readonly shortCodes: ShortLists;

  constructor(entries: readonly SuggestEntry[]) {
    this.labels = new PackedStrings(entries.map((e) => e.suggestion.label));
    this.details = new PackedStrings(entries.map((e) => e.suggestion.detail));
    this.kinds = Uint8Array.from(entries, (e) => KINDS.indexOf(e.suggestion.kind));
    this.weights = Float64Array.from(entries, (e) => e.weight);
    this.latitudes = Float64Array.from(entries, (e) => e.suggestion.latitude);
    this.longitudes = Float64Array.from(entries, (e) => e.suggestion.longitude);
    this.entryKeys = new PackedStrings(entries.map((e) => [...e.names, ...e.codes].join(KEY_SEPARATOR)));
    const names = this.sortKeys(entries.flatMap((e, entry) => e.names.filter(Boolean).map((key) => ({ key, entry }))));
    const codes = this.sortKeys(entries.flatMap((e, entry) => e.codes.filter(Boolean).map((key) => ({ key, entry }))));
    this.names = new KeyTable(names);
    this.codes = new KeyTable(codes);
    this.shortNames = this.buildShort(names);
    this.shortCodes = this.buildShort(codes);
  }

  /** Exact matches first (names, then codes), then prefix matches by weight, then shorter key, then label. */
  search(name: string, code: string, limit: number): PlaceSuggestion[] {
    const exact = new Set<number>();
    const prefix: Key[] = [];
    const collect = (keys: KeyTable, short: ShortLists, q: string) => {
      if (!q) return;
      for (const k of keys.range(q)) {
        if (k.key !== q) break; // sorted: the exact keys come first in the range
        exact.add(k.entry);
      }
      if (q.length <= SHORT_PREFIX) {
        for (const entry of short.get(q)) prefix.push({ entry, key: this.keyOf(entry, q) });
      } else {
        for (const k of keys.range(q)) prefix.push(k);
      }
    };
    collect(this.names, this.shortNames, name);
    collect(this.codes, this.shortCodes, code);
    prefix.sort(this.byRank);
    // Exact towns and codes first; an exact village ('Lee') waits behind big towns it prefixes ('Leeds').
    const exactSorted = [...exact].sort((a, b) => this.weights[b]! - this.weights[a]!);
    const ordered = [
      ...exactSorted.filter((e) => this.weights[e] !== VILLAGE_WEIGHT),
      ...prefix.filter((p) => this.weights[p.entry]! >= BIG_TOWN).map((p) => p.entry),
      ...exactSorted.filter((e) => this.weights[e] === VILLAGE_WEIGHT),
      ...prefix.map((p) => p.entry),
    ];
    const result: PlaceSuggestion[] = [];
    const labels = new Set<string>();
    for (const entry of ordered) {
      if (result.length >= limit) break;
      const label = this.labels.at(entry);
      if (labels.has(label)) continue;
      labels.add(label);
      result.push({ label, kind: KINDS[this.kinds[entry]!]!, detail: this.details.at(entry), latitude: this.latitudes[entry]!, longitude: this.longitudes[entry]! });
    }
    return result;
  }

  private readonly byRank = (a: Key, b: Key): number =>
    this.weights[b.entry]! - this.weights[a.entry]! ||
    a.key.length - b.key.length ||
    compare(a.key, b.key) ||
    compare(this.labels.at(a.entry), this.labels.at(b.entry));

  private sortKeys(keys: Key[]): Key[] {
    return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : this.weights[b.entry]! - this.weights[a.entry]!));
  }

  private keyOf(entry: number, prefix: string): string {
    return (
      this.entryKeys
        .at(entry)
        .split(KEY_SEPARATOR)
        .find((k) => k.startsWith(prefix)) ?? prefix
    );
  }

  private buildShort(keys: readonly Key[]): ShortLists {
    const all = new Map<string, Key[]>();
    for (const k of keys) {
      for (let n = 1; n <= Math.min(SHORT_PREFIX, k.key.length); n++) {
        const p = k.key.slice(0, n);
        const list = all.get(p) ?? [];
        list.push(k);
        all.set(p, list);
      }
    }
    const lists = new Map<string, number[]>();
    for (const [p, list] of all) {
      list.sort(this.byRank);
      const best = new Set<number>();
      for (const { entry } of list) {
        best.add(entry);
        if (best.size >= KEEP) break;
      }
      lists.set(p, [...best]);
    }
    return new ShortLists(lists);
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Keys in sorted order, each with its entry. */
class KeyTable {
  private readonly keys: PackedStrings;
  private readonly entries: Uint32Array;

  constructor(sorted: readonly Key[]) {
    this.keys = new PackedStrings(sorted.map((k) => k.key));
    this.entries = Uint32Array.from(sorted, (k) => k.entry);
  }

  /** The keys starting with `prefix` (binary search for the first, then a scan). */
  *range(prefix: string): Generator<Key> {
    for (let i = this.keys.lowerBound(prefix); i < this.keys.length && this.keys.startsWith(i, prefix); i++) {
      yield { key: this.keys.at(i), entry: this.entries[i]! };
    }
  }
}

const NONE = new Uint32Array(0);

/** The best entries of each short prefix, every list in one array. */
class ShortLists {
  private readonly prefixes: PackedStrings;
  private readonly ends: Uint32Array;
  private readonly entries: Uint32Array;

  constructor(lists: ReadonlyMap<string, readonly number[]>) {
    const prefixes = [...lists.keys()].sort(compare);
    this.prefixes = new PackedStrings(prefixes);
    this.ends = new Uint32Array(prefixes.length);
    const entries: number[] = [];
    prefixes.forEach((p, i) => {
      entries.push(...lists.get(p)!);
      this.ends[i] = entries.length;
    });
    this.entries = Uint32Array.from(entries);
  }

  get(prefix: string): Uint32Array {
    const i = this.prefixes.lowerBound(prefix);
    if (i === this.prefixes.length || !this.prefixes.equals(i, prefix)) return NONE;
    return this.entries.subarray(i === 0 ? 0 : this.ends[i - 1], this.ends[i]);
  }
}
