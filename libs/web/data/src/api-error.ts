// How every screen sees a failed API call: one error type carrying the HTTP status (0 when there was no
// answer), the problem's stable code, its message and its field errors (problem details, RFC 9457, as
// the API sends them: libs/contracts/src/problem.ts).
import { ProblemDetailsSchema, type ProblemDetails } from '@afterwards/contracts';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  readonly problem: Partial<ProblemDetails>;

  constructor(status: number, code: string, message: string, errors: FieldError[] = [], problem: Partial<ProblemDetails> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.problem = problem;
  }

  /** True when the request never got an answer (offline, DNS, connection reset). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The error a failed answer stands for: the problem's detail (or title) when the body is problem details. */
export function problemToError(status: number, body: unknown): ApiError {
  const problem = ProblemDetailsSchema.safeParse(body);
  if (!problem.success) return new ApiError(status, `HTTP_${status}`, UNEXPECTED_ERROR_MESSAGE);
  const { code, detail, title, errors } = problem.data;
  return new ApiError(status, code, detail || title || UNEXPECTED_ERROR_MESSAGE, errors ?? [], problem.data);
}

/** A readable message for any thrown value (for 'Failed to ...: {message}' toasts). */
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

/** Field errors (`fieldErrors`) for a form's own fields, by the first part of their path; the rest stay general. */
export function formFieldErrors<F extends string>(errors: Record<string, string>, fields: ReadonlySet<string>): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? '';
    if (fields.has(field)) out[field as F] ??= message;
  }
  return out;
}
