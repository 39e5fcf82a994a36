import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { $ZodError } from 'zod/v4/core';
import type { ProblemDetails } from '@afterwards/contracts';
import { problem, ProblemError, statusForCode } from './problem';

export const MALFORMED_URL_MESSAGE = 'This address is not valid: part of it is not properly encoded. Please check the link and try again.';

/** Turns any error into an RFC 9457 problem-details response with a stable code. */
export function toProblem(error: unknown): ProblemDetails {
  if (error instanceof ProblemError) {
    return problem(error.status, error.code, error.message, { ...(error.errors ? { errors: error.errors } : {}), ...(error.extra ?? {}) });
  }
  // Classic zod's ZodError and zod/mini's error are both core $ZodErrors (contracts use both: decision 0024).
  if (error instanceof $ZodError) {
    const errors = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return problem(400, 'VALIDATION_FAILED', errors[0]?.message ?? 'The request is not valid', { errors });
  }
  // The router could not decode a path parameter (`%ZZ`, bytes that are not UTF-8): the address is broken.
  if (error instanceof Error && /^Failed to decode param/.test(error.message)) {
    return problem(400, 'MALFORMED_URL', MALFORMED_URL_MESSAGE);
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code = status === 404 ? 'NOT_FOUND' : `HTTP_${status}`;
    return problem(status, code, error.message);
  }
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    const status = statusForCode(error.code);
    if (status !== undefined) {
      const fieldErrors = (error as { errors?: unknown }).errors;
      const errors = Array.isArray(fieldErrors) && fieldErrors.length > 0 ? { errors: fieldErrors } : {};
      return problem(status, error.code, error.message, errors);
    }
  }
  return problem(500, 'INTERNAL', 'An unexpected error occurred');
}

/** Retry-After (whole seconds, not negative) for a problem's `retryAt`. */
export function retryAfterSeconds(retryAt: string, now = Date.now()): string {
  return String(Math.max(0, Math.ceil((Date.parse(retryAt) - now) / 1000)));
}

@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw error;
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const body = { ...toProblem(error), instance: request.originalUrl };
    if (body.retryAt) response.setHeader('Retry-After', retryAfterSeconds(body.retryAt));
    if (body.status >= 500) this.logger.error({ err: error, path: request.originalUrl }, 'request failed');
    response.status(body.status).type('application/problem+json').send(JSON.stringify(body));
  }
}
