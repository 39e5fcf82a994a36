import { useCallback, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useStaffChanges } from './realtime';

export interface LiveList {
  /** Refetches every query under the list's key. */
  refresh: () => void;
  /** Runs one of the screen's own writes: live changes wait while it is in flight, and it refetches when it settles. */
  track: <T>(write: () => Promise<T>) => Promise<T>;
}

/**
 * A staff list kept fresh by other staff's changes. While the screen's own writes are in flight a refetch
 * could briefly show the old entries, so live changes wait for the answers (each write refetches when it
 * settles). `queryKey` is the list's constant root key.
 */
export function useLiveList(queryKey: QueryKey, debounceMs?: number): LiveList {
  const queryClient = useQueryClient();
  const writes = useRef(0);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  useStaffChanges(
    useCallback(() => {
      if (writes.current === 0) refresh();
    }, [refresh]),
    debounceMs,
  );
  const track = useCallback(
    async <T>(write: () => Promise<T>): Promise<T> => {
      writes.current += 1;
      try {
        return await write();
      } finally {
        writes.current -= 1;
        refresh();
      }
    },
    [refresh],
  );
  return { refresh, track };
}
