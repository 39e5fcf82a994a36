import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pathOf, routePatternOf, type HttpRequest } from '../http/http-request';
import type { Metrics } from './metrics';

/** From 5 ms (a cached read) to 10 s (an upload, a large export): the answers this API gives. */
export const HTTP_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Paths the API, the socket and the metrics own: never a web app's file or page. */
const NOT_STATIC = /^\/(api|socket\.io|metrics)(\/|$)/;
const AUTH = /^\/api\/auth(\/|$)/;

/**
 * The route label of an answered request: the pattern of the API route that matched (`/api/memories/:id`),
 * never the URL, which holds ids and tokens. Better Auth's routes (one handler, some with a token in the
 * path) are `/api/auth/*`; the web apps' files and pages (their catch-all routes) are `static`; anything
 * else no route answered is `unmatched`, so a scan of made-up URLs adds no series.
 */
export function routeLabel(req: HttpRequest, status: number): string {
  const path = pathOf(req);
  if (AUTH.test(path)) return '/api/auth/*';
  const pattern = routePatternOf(req);
  if (pattern !== undefined && NOT_STATIC.test(pattern) && !pattern.includes('*')) return pattern;
  if (status === 404 || NOT_STATIC.test(path)) return 'unmatched';
  return 'static';
}

/** Methods outside the usual few are one label, so made-up methods add no series. */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return METHODS.has(upper) ? upper : 'OTHER';
}

/** `2xx` … `5xx`: the class keeps the histogram's series few (a route times its methods times five). */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/**
 * Times every request from its arrival to the last byte of its answer, labelled by route pattern,
 * method and status class. Called first thing for every request, so refusals are timed too.
 */
export function httpMetrics(metrics: Metrics) {
  const duration = metrics.histogram({
    name: 'afterwards_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: HTTP_BUCKETS_SECONDS,
  });
  // One child per label set, found by a plain key: prom-client would sort and join the labels each time.
  const series = new Map<string, ReturnType<typeof duration.labels>>();
  return (req: HttpRequest, res: ServerResponse): void => {
    const started = performance.now();
    res.on('finish', () => {
      const route = routeLabel(req, res.statusCode);
      const method = methodLabel(req.method);
      const status = statusClass(res.statusCode);
      const key = `${route} ${method} ${status}`;
      let child = series.get(key);
      if (!child) series.set(key, (child = duration.labels(route, method, status)));
      child.observe((performance.now() - started) / 1000);
    });
  };
}
