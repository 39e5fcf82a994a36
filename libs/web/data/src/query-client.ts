// A screen loaded into a shell owns its server state: its own TanStack Query cache, so two screens (or two
// mounts of one) never share cached answers and leaving a screen drops its cache with it.
import { createElement, useState, type ComponentType } from 'react';
import { QueryClient, QueryClientProvider, type DefaultOptions } from '@tanstack/react-query';

/** Fresh for 30 seconds, kept 5 minutes, one retry, refetched when the window regains focus. */
export const SCREEN_QUERY_DEFAULTS = { staleTime: 30_000, gcTime: 300_000, retry: 1, refetchOnWindowFocus: true } as const;

/** `Screen` inside a QueryClient of its own, created once per mount; `queries` overrides the defaults. */
export function withOwnQueryClient<P extends object>(Screen: ComponentType<P>, queries: DefaultOptions['queries'] = {}): ComponentType<P> {
  function OwnQueryClient(props: P) {
    const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { ...SCREEN_QUERY_DEFAULTS, ...queries } } }));
    return createElement(QueryClientProvider, { client }, createElement(Screen, props));
  }
  OwnQueryClient.displayName = `withOwnQueryClient(${Screen.displayName ?? Screen.name})`;
  return OwnQueryClient;
}
