import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { API_ROUTES, toOpenApiPath } from '@afterwards/contracts';
import type { AppConfig } from '../config/config';
import { pathOf, routePatternOf, type HttpRequest } from '../http/http-request';
import { problem, ProblemError } from '../problems/problem';
import { APP_CONFIG } from '../tokens';

export const FOREIGN_ORIGIN_MESSAGE = 'This request did not come from Afterwards.';
/** The refusal of a foreign write: the same body from the guard below and from better-auth's mount. */
export const FOREIGN_ORIGIN_PROBLEM = Object.freeze(problem(403, 'FOREIGN_ORIGIN', FOREIGN_ORIGIN_MESSAGE));
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET, HEAD and OPTIONS change nothing; every other method is a write. */
export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);

/**
 * The origins the product's own pages have: PUBLIC_URL's, and on a local start both names of this
 * machine (a person may open http://localhost:3000 as well as the printed http://127.0.0.1:3000).
 */
export function ownOrigins(config: Pick<AppConfig, 'publicUrl'>): string[] {
  const url = new URL(config.publicUrl);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') return [url.origin];
  return ['127.0.0.1', 'localhost'].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/** Whether a request or socket handshake comes from the product's own pages. */
export function fromOwnOrigin(req: Pick<IncomingMessage, 'headers'>, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && origins.includes(origin);
}

/** A write (anything but GET, HEAD, OPTIONS) that does not come from the product's own pages. */
export function isForeignWrite(req: Pick<IncomingMessage, 'headers' | 'method'>, origins: readonly string[]): boolean {
  return !isSafeMethod(req.method ?? '') && !fromOwnOrigin(req, origins);
}

const ANY_ORIGIN = new Set(API_ROUTES.filter((r) => r.anyOrigin).map((r) => `${r.method} ${r.path}`));

/** The catalog's `anyOrigin` writes, matched by the route the router chose (so a look-alike path is not one). */
const takesAnyOrigin = (req: HttpRequest): boolean => {
  const pattern = routePatternOf(req);
  return pattern !== undefined && ANY_ORIGIN.has(`${req.method} ${toOpenApiPath(pattern)}`);
};

/**
 * Cross-site request forgery: every state-changing API route needs the product's own Origin. Browsers
 * send it on every POST, PUT, PATCH and DELETE, so a missing one is a script or a forged form, and a
 * foreign one another site acting with the visitor's cookie. (better-auth's routes, answered before Nest's
 * guards, get the same check from identity's `mountAuth`.) The route catalog's `anyOrigin`
 * writes are the exception: they read no cookie, so there is nothing to forge.
 */
@Injectable()
export class OwnOriginGuard implements CanActivate {
  private readonly origins: string[];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.origins = ownOrigins(config);
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<HttpRequest>();
    // The route the router chose, not the address as typed (/API/memories is routed as /api/memories).
    if (!isForeignWrite(req, this.origins) || !(routePatternOf(req) ?? pathOf(req)).startsWith('/api/') || takesAnyOrigin(req)) return true;
    throw new ProblemError(FOREIGN_ORIGIN_PROBLEM.status, FOREIGN_ORIGIN_PROBLEM.code, FOREIGN_ORIGIN_MESSAGE);
  }
}
