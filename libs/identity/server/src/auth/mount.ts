import type { FastifyInstance } from 'fastify';
import { toNodeHandler } from 'better-auth/node';
import { clientAddressOf, FOREIGN_ORIGIN_MESSAGE, FOREIGN_ORIGIN_PROBLEM, isForeignWrite, problem, PROBLEM_TYPE, retryAfterSeconds } from '@afterwards/server-kit';
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
 * Mounts better-auth's handler at /api/auth/* on the HTTP server, behind the own-Origin rule for its
 * writes, and gives each of its requests the client address the server derived (the socket, or
 * X-Forwarded-For from a proxy TRUST_PROXY names) under the internal header better-auth's limits read,
 * replacing any header of that name the client sent, as `authHeaders` does for the product's own calls
 * (staff sign-in): each address has its own limit and nobody can pick theirs.
 *
 * better-auth reads the raw body itself, so its route answers in its own `onRequest` hook, before any body
 * parser, on Node's request and response. Cross-site request forgery: a write (sign-in, sign-up, password
 * reset, sign-out…) needs the product's own Origin, as every other API write does (the OwnOriginGuard
 * does not run here). better-auth's own check lets a request with no cookie through whatever its Origin,
 * and a missing Origin is a script, never the product's pages. The refusal is the guard's problem detail,
 * with `message` for better-auth's client. Errors leave as problem details.
 */
export function mountAuth(fastify: FastifyInstance, auth: Auth, origins: readonly string[]): void {
  const foreign = JSON.stringify({ ...FOREIGN_ORIGIN_PROBLEM, message: FOREIGN_ORIGIN_MESSAGE });
  const handler = toNodeHandler(async (request: Request) => asProblemResponse(await auth.handler(request)));
  fastify.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/api/auth/*',
    // Answers here and never calls `done`: the rest of the lifecycle (body parsing above all) must not run.
    onRequest: (request, reply) => {
      if (isForeignWrite(request.raw, origins)) {
        void reply.code(FOREIGN_ORIGIN_PROBLEM.status).type(`${PROBLEM_TYPE}; charset=utf-8`).send(foreign);
        return;
      }
      request.raw.headers[CLIENT_IP_HEADER] = clientAddressOf(request);
      // better-auth writes Node's response itself: it carries what the reply holds so far (every answer's headers).
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      handler(request.raw, reply.raw).catch(() => {
        if (reply.raw.headersSent) return void reply.raw.destroy();
        reply.raw.writeHead(500, { 'content-type': `${PROBLEM_TYPE}; charset=utf-8` });
        reply.raw.end(JSON.stringify(problem(500, 'INTERNAL', 'An unexpected error occurred')));
      });
    },
    // Never reached: the hook above answers every request.
    handler: async () => undefined,
  });
}
