// The one way a screen calls the JSON API: same origin with the session cookie, failures as ApiError,
// answers checked against the shared contract when a schema is given, so a screen never renders a shape
// it does not expect.
import { ApiError, NETWORK_ERROR_MESSAGE, problemToError, UNEXPECTED_ERROR_MESSAGE } from './api-error';

/**
 * A contract's schema, classic zod or zod/mini (libs/contracts: decision 0024): both parse the same way.
 * Called as a method, so a screen adds no zod code of its own beside the schemas it imports.
 */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T> {
  body?: unknown;
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
}

export async function requestJson<T = unknown>(method: string, url: string, options: RequestOptions<T> = {}): Promise<T> {
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
  return parseAnswer(options.schema, json, response.status);
}

/** An answer checked against its contract; a mismatch is an ApiError, not a half-rendered screen. */
export function parseAnswer<T>(schema: AnswerSchema<T>, body: unknown, status = 200): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(status, 'UNEXPECTED_RESPONSE', UNEXPECTED_ERROR_MESSAGE);
  return parsed.data;
}

/** Query string of the defined, non-empty values. */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}
