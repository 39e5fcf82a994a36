import type { ProblemDetails } from '@afterwards/contracts';

/**
 * Maps stable error codes to HTTP statuses. Contexts register their own codes when their module
 * loads, so the shared exception filter needs no knowledge of any context.
 */
const statusByCode = new Map<string, number>([
  ['VALIDATION_FAILED', 400],
  ['UNSAFE_TEXT', 400],
  ['MALFORMED_URL', 400],
  ['URL_TOO_LONG', 431],
  ['HEADERS_TOO_LARGE', 431],
  ['MALFORMED_REQUEST', 400],
  ['REQUEST_TIMEOUT', 408],
  ['NOT_FOUND', 404],
  ['STREAM_CONFLICT', 409],
  ['RATE_LIMITED', 429],
  ['NOT_AVAILABLE', 503],
  ['INTERNAL', 500],
]);

export function registerErrorCodes(codes: Record<string, number>): void {
  for (const [code, status] of Object.entries(codes)) statusByCode.set(code, status);
}

export function statusForCode(code: string): number | undefined {
  return statusByCode.get(code);
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(
  status: number,
  code: string,
  detail?: string,
  extra: Partial<Pick<ProblemDetails, 'errors' | 'instance' | 'remainingAttempts' | 'retryAt' | 'twoFactorRequired'>> = {},
): ProblemDetails {
  return {
    type: `https://afterwards.app/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    ...(detail ? { detail } : {}),
    ...extra,
  };
}

/** An error that already knows its problem: throw it from controllers and services. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors?: { path: string; message: string }[],
    /** Sign-in limits: attempts left, and when a lock or limit ends; whether a two-factor code is needed. */
    readonly extra?: Partial<Pick<ProblemDetails, 'remainingAttempts' | 'retryAt' | 'twoFactorRequired'>>,
  ) {
    super(detail);
    this.name = 'ProblemError';
  }
}
