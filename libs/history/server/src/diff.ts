import type { FieldChange } from '@afterwards/contracts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Field-by-field differences between two states, as dotted paths (`details.name`, `tasks.2.status`).
 * Objects and arrays are walked; anything else is compared as JSON.
 */
export function diffStates(before: unknown, after: unknown, path = ''): FieldChange[] {
  if ((isObject(before) && isObject(after)) || (Array.isArray(before) && Array.isArray(after))) {
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    if (!Array.isArray(before)) keys.sort();
    return keys.flatMap((key) => {
      const child = path ? `${path}.${key}` : key;
      if (!(key in b) || b[key] === undefined) return a[key] === undefined ? [] : [{ path: child, change: 'added' as const, after: a[key] }];
      if (!(key in a) || a[key] === undefined) return [{ path: child, change: 'removed' as const, before: b[key] }];
      return diffStates(b[key], a[key], child);
    });
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path: path || '(state)', change: 'changed', before, after }];
}

/** The same changes without their values: what a reviewer may see of a family's memory. */
export function withoutValues(changes: readonly FieldChange[]): FieldChange[] {
  // Array indexes and record keys (document or task ids) stay; only the values go.
  return changes.map(({ path, change }) => ({ path, change }));
}
