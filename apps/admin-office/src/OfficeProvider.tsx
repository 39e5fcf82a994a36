// Every exposed section renders inside the remote's own query cache and listens for staff changes.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useStaffChanges } from '@afterwards/web-staff';
import { officeQueryClient } from './api';
import '@afterwards/web-ui/back-office';
import './office.css';

export function OfficeProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={officeQueryClient}>{children}</QueryClientProvider>;
}

/**
 * Refetches the given queries whenever another staff member or an operator tool changes something
 * (and after each reconnect, when changes may have been missed).
 */
export function useLiveQueries(queryKeys: ReadonlyArray<readonly unknown[]>): void {
  useStaffChanges(() => {
    for (const queryKey of queryKeys) void officeQueryClient.invalidateQueries({ queryKey });
  });
}
