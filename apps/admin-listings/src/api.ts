// The screen's calls (routes in libs/contracts/src/admin.ts above ADMIN_LISTINGS_PATH), each checked
// against the shared schemas by staffRequest.
import {
  ADMIN_LISTINGS_PATH,
  ADMIN_PROMOTIONS_PATH,
  AdminPromotionListSchema,
  AdminPromotionSchema,
  AdminListingIdsResponseSchema,
  AdminListingSchema,
  AdminListingsResponseSchema,
  BulkListingResponseSchema,
  type AdminListingFilter,
  type AdminListingsQuery,
  type BulkListingRequest,
} from '@afterwards/contracts';
import { queryString, staffRequest } from '@afterwards/web-staff';

export const LISTINGS_KEY = ['admin-listings'] as const;
export const listingsPageKey = (query: AdminListingsQuery) => [...LISTINGS_KEY, 'page', query] as const;

const one = (id: string) => `${ADMIN_LISTINGS_PATH}/${encodeURIComponent(id)}`;

/** The filters as query parameters; 'all' and blanks are left out. */
function filterParams(filter: AdminListingFilter) {
  const keep = (v: string | undefined) => (v && v !== 'all' ? v : undefined);
  return { status: keep(filter.status), category: keep(filter.category), promoted: keep(filter.promoted), q: filter.q?.trim() || undefined };
}

export const listingsApi = {
  page: (query: AdminListingsQuery, signal?: AbortSignal) =>
    staffRequest('GET', `${ADMIN_LISTINGS_PATH}${queryString({ ...filterParams(query), sort: query.sort, order: query.order, page: query.page, pageSize: query.pageSize })}`, {
      schema: AdminListingsResponseSchema,
      signal,
    }),
  ids: (filter: AdminListingFilter) => staffRequest('GET', `${ADMIN_LISTINGS_PATH}/ids${queryString(filterParams(filter))}`, { schema: AdminListingIdsResponseSchema }),
  get: (id: string) => staffRequest('GET', one(id), { schema: AdminListingSchema }),
  create: (body: Record<string, unknown>) => staffRequest('POST', ADMIN_LISTINGS_PATH, { body, schema: AdminListingSchema }),
  edit: (id: string, body: Record<string, unknown>, expectedVersion: number) =>
    staffRequest('PUT', one(id), { body: { ...body, expectedVersion }, schema: AdminListingSchema }),
  approve: (id: string) => staffRequest('POST', `${one(id)}/approve`, { body: {}, schema: AdminListingSchema }),
  reject: (id: string, reason: string) => staffRequest('POST', `${one(id)}/reject`, { body: { reason }, schema: AdminListingSchema }),
  suspend: (id: string, reason: string) => staffRequest('POST', `${one(id)}/suspend`, { body: { reason }, schema: AdminListingSchema }),
  remove: (id: string) => staffRequest<void>('DELETE', one(id)),
  bulk: (request: BulkListingRequest) => staffRequest('POST', `${ADMIN_LISTINGS_PATH}/bulk`, { body: request, schema: BulkListingResponseSchema }),
};

/**
 * A business's promotions, for Remove Promotion: its featured place comes from them (decision 0048), so
 * removing it means cancelling them, under Promotions' own routes.
 */
export const listingPromotionsApi = {
  running: (listingId: string, signal?: AbortSignal) =>
    staffRequest('GET', `${ADMIN_PROMOTIONS_PATH}${queryString({ listingId, status: 'Active' })}`, { schema: AdminPromotionListSchema, signal }),
  cancel: (id: string, expectedVersion: number) =>
    staffRequest('POST', `${ADMIN_PROMOTIONS_PATH}/${encodeURIComponent(id)}/cancel`, { body: { expectedVersion }, schema: AdminPromotionSchema }),
};
