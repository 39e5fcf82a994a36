// @afterwards/web-staff: what every back-office screen shares: the API client and live updates.
export { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE, errorMessage, fieldErrors, problemToError, queryString, staffRequest } from './api';
export { MAX_REALTIME_ERRORS, REALTIME_DEBOUNCE_MS, enableRealtime, useRealtimeStatus, useStaffChanges, type RealtimeStatus } from './realtime';
export { relativeTime, formatPounds, formatDateTime } from './format';
export { uploadFile, type UploadOptions } from './upload';
export { chainBadge, fetchAuditChain, type ChainTone } from './audit-chain';
