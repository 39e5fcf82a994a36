// @afterwards/web-staff/queries: a staff screen's own TanStack Query cache and the live refresh of its list.
// Not part of the shared @afterwards/web-staff: TanStack Query is bundled into each remote, and its React
// context only reaches the hooks of the same copy, so these are built into each screen with that copy.
// The staff socket stays the shared one: useStaffChanges comes through the package's shared entry.
import { useCallback, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useStaffChanges } from '@afterwards/web-staff';

export { withOwnQueryClient } from '@afterwards/web-data';

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
