// @afterwards/web-data: how every screen talks to the API: one fetch wrapper, one error type, and live
// invalidation of TanStack Query caches from the realtime topics. The sign-in client is its own entry
// point: @afterwards/web-data/auth.
export { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE, errorMessage, fieldErrors, formFieldErrors, problemToError, type FieldError } from './api-error';
export { parseAnswer, queryString, requestJson, type AnswerSchema, type RequestOptions } from './request';
export { uploadFile, type UploadOptions } from './upload';
export { settled } from './settle';
export { FIRST_FETCH_WAIT_MS, INVALIDATE_DEBOUNCE_MS, INVALIDATE_MAX_WAIT_MS, subscribeToTopic, useRealtimeInvalidation, type RealtimeInvalidation, type TopicSubscription } from './realtime';
export { SCREEN_QUERY_DEFAULTS, withOwnQueryClient } from './query-client';
