/**
 * Many strings kept as one string and the offsets where each ends: two objects on the heap instead of one
 * per string. The gazetteer holds tens of thousands of names for the life of the process, and every full
 * garbage collection marks each object it holds again (decision 0035); a string is cut out on each read.
 */
export class PackedStrings {
  private readonly text: string;
  private readonly ends: Uint32Array;

  constructor(values: readonly string[]) {
    this.text = values.join('');
    this.ends = new Uint32Array(values.length);
    let end = 0;
    for (let i = 0; i < values.length; i++) {
      end += values[i]!.length;
      this.ends[i] = end;
    }
  }

  get length(): number {
    return this.ends.length;
  }

  at(index: number): string {
    return this.text.slice(this.start(index), this.ends[index]);
  }

  /** Whether the string at `index` starts with `prefix` (without cutting it out). */
  startsWith(index: number, prefix: string): boolean {
    const start = this.start(index);
    return this.ends[index]! - start >= prefix.length && this.text.startsWith(prefix, start);
  }

  /** Whether the string at `index` is `value`. */
  equals(index: number, value: string): boolean {
    return this.ends[index]! - this.start(index) === value.length && this.startsWith(index, value);
  }

  /** The first index from `from` on whose string is not below `value` (as `<` orders strings), the strings being sorted. */
  lowerBound(value: string, from = 0): number {
    let lo = from;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private start(index: number): number {
    return index === 0 ? 0 : this.ends[index - 1]!;
  }

  /** The string at `index` against `value`, code unit by code unit, as `<` compares them. */
  private compare(index: number, value: string): number {
    const start = this.start(index);
    const length = this.ends[index]! - start;
    const common = Math.min(length, value.length);
    for (let k = 0; k < common; k++) {
      const difference = this.text.charCodeAt(start + k) - value.charCodeAt(k);
      if (difference !== 0) return difference;
    }
    return length - value.length;
  }
}
