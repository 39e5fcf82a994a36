import type { IncomingMessage } from 'node:http';
import { rawRequestOf, type HttpRequest } from '../http/http-request';

/** How long the rest of a body answered before it was read is still read and dropped before the connection is cut. */
export const UNREAD_BODY_GRACE_MS = 30_000;

/**
 * Reads and drops the rest of a request's body once its answer is given (a refusal: too large, not JSON, the
 * wrong type of file). Closing the connection with the body unread makes the kernel reset it, and the client
 * (fetch, a browser part-way through an upload) loses the answer with it; Node itself drops an unread body only
 * when nothing has begun reading it. The connection stays open for the next request; a body still arriving
 * after `graceMs` is cut off. Returns whether anything was left to drop.
 */
export function dropUnreadBody(req: IncomingMessage, graceMs = UNREAD_BODY_GRACE_MS): boolean {
  if (req.complete || req.destroyed) return false;
  const cutOff = setTimeout(() => req.socket.destroy(), graceMs).unref();
  const done = () => clearTimeout(cutOff);
  req.once('end', done).once('close', done);
  req.resume();
  return true;
}

/**
 * The request's body for a reader that may stop part-way (an upload refused for its size or type): stopping
 * leaves the rest unread for `dropUnreadBody`, where destroying the request would reset the connection before
 * the client reads the refusal.
 */
export function requestBodyOf(req: HttpRequest): AsyncIterable<Buffer> {
  return rawRequestOf(req).iterator({ destroyOnReturn: false });
}
