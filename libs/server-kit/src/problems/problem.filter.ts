import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { $ZodError } from 'zod/v4/core';
import type { ProblemDetails } from '@afterwards/contracts';
import { setAnswerHeader, urlOf, type HttpReply, type HttpRequest } from '../http/http-request';
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
  // Nest's Fastify adapter hands the filters Fastify's own refusals wrapped in an HttpException.
  const refusal = httpServerRefusal(error) ?? (error instanceof HttpException ? httpServerRefusal(error.cause) : undefined);
  if (refusal) return refusal;
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

export const INVALID_JSON_MESSAGE = "This request's body is not valid JSON.";
export const BODY_TOO_LARGE_MESSAGE = "This request's body is too large.";

/**
 * The HTTP server's own refusals, made before any route runs (Fastify's `FST_…` errors carry a 4xx
 * `statusCode`): a body that is not JSON, one over the size limit, a broken address. They keep the
 * product's words; any other keeps its status with a generic code.
 */
function httpServerRefusal(error: unknown): ProblemDetails | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  // The JSON parser's own refusal of a body it would not read (`__proto__` keys) is a SyntaxError.
  if (error instanceof SyntaxError && status === 400) return problem(400, 'INVALID_JSON', INVALID_JSON_MESSAGE);
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('FST_')) return undefined;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problem(400, 'INVALID_JSON', INVALID_JSON_MESSAGE);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problem(413, 'BODY_TOO_LARGE', BODY_TOO_LARGE_MESSAGE);
    case 'FST_ERR_BAD_URL':
      return problem(400, 'MALFORMED_URL', MALFORMED_URL_MESSAGE);
    default:
      return problem(status, `HTTP_${status}`, error.message);
  }
}

/** Retry-After (whole seconds, not negative) for a problem's `retryAt`. */
export function retryAfterSeconds(retryAt: string, now = Date.now()): string {
  return String(Math.max(0, Math.ceil((Date.parse(retryAt) - now) / 1000)));
}

/** What both Express's response and Fastify's reply offer to send an answer. */
interface AnswerWriter {
  status(code: number): { send(body: string): unknown };
}

@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw error;
    const reply = host.switchToHttp().getResponse<HttpReply & AnswerWriter>();
    const request = host.switchToHttp().getRequest<HttpRequest>();
    const body = { ...toProblem(error), instance: urlOf(request) };
    if (body.retryAt) setAnswerHeader(reply, 'Retry-After', retryAfterSeconds(body.retryAt));
    if (body.status >= 500) this.logger.error({ err: error, path: urlOf(request) }, 'request failed');
    setAnswerHeader(reply, 'Content-Type', 'application/problem+json; charset=utf-8');
    reply.status(body.status).send(JSON.stringify(body));
  }
}
