// The screen's calls (routes in libs/contracts/src/promotions.ts), each answer checked against the
// shared schemas by staffRequest.
import {
  ADMIN_PROMOTIONS_PATH,
  ADMIN_SETTINGS_PATH,
  AdminPromotionListSchema,
  AdminPromotionSchema,
  AdminSettingsResponseSchema,
  PROMOTION_MESSAGES,
  PromotableBusinessesSchema,
  type CreatePromotionRequest,
  type EditPromotionRequest,
  type PromotionListQuery,
} from '@afterwards/contracts';
import { ApiError, queryString, staffRequest } from '@afterwards/web-staff';

export const PROMOTIONS_KEY = ['admin-promotions'] as const;
export const keys = {
  list: (query: PromotionListQuery) => [...PROMOTIONS_KEY, 'list', query] as const,
  lists: [...PROMOTIONS_KEY, 'list'] as const,
  businesses: [...PROMOTIONS_KEY, 'businesses'] as const,
  settings: [...PROMOTIONS_KEY, 'settings'] as const,
};

const one = (id: string) => `${ADMIN_PROMOTIONS_PATH}/${encodeURIComponent(id)}`;

export const promotionsApi = {
  list: (query: PromotionListQuery, signal?: AbortSignal) =>
    staffRequest('GET', `${ADMIN_PROMOTIONS_PATH}${queryString({ status: query.status, plan: query.plan, q: query.q?.trim(), listingId: query.listingId })}`, { schema: AdminPromotionListSchema, signal }),
  businesses: (signal?: AbortSignal) => staffRequest('GET', `${ADMIN_PROMOTIONS_PATH}/businesses`, { schema: PromotableBusinessesSchema, signal }),
  /** Plan titles, prices and days, and the maximum duration, as the server will apply them. */
  settings: (signal?: AbortSignal) => staffRequest('GET', ADMIN_SETTINGS_PATH, { schema: AdminSettingsResponseSchema, signal }),
  create: (body: CreatePromotionRequest) => staffRequest('POST', ADMIN_PROMOTIONS_PATH, { body, schema: AdminPromotionSchema }),
  edit: (id: string, body: EditPromotionRequest) => staffRequest('PUT', one(id), { body, schema: AdminPromotionSchema }),
  renew: (id: string, expectedVersion: number) => staffRequest('POST', `${one(id)}/renew`, { body: { expectedVersion }, schema: AdminPromotionSchema }),
  cancel: (id: string, expectedVersion: number) => staffRequest('POST', `${one(id)}/cancel`, { body: { expectedVersion }, schema: AdminPromotionSchema }),
  start: (id: string, expectedVersion: number) => staffRequest('POST', `${one(id)}/start`, { body: { expectedVersion }, schema: AdminPromotionSchema }),
};

/** A write refused because the promotion changed since the screen read it (a stale `expectedVersion`). */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && (error.code === 'PROMOTION_CHANGED' || error.message === PROMOTION_MESSAGES.changed);
}

/**
 * The message for a failed write: the server's reason when it refused the request (e.g. 'Only an active
 * promotion can be cancelled'), else the spec's 'Failed to … Please try again.'
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (isStale(error)) return PROMOTION_MESSAGES.changed;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.problem.code && error.message) return error.message;
  return fallback;
}
