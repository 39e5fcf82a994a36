// The screen's calls (routes in libs/contracts/src/organisations.ts), each answer checked against the
// shared schemas by staffRequest.
import {
  ADMIN_ORGANISATIONS_PATH,
  AdminOrganisationListSchema,
  AdminOrganisationSchema,
  MissingOrganisationsSchema,
  ORGANISATION_MESSAGES,
  type AdminOrganisationListQuery,
  type OrganisationRequest,
} from '@afterwards/contracts';
import { ApiError, queryString, staffRequest } from '@afterwards/web-staff';

export const ORGANISATIONS_KEY = ['admin-organisations'] as const;
export const keys = {
  list: (query: AdminOrganisationListQuery) => [...ORGANISATIONS_KEY, 'list', query] as const,
  lists: [...ORGANISATIONS_KEY, 'list'] as const,
  missing: [...ORGANISATIONS_KEY, 'missing'] as const,
};

const one = (id: string) => `${ADMIN_ORGANISATIONS_PATH}/${encodeURIComponent(id)}`;

export const organisationsApi = {
  list: (query: AdminOrganisationListQuery, signal?: AbortSignal) =>
    staffRequest('GET', `${ADMIN_ORGANISATIONS_PATH}${queryString({ q: query.q?.trim(), kind: query.kind, status: query.status })}`, { schema: AdminOrganisationListSchema, signal }),
  /** Names families typed for organisations the directory lacks, counted (nothing else about them). */
  missing: (signal?: AbortSignal) => staffRequest('GET', `${ADMIN_ORGANISATIONS_PATH}/missing`, { schema: MissingOrganisationsSchema, signal }),
  add: (body: OrganisationRequest) => staffRequest('POST', ADMIN_ORGANISATIONS_PATH, { body, schema: AdminOrganisationSchema }),
  edit: (id: string, body: OrganisationRequest, expectedVersion: number) => staffRequest('PUT', one(id), { body: { ...body, expectedVersion }, schema: AdminOrganisationSchema }),
  retire: (id: string, expectedVersion: number) => staffRequest('POST', `${one(id)}/retire`, { body: { expectedVersion }, schema: AdminOrganisationSchema }),
  restore: (id: string, expectedVersion: number) => staffRequest('POST', `${one(id)}/restore`, { body: { expectedVersion }, schema: AdminOrganisationSchema }),
};

/** A write refused because the entry changed since the screen read it (a stale `expectedVersion`). */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.problem.code === 'ORGANISATION_CHANGED';
}

/** The message for a failed write: the server's reason when it refused the request, else a plain 'try again'. */
export function failureMessage(error: unknown, fallback: string = ORGANISATION_MESSAGES.saveFailed): string {
  if (isStale(error)) return ORGANISATION_MESSAGES.changed;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.problem.code && error.message) return error.message;
  return fallback;
}
