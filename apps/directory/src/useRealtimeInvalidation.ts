// Keeps the listing results fresh: subscribes to the directory topic over socket.io (same origin)
// and invalidates the listing queries shortly after each change, so edits show without a reload.
import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { REALTIME_PATH, ReadModelChangedSchema, RealtimeEvents, RealtimeTopics } from '@afterwards/contracts';
import { LISTINGS_KEY_ROOT } from './api';

export const INVALIDATE_DEBOUNCE_MS = 200;
/** Longest the first results wait for the subscription before they are fetched anyway. */
export const FIRST_FETCH_WAIT_MS = 1_000;

/**
 * Returns whether the listings may be fetched: once the page has joined the topic's room (so no change
 * can fall between the first results and the subscription, and they need no second fetch), or once
 * FIRST_FETCH_WAIT_MS has passed without it (then the results are fetched again when the room is joined).
 * The socket.io client (~12 KB brotli) is its own chunk, fetched after the first render.
 */
export function useRealtimeInvalidation(queryClient: QueryClient): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const topic = RealtimeTopics.directoryListings;
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
        void queryClient.invalidateQueries({ queryKey: LISTINGS_KEY_ROOT });
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
  }, [queryClient]);
  return ready;
}
