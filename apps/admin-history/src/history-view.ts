// Pure rules of the History screen: where it is in the address bar, how values and filters are shown.
import type { GlobalLogQuery, HistoryEvent } from '@afterwards/contracts';

/** What the screen shows: a search, one record's events, one correlation across records, or the global log. */
export type HistoryView = { kind: 'search'; q: string } | { kind: 'stream'; streamId: string } | { kind: 'correlation'; id: string } | { kind: 'log' };

/** The view named by the address bar's query (`?stream=`, `?correlation=`, `?view=log`, `?q=`). */
export function viewFromSearch(search: string): HistoryView {
  const params = new URLSearchParams(search);
  const stream = params.get('stream');
  if (stream) return { kind: 'stream', streamId: stream };
  const correlation = params.get('correlation');
  if (correlation) return { kind: 'correlation', id: correlation };
  if (params.get('view') === 'log') return { kind: 'log' };
  return { kind: 'search', q: params.get('q') ?? '' };
}

/** The query string for a view, so a reload or a shared address opens the same thing. */
export function searchForView(view: HistoryView): string {
  const params = new URLSearchParams();
  if (view.kind === 'stream') params.set('stream', view.streamId);
  else if (view.kind === 'correlation') params.set('correlation', view.id);
  else if (view.kind === 'log') params.set('view', 'log');
  else if (view.q) params.set('q', view.q);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A value as text for the diff and the data: strings as they are, the rest as JSON; missing as an em dash. */
export function valueText(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? String(value);
}

export const CHANGE_LABELS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

/** Filters of the global log as typed in the form (datetime-local text in the browser's zone). */
export interface LogFilters {
  type: string;
  actor: string;
  from: string;
  to: string;
}
export const NO_LOG_FILTERS: LogFilters = { type: '', actor: '', from: '', to: '' };

/** `2026-11-23T14:05` (local) as an ISO instant; '' stays empty and so does text that is not a time. */
export function localToIso(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

export type LogRequest = { ok: true; query: GlobalLogQuery } | { ok: false; error: string };

/** The API query for the form's filters and the page's cursor, or why the range cannot be asked. */
export function logQuery(filters: LogFilters, before: string | undefined): LogRequest {
  const from = localToIso(filters.from);
  const to = localToIso(filters.to);
  if (from && to && from >= to) return { ok: false, error: 'The end of the range must be after its start.' };
  return { ok: true, query: { type: filters.type || undefined, actor: filters.actor || undefined, from, to, before } };
}

/** 'by Hana History', 'by a family member', 'by the system'. */
export function actorText(event: Pick<HistoryEvent, 'actor'>): string {
  if (event.actor.kind === 'family') return 'Family member';
  if (event.actor.kind === 'system') return 'System';
  return event.actor.name;
}
