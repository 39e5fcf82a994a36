// The back-office calls this remote makes (contracts: libs/contracts/src/admin.ts), and its one query cache.
import { QueryClient } from '@tanstack/react-query';
import {
  ADMIN_AUDIT_PATH,
  ADMIN_DASHBOARD_PATH,
  ADMIN_SETTINGS_PATH,
  AdminDashboardSchema,
  AdminSettingsResponseSchema,
  AuditFiltersResponseSchema,
  AuditLogResponseSchema,
  type AdminSettings,
  type AuditLogQuery,
} from '@afterwards/contracts';
import { queryString, staffRequest } from '@afterwards/web-staff';

export const keys = {
  dashboard: ['admin', 'dashboard'] as const,
  settings: ['admin', 'settings'] as const,
  auditFilters: ['admin', 'audit', 'filters'] as const,
  auditLog: (query: AuditLogQuery) => ['admin', 'audit', 'log', query] as const,
};

/**
 * One cache for every section of this remote, so going back to a section shows what it had while it
 * refreshes. Live updates (useStaffChanges) keep it current, so data stays fresh for a minute.
 */
export const officeQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 60_000, refetchOnWindowFocus: true } },
});

export const fetchDashboard = (signal?: AbortSignal) => staffRequest('GET', ADMIN_DASHBOARD_PATH, { schema: AdminDashboardSchema, signal });

export const fetchSettings = (signal?: AbortSignal) => staffRequest('GET', ADMIN_SETTINGS_PATH, { schema: AdminSettingsResponseSchema, signal });

export const saveSettings = (settings: AdminSettings, expectedVersion: number | undefined) =>
  staffRequest('PUT', ADMIN_SETTINGS_PATH, { body: { settings, expectedVersion }, schema: AdminSettingsResponseSchema });

/** The contract does not say what reset answers; the screen reloads the settings after it. */
export const resetSettings = () => staffRequest('POST', `${ADMIN_SETTINGS_PATH}/reset`);

export const fetchAuditFilters = (signal?: AbortSignal) => staffRequest('GET', `${ADMIN_AUDIT_PATH}/filters`, { schema: AuditFiltersResponseSchema, signal });

export const fetchAuditLog = (query: AuditLogQuery, signal?: AbortSignal) =>
  staffRequest('GET', `${ADMIN_AUDIT_PATH}${queryString({ ...query })}`, { schema: AuditLogResponseSchema, signal });
