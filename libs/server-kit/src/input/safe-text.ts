import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ProblemError } from '../problems/problem';

export const UNSAFE_TEXT_MESSAGE = 'The text contains characters that cannot be stored (a NUL character or a broken emoji). Please remove them and try again.';

/** A NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its other half. */
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string in `value` that cannot be stored, or undefined when all can. */
export function findUnsafeText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return UNSAFE.test(value) ? path || '(body)' : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (UNSAFE.test(key)) return path ? `${path}.${key}` : key;
    const found = findUnsafeText(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses, with a 400, any request whose JSON body or query holds text the database cannot store. One
 * check for every route (a guard runs after the body is parsed), so no text field anywhere can turn such
 * input into a 500.
 */
@Injectable()
export class SafeTextGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const path = findUnsafeText(req.body) ?? findUnsafeText(req.query);
    if (path) throw new ProblemError(400, 'UNSAFE_TEXT', UNSAFE_TEXT_MESSAGE, [{ path, message: UNSAFE_TEXT_MESSAGE }]);
    return true;
  }
}
