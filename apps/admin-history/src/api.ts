// The screen's calls (routes in libs/contracts/src/history.ts), each answer checked against the shared
// schemas by staffRequest. Every call reads: the screen has nothing to write.
import {
  CorrelationResponseSchema,
  GlobalLogResponseSchema,
  HISTORY_API,
  HistoryFiltersSchema,
  StreamHistorySchema,
  StreamSearchResponseSchema,
  StreamStateSchema,
  historyStreamPath,
  type GlobalLogQuery,
} from '@afterwards/contracts';
import { queryString, staffRequest } from '@afterwards/web-staff';

export const HISTORY_KEY = ['admin-history'] as const;
export const keys = {
  search: (q: string) => [...HISTORY_KEY, 'search', q] as const,
  stream: (streamId: string) => [...HISTORY_KEY, 'stream', streamId] as const,
  state: (streamId: string, version: number) => [...HISTORY_KEY, 'state', streamId, version] as const,
  correlation: (id: string) => [...HISTORY_KEY, 'correlation', id] as const,
  log: (query: Partial<GlobalLogQuery>) => [...HISTORY_KEY, 'log', query] as const,
  filters: [...HISTORY_KEY, 'filters'] as const,
};

export const historyApi = {
  search: (q: string, signal?: AbortSignal) => staffRequest('GET', `${HISTORY_API}/streams${queryString({ q })}`, { schema: StreamSearchResponseSchema, signal }),
  stream: (streamId: string, signal?: AbortSignal) => staffRequest('GET', historyStreamPath(streamId), { schema: StreamHistorySchema, signal }),
  state: (streamId: string, version: number, signal?: AbortSignal) =>
    staffRequest('GET', `${historyStreamPath(streamId)}/state${queryString({ version })}`, { schema: StreamStateSchema, signal }),
  correlation: (id: string, signal?: AbortSignal) => staffRequest('GET', `${HISTORY_API}/correlation/${encodeURIComponent(id)}`, { schema: CorrelationResponseSchema, signal }),
  log: (query: Partial<GlobalLogQuery>, signal?: AbortSignal) =>
    staffRequest('GET', `${HISTORY_API}/events${queryString({ type: query.type, actor: query.actor, from: query.from, to: query.to, before: query.before })}`, {
      schema: GlobalLogResponseSchema,
      signal,
    }),
  filters: (signal?: AbortSignal) => staffRequest('GET', `${HISTORY_API}/filters`, { schema: HistoryFiltersSchema, signal }),
};

/** The export downloads: plain links, so the browser saves the server's file with its own name. */
export const exportHref = (streamId: string, format: 'json' | 'csv') => `${historyStreamPath(streamId)}/export.${format}`;
