import { NotFoundException } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { ProblemError, registerErrorCodes } from './problem';
import { BODY_TOO_LARGE_MESSAGE, INVALID_JSON_MESSAGE, toProblem } from './problem.filter';

class SomeDomainError extends Error {
  readonly code = 'THING_MISSING';
}

describe('toProblem', () => {
  it('maps zod errors to 400 with field errors', () => {
    const result = z.object({ name: z.string().min(1, 'Business name is required') }).safeParse({ name: '' });
    expect(toProblem(result.error)).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'Business name is required',
      errors: [{ path: 'name', message: 'Business name is required' }],
    });
  });

  it('maps errors thrown by zod/mini schemas (the contracts public pages load) the same way', () => {
    const schema = zm.object({ sessionId: zm.string().check(zm.minLength(8, 'Too short')) });
    let thrown: unknown;
    try {
      schema.parse({ sessionId: 'abc' });
    } catch (error) {
      thrown = error;
    }
    expect(toProblem(thrown)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: [{ path: 'sessionId', message: 'Too short' }] });
  });

  it('maps registered domain codes and explicit problems', () => {
    registerErrorCodes({ THING_MISSING: 404 });
    expect(toProblem(new SomeDomainError('No such thing'))).toMatchObject({ status: 404, code: 'THING_MISSING', detail: 'No such thing' });
    expect(toProblem(new ProblemError(503, 'NOT_AVAILABLE', 'Later'))).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(toProblem(new NotFoundException())).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it("keeps the product's words for Fastify's own refusals, wrapped as Nest's adapter hands them to the filters", () => {
    const adapter = new FastifyAdapter();
    // Shaped as @fastify/error makes them (the adapter tells them by name and status).
    const fastifyError = (code: string, statusCode: number, message: string) => Object.assign(new Error(message), { name: 'FastifyError', code, statusCode });
    const tooLarge = adapter.mapException(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413, 'Request body is too large'));
    const notJson = adapter.mapException(fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', 400, "Body is not valid JSON but content-type is set to 'application/json'"));
    expect(toProblem(tooLarge)).toMatchObject({ status: 413, code: 'BODY_TOO_LARGE', detail: BODY_TOO_LARGE_MESSAGE });
    expect(toProblem(notJson)).toMatchObject({ status: 400, code: 'INVALID_JSON', detail: INVALID_JSON_MESSAGE });
  });

  it('never leaks the message of an unexpected error', () => {
    expect(toProblem(new Error('password=hunter2'))).toEqual(
      expect.objectContaining({ status: 500, code: 'INTERNAL', detail: 'An unexpected error occurred' }),
    );
  });
});
