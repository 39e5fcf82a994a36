import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the product reads of a request, whichever HTTP adapter Nest runs on (decision 0064). Routes,
 * guards and services take this and the helpers below, never Express's or Fastify's own types: both
 * adapters' requests have these fields, and only this folder knows where the rest (the raw stream, the
 * route's pattern, the path) lives on each.
 */
export interface HttpRequest {
  readonly method: string;
  /** Path and query as the client sent them (under a mounted Express middleware, see `urlOf`). */
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  /** The client address the adapter derived: the socket's, or X-Forwarded-For's from a trusted proxy. */
  readonly ip?: string;
  readonly socket: IncomingMessage['socket'];
}

/**
 * What a route that sets its own headers holds of the answer (`@Res({ passthrough: true })`): Express's
 * response or Fastify's reply. Written to only through `setAnswerHeader` and `appendAnswerHeader`.
 */
export type HttpReply = object;

type ExpressLike = HttpRequest & { originalUrl?: string; route?: { path?: unknown } };
type FastifyLike = HttpRequest & { raw: IncomingMessage; originalUrl?: string; routeOptions?: { url?: string } };

const isFastify = (req: HttpRequest): req is FastifyLike => 'raw' in req && typeof (req as FastifyLike).raw === 'object';

/** A request header's value, the first when the client sent it more than once. */
export function headerOf(req: Pick<HttpRequest, 'headers'>, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Path and query as sent, also under a mounted Express middleware (which rewrites `url`). */
export function urlOf(req: HttpRequest): string {
  return (req as ExpressLike).originalUrl ?? req.url;
}

/** The scheme and host of a request sent with an absolute URL (`GET http://host/api/x`): Node passes it on as sent. */
const ABSOLUTE_URL_START = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * The path as sent, as the router matched it: without the query or a fragment, and without the scheme and host
 * of an absolute URL (both routers route `POST http://host/api/x` as `/api/x`, so a guard must see that path too).
 */
export function pathOf(req: HttpRequest): string {
  const url = urlOf(req).replace(ABSOLUTE_URL_START, '');
  const end = url.search(/[?#]/);
  return (end < 0 ? url : url.slice(0, end)) || '/';
}

/** The pattern of the route that answers (`/api/memories/:id`), once the router has chosen one. */
export function routePatternOf(req: HttpRequest): string | undefined {
  const pattern = isFastify(req) ? req.routeOptions?.url : (req as ExpressLike).route?.path;
  return typeof pattern === 'string' ? pattern : undefined;
}

/** Node's own request: the body's stream, for the routes that read an upload themselves. */
export function rawRequestOf(req: HttpRequest): IncomingMessage {
  return isFastify(req) ? req.raw : (req as unknown as IncomingMessage);
}

/** The client's address: the adapter's (proxy-aware), else the socket's. */
export function clientAddressOf(req: HttpRequest): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The ids the request log gave a request: its own, and the correlation id a client may carry across several. */
export interface RequestIds {
  readonly requestId: string;
  readonly correlationId: string;
}

const IDS = new WeakMap<IncomingMessage, RequestIds>();

/** Called once per request by the request log, before any route runs. */
export function rememberRequestIds(req: IncomingMessage, ids: RequestIds): void {
  IDS.set(req, ids);
}

/** The request's ids, when the request log saw it (every request but those of tests that skip it). */
export function requestIdsOf(req: HttpRequest): RequestIds | undefined {
  return IDS.get(rawRequestOf(req));
}

type FastifyReplyLike = { raw: ServerResponse; header(name: string, value: unknown): unknown; getHeader(name: string): unknown };
const isFastifyReply = (reply: HttpReply): reply is FastifyReplyLike => 'raw' in reply && typeof (reply as FastifyReplyLike).header === 'function';

/** Sets a header on the answer a route is about to give (replacing one of the same name). */
export function setAnswerHeader(reply: HttpReply, name: string, value: string | number): void {
  if (isFastifyReply(reply)) reply.header(name, value);
  else (reply as ServerResponse).setHeader(name, value);
}

/** Adds a header value beside those already set (`Set-Cookie`, `Vary`). */
export function appendAnswerHeader(reply: HttpReply, name: string, value: string): void {
  const current = isFastifyReply(reply) ? reply.getHeader(name) : (reply as ServerResponse).getHeader(name);
  const values = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  if (isFastifyReply(reply)) {
    // Fastify keeps each Set-Cookie it is given; other headers are replaced, so they are given whole.
    if (name.toLowerCase() === 'set-cookie') reply.header(name, value);
    else reply.header(name, [...values, value].join(', '));
  } else {
    (reply as ServerResponse).setHeader(name, [...values, value]);
  }
}
