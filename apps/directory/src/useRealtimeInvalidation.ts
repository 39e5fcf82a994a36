// Keeps the listing results fresh: subscribes to the directory topic over socket.io (same origin)
// and invalidates the listing queries shortly after each change, so edits show without a reload.
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { REALTIME_PATH, ReadModelChangedSchema, RealtimeEvents, RealtimeTopics } from '@afterwards/contracts';
import { LISTINGS_KEY_ROOT } from './api';

export const INVALIDATE_DEBOUNCE_MS = 200;

export function useRealtimeInvalidation(queryClient: QueryClient) {
  useEffect(() => {
    const topic = RealtimeTopics.directoryListings;
    const socket = io({ path: REALTIME_PATH, reconnectionDelayMax: 15_000 });
    let timer: number | undefined;

    const invalidateSoon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: LISTINGS_KEY_ROOT });
      }, INVALIDATE_DEBOUNCE_MS);
    };

    socket.on('connect', () => {
      // Refetch once the room is joined: a change committed between the first fetch and the
      // subscription (or while disconnected) would otherwise never be pushed to this page.
      socket.emit(RealtimeEvents.subscribe, topic, () => invalidateSoon());
    });
    socket.on(RealtimeEvents.readModelChanged, (payload: unknown) => {
      const event = ReadModelChangedSchema.safeParse(payload);
      if (event.success && event.data.topic === topic) invalidateSoon();
    });

    return () => {
      window.clearTimeout(timer);
      if (socket.connected) socket.emit(RealtimeEvents.unsubscribe, topic);
      socket.disconnect();
    };
  }, [queryClient]);
}
