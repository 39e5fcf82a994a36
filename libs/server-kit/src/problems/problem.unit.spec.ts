import { NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { ProblemError, registerErrorCodes } from './problem';
import { toProblem } from './problem.filter';

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

  it('never leaks the message of an unexpected error', () => {
    expect(toProblem(new Error('password=hunter2'))).toEqual(
      expect.objectContaining({ status: 500, code: 'INTERNAL', detail: 'An unexpected error occurred' }),
    );
  });
});
