import type { Express, NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { toNodeHandler } from 'better-auth/node';
import { FOREIGN_ORIGIN_MESSAGE, FOREIGN_ORIGIN_PROBLEM, isForeignWrite, problem, retryAfterSeconds } from '@afterwards/server-kit';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './auth';

/**
 * Turns better-auth's JSON error answers into RFC 9457 problem details (`application/problem+json`)
 * like the rest of the API. Its own `message` and `code` stay, so better-auth's client still reads them;
 * `type`, `title`, `status`, `detail` and `code` are added, and Retry-After when a limit says when it
 * ends. Other answers pass through untouched.
 */
export async function asProblemResponse(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  if (!/^application\/json\b/i.test(res.headers.get('content-type') ?? '')) {
    // An error with no JSON (the library's bare 500s): still a problem detail, never an empty answer.
    const text = await res.clone().text();
    if (text.trim() && !/^text\/plain\b/i.test(res.headers.get('content-type') ?? 'text/plain')) return res;
    const code = res.status >= 500 ? 'INTERNAL' : 'AUTH_FAILED';
    const detail = res.status >= 500 ? 'An unexpected error occurred' : text.trim() || 'The request could not be completed';
    const headers = new Headers(res.headers);
    headers.set('content-type', 'application/problem+json; charset=utf-8');
    headers.delete('content-length');
    return new Response(JSON.stringify({ ...problem(res.status, code, detail), message: detail }), { status: res.status, statusText: res.statusText, headers });
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  const fields = body as Record<string, unknown>;
  const code = typeof fields.code === 'string' && fields.code ? fields.code : 'AUTH_FAILED';
  const message = typeof fields.message === 'string' && fields.message ? fields.message : undefined;
  const detail = typeof fields.detail === 'string' && fields.detail ? fields.detail : message;
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/problem+json; charset=utf-8');
  headers.delete('content-length');
  const converted = { ...fields, ...problem(res.status, code, detail), ...(message ? { message } : {}) };
  // A limit says when it ends in the body (`retryAt`) and, like the rest of the API, in Retry-After.
  if (typeof fields.retryAt === 'string' && Number.isFinite(Date.parse(fields.retryAt))) headers.set('retry-after', retryAfterSeconds(fields.retryAt));
  return new Response(JSON.stringify(converted), { status: res.status, statusText: res.statusText, headers });
}

/**
 * On every request, the client address Express derived (the socket, or X-Forwarded-For from a proxy
 * TRUST_PROXY names) replaces any header of the internal name the client sent. better-auth's limits read
 * it, whether reached at /api/auth or called from the product's own routes (staff sign-in), so each
 * address has its own limit and nobody can pick theirs.
 */
export function clientAddressHeader(req: ExpressRequest, _res: ExpressResponse, next: NextFunction): void {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  next();
}

/**
 * Cross-site request forgery on better-auth's routes: a write (sign-in, sign-up, password reset, sign-out…)
 * needs the product's own Origin, as every other API write does (the OwnOriginGuard cannot see these: they
 * are Express middleware, answered before Nest's guards). better-auth's own check lets a request with no
 * cookie through whatever its Origin, and a missing Origin is a script, never the product's pages. The
 * answer is the guard's problem detail, with `message` for better-auth's client.
 */
export function ownOriginWrites(origins: readonly string[]) {
  const body = JSON.stringify({ ...FOREIGN_ORIGIN_PROBLEM, message: FOREIGN_ORIGIN_MESSAGE });
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction): void => {
    if (!isForeignWrite(req, origins)) return next();
    res.status(FOREIGN_ORIGIN_PROBLEM.status).type('application/problem+json; charset=utf-8').send(body);
  };
}

/**
 * Mounts better-auth's handler at /api/auth on the Express instance, before Nest's body parser
 * (better-auth reads the raw body itself), behind `clientAddressHeader` for every route and the own-Origin
 * rule for its writes. Errors leave as problem details.
 */
export function mountAuth(app: Express, auth: Auth, origins: readonly string[]): void {
  app.use(clientAddressHeader);
  const handler = toNodeHandler(async (request: Request) => asProblemResponse(await auth.handler(request)));
  app.use('/api/auth', ownOriginWrites(origins), (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    handler(req, res).catch(next);
  });
}
