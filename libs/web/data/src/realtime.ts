// Keeps a screen's server state fresh: subscribes to a realtime topic over socket.io (same origin) and
// invalidates the screen's queries shortly after each change, so changes show without a reload. One
// implementation for every screen: `subscribeToTopic` (for a store that outlives its components) and the
// `useRealtimeInvalidation` hook around it.
import { useEffect, useState } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { REALTIME_CLIENT_TRANSPORTS, REALTIME_PATH, ReadModelChangedSchema, RealtimeEvents } from '@afterwards/contracts';
import { settled } from './settle';

export const INVALIDATE_DEBOUNCE_MS = 200;
/** A steady stream of changes still refetches this often. */
export const INVALIDATE_MAX_WAIT_MS = 1_000;
/** Longest the first results wait for the subscription before they are fetched anyway. */
export const FIRST_FETCH_WAIT_MS = 1_000;

export interface RealtimeInvalidation {
  /** The topic's room (a public topic, or a private one the session may join). */
  topic: string;
  /** The queries a change of the topic makes stale (a prefix: every query under it). */
  queryKey: QueryKey;
}

export interface TopicSubscription extends RealtimeInvalidation {
  /** The queries may now be fetched (the room is joined, or the wait for it ran out). Called once. */
  onReady?: () => void;
  /**
   * A change of the topic, with the ids the message names. Without it the queries are invalidated
   * (debounced); with it the screen decides (for example refetching only those records).
   */
  onChange?: (ids: readonly string[]) => void;
  /** The room was joined (again): anything cached may have missed changes, and is invalidated. */
  onJoined?: () => void;
  /** The connection dropped without the page asking for it. */
  onConnectionLost?: () => void;
  /** Longest wait for the join before `onReady` (default FIRST_FETCH_WAIT_MS). */
  firstFetchWaitMs?: number;
}

/**
 * Subscribes to a topic; returns the function that stops. The first results wait for the join (so no
 * change can fall between the first answer and the subscription, and they need no second fetch), or for
 * `firstFetchWaitMs` without it; once joined, queries already holding data are fetched again, since a
 * change may have been missed while there was no subscription. The socket.io client (~12 KB brotli) is
 * its own chunk, fetched after the first render.
 */
export function subscribeToTopic(queryClient: QueryClient, options: TopicSubscription): () => void {
  const { topic, queryKey } = options;
  let socket: Socket | undefined;
  let closed = false;
  let ready = false;
  const refetch = settled(() => void queryClient.invalidateQueries({ queryKey }), INVALIDATE_DEBOUNCE_MS, INVALIDATE_MAX_WAIT_MS);

  const allowFetch = () => {
    if (ready) return;
    ready = true;
    options.onReady?.();
  };
  const waitLimit = setTimeout(allowFetch, options.firstFetchWaitMs ?? FIRST_FETCH_WAIT_MS);
  const hasData = () => queryClient.getQueriesData({ queryKey }).some(([, data]) => data !== undefined);

  const invalidateSoon = () => refetch.push();

  void import('socket.io-client').then(
    ({ io }) => {
      if (closed) return;
      const live = io({ path: REALTIME_PATH, ...REALTIME_CLIENT_TRANSPORTS, reconnectionDelayMax: 15_000 });
      socket = live;
      live.on('connect', () => {
        live.emit(RealtimeEvents.subscribe, topic, () => {
          if (closed) return;
          clearTimeout(waitLimit);
          options.onJoined?.();
          // Results fetched before this join (the wait ran out, a reconnection, or a cache kept from an
          // earlier visit) may have missed a change that was never pushed to this page.
          const stale = ready || hasData();
          allowFetch();
          if (stale) invalidateSoon();
        });
      });
      live.on('connect_error', allowFetch);
      live.on('disconnect', (reason) => {
        if (reason !== 'io client disconnect') options.onConnectionLost?.();
      });
      live.on(RealtimeEvents.readModelChanged, (payload: unknown) => {
        const event = ReadModelChangedSchema.safeParse(payload);
        if (!event.success || event.data.topic !== topic) return;
        if (options.onChange) options.onChange(event.data.ids);
        else invalidateSoon();
      });
    },
    allowFetch,
  );

  return () => {
    closed = true;
    refetch.cancel();
    clearTimeout(waitLimit);
    if (socket?.connected) socket.emit(RealtimeEvents.unsubscribe, topic);
    socket?.disconnect();
  };
}

/**
 * The hook for a screen whose queries live while it is mounted: returns whether they may be fetched
 * (pass it as the queries' `enabled`).
 */
export function useRealtimeInvalidation(queryClient: QueryClient, { topic, queryKey }: RealtimeInvalidation): boolean {
  const [ready, setReady] = useState(false);
  // A key written inline is a new array each render; its contents decide when to resubscribe.
  const key = JSON.stringify(queryKey);
  useEffect(
    () => subscribeToTopic(queryClient, { topic, queryKey: JSON.parse(key) as QueryKey, onReady: () => setReady(true) }),
    [queryClient, topic, key],
  );
  return ready;
}
