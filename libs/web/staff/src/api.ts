// The back office's one way to call the API: same-origin JSON with the staff session cookie, failures as
// ApiError carrying the problem's code, message and field errors (contracts: libs/contracts/src/admin.ts).
import { ProblemDetailsSchema, type ProblemDetails } from '@afterwards/contracts';
import type { ZodType } from 'zod';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: { path: string; message: string }[];
  readonly problem: Partial<ProblemDetails>;

  constructor(status: number, code: string, message: string, errors: { path: string; message: string }[] = [], problem: Partial<ProblemDetails> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.problem = problem;
  }
}

export function problemToError(status: number, body: unknown): ApiError {
  const problem = ProblemDetailsSchema.safeParse(body);
  if (!problem.success) return new ApiError(status, `HTTP_${status}`, UNEXPECTED_ERROR_MESSAGE);
  const { code, detail, title, errors } = problem.data;
  return new ApiError(status, code, detail || title || UNEXPECTED_ERROR_MESSAGE, errors ?? [], problem.data);
}

/** A readable message for any thrown value (for 'Failed to …: {message}'). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

/** Field errors of a refused form, keyed by field path (first message per field). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) for (const e of error.errors) out[e.path] ??= e.message;
  return out;
}

/** Query string of the defined, non-empty values. */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

/**
 * Calls the API. With `schema`, the answer is checked against the shared contract so a screen never
 * renders a shape it does not expect.
 */
export async function staffRequest<T = unknown>(method: string, url: string, options: { body?: unknown; schema?: ZodType<T>; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      signal: options.signal,
      headers: {
        accept: 'application/json, application/problem+json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw problemToError(response.status, json);
  if (!options.schema) return json as T;
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', UNEXPECTED_ERROR_MESSAGE);
  return parsed.data;
}
