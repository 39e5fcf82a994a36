import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DOCUMENT_TITLE_HEADER, FILE_NAME_HEADER } from '@afterwards/contracts';
import type { HttpRequest } from '../http/http-request';
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

/** Headers whose text the product reads URI-decoded (a file's name, a document's title): checked as read. */
export const URI_ENCODED_TEXT_HEADERS: readonly string[] = [FILE_NAME_HEADER, DOCUMENT_TITLE_HEADER];

/** A URI-encoded header as the product reads it; as sent when it does not decode (then it holds no NUL: Node refuses those). */
export function decodedTextHeader(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A request once routed and its body parsed: both adapters put the path parameters, query and body here. */
type ParsedRequest = Pick<HttpRequest, 'headers'> & { readonly params?: unknown; readonly query?: unknown; readonly body?: unknown };

/** Where in a request (path parameters, query, body, headers) the first text is that cannot be stored. */
export function findUnsafeInput(req: ParsedRequest): string | undefined {
  const params = findUnsafeText(req.params ?? {});
  if (params) return `path.${params}`;
  const query = findUnsafeText(req.query ?? {});
  if (query) return query;
  const body = findUnsafeText(req.body);
  if (body) return body;
  // Raw header text: Node's parser refuses a NUL there already; this holds whatever parser options change.
  const raw = findUnsafeText(req.headers ?? {});
  if (raw) return `headers.${raw}`;
  for (const name of URI_ENCODED_TEXT_HEADERS) {
    const value = req.headers?.[name];
    if (typeof value === 'string' && UNSAFE.test(decodedTextHeader(value))) return `headers.${name}`;
  }
  return undefined;
}

/**
 * Refuses, with a 400, any request whose path parameters, query, JSON body or text headers hold text the
 * database cannot store. One check for every route, where input enters (a global guard runs once the
 * route is matched and the body parsed), so no text anywhere can turn such input into a 500.
 */
@Injectable()
export class SafeTextGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const path = findUnsafeInput(context.switchToHttp().getRequest<HttpRequest & ParsedRequest>());
    if (path) throw new ProblemError(400, 'UNSAFE_TEXT', UNSAFE_TEXT_MESSAGE, [{ path, message: UNSAFE_TEXT_MESSAGE }]);
    return true;
  }
}
