// Keeps a screen's server state fresh: subscribes to a realtime topic over socket.io (same origin) and
// invalidates the screen's queries shortly after each change, so changes show without a reload.
import { useEffect, useState } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { REALTIME_PATH, ReadModelChangedSchema, RealtimeEvents } from '@afterwards/contracts';

export const INVALIDATE_DEBOUNCE_MS = 200;
/** Longest the first results wait for the subscription before they are fetched anyway. */
export const FIRST_FETCH_WAIT_MS = 1_000;

export interface RealtimeInvalidation {
  /** The topic's room (a public topic, or a private one the session may join). */
  topic: string;
  /** The queries a change of the topic makes stale (a prefix: every query under it). */
  queryKey: QueryKey;
}

/**
 * Returns whether the queries may be fetched: once the page has joined the topic's room (so no change
 * can fall between the first answer and the subscription, and it needs no second fetch), or once
 * FIRST_FETCH_WAIT_MS has passed without it (then the queries are fetched again when the room is joined).
 * The socket.io client (~12 KB brotli) is its own chunk, fetched after the first render.
 */
export function useRealtimeInvalidation(queryClient: QueryClient, { topic, queryKey }: RealtimeInvalidation): boolean {
  const [ready, setReady] = useState(false);
  // A key written inline is a new array each render; its contents decide when to resubscribe.
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const queryKey = JSON.parse(key) as QueryKey;
    let socket: Socket | undefined;
    let closed = false;
    let fetchAllowed = false;
    let timer: number | undefined;

    const allowFetch = () => {
      if (fetchAllowed) return;
      fetchAllowed = true;
      setReady(true);
    };
    const waitLimit = window.setTimeout(allowFetch, FIRST_FETCH_WAIT_MS);

    const invalidateSoon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey });
      }, INVALIDATE_DEBOUNCE_MS);
    };

    void import('socket.io-client').then(
      ({ io }) => {
        if (closed) return;
        const live = io({ path: REALTIME_PATH, reconnectionDelayMax: 15_000 });
        socket = live;
        live.on('connect', () => {
          live.emit(RealtimeEvents.subscribe, topic, () => {
            // Results fetched before the room was joined (the wait ran out, or this is a reconnection)
            // may have missed a change that was never pushed to this page: fetch them again.
            if (fetchAllowed) invalidateSoon();
            else allowFetch();
          });
        });
        live.on('connect_error', allowFetch);
        live.on(RealtimeEvents.readModelChanged, (payload: unknown) => {
          const event = ReadModelChangedSchema.safeParse(payload);
          if (event.success && event.data.topic === topic) invalidateSoon();
        });
      },
      allowFetch,
    );

    return () => {
      closed = true;
      window.clearTimeout(timer);
      window.clearTimeout(waitLimit);
      if (socket?.connected) socket.emit(RealtimeEvents.unsubscribe, topic);
      socket?.disconnect();
    };
  }, [queryClient, topic, key]);
  return ready;
}
