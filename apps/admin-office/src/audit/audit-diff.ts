// Old and new values of an audit entry as rows of a two-column diff. Values are turned into plain text
// (JSON pretty-printed); the screen renders that text, never markup.

export interface DiffRow {
  /** The field name; '' when the values are not objects (the whole value is one row). */
  key: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text of one value: strings as they are, everything else as indented JSON; null when absent. */
export function formatAuditValue(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!sameValue(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/**
 * Rows for every key of either side (old keys first, then keys only the new values have). A missing or
 * null side counts as an empty object, so a created record lists its new fields and a deleted one its old.
 */
export function auditDiff(oldValues: unknown, newValues: unknown): DiffRow[] {
  const before = oldValues ?? undefined;
  const after = newValues ?? undefined;
  if (before === undefined && after === undefined) return [];
  if ((before === undefined || isRecord(before)) && (after === undefined || isRecord(after))) {
    const b = before ?? {};
    const a = after ?? {};
    const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))];
    return keys.map((key) => ({
      key,
      before: key in b ? formatAuditValue(b[key]) : null,
      after: key in a ? formatAuditValue(a[key]) : null,
      changed: !(key in b && key in a && sameValue(b[key], a[key])),
    }));
  }
  return [{ key: '', before: formatAuditValue(before), after: formatAuditValue(after), changed: !sameValue(before, after) }];
}
