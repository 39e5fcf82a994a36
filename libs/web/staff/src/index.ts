// @afterwards/web-staff: what every back-office screen shares: the API client and live updates.
// The API client is the shared one (@afterwards/web-data); staffRequest is its name on staff screens.
export { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE, errorMessage, fieldErrors, formFieldErrors, problemToError, queryString, requestJson as staffRequest } from '@afterwards/web-data';
export { MAX_REALTIME_ERRORS, REALTIME_DEBOUNCE_MS, enableRealtime, useRealtimeStatus, useStaffChanges, type RealtimeStatus } from './realtime';
export { relativeTime, formatPounds, formatDateTime } from './format';
export { uploadFile, type UploadOptions } from '@afterwards/web-data';
export { chainBadge, fetchAuditChain, type ChainTone } from './audit-chain';
// The CSV import dialog is `@afterwards/web-staff/csv-import`, so screens without one do not bundle it.
// What holds TanStack Query's React context is `@afterwards/web-staff/queries`: see there.
export { canStart, checkSummary, errorsToShow, importButtonText, newRowsOf, nothingNewText, progressText, resultText, stageOf, type CsvStage } from './csv-import/csv-import-view';
