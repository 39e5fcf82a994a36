import { API_ROUTES, isCatalogPath, toOpenApiPath, type ApiRoute } from '@afterwards/contracts';

/** What the HTTP server tells of each route it adds (Fastify's `onRoute` hook). */
export interface AddedRoute {
  readonly method: string | readonly string[];
  readonly url: string;
}

/**
 * Starts listing the catalog's routes an HTTP server adds (Nest's included), as `METHOD /openapi/{path}`;
 * to be called before any route is added. HEAD routes the server adds beside each GET are left out.
 */
export function listServedRoutes(server: { addHook(name: 'onRoute', hook: (route: AddedRoute) => void): unknown }): () => string[] {
  const routes: string[] = [];
  server.addHook('onRoute', (route) => {
    // Catch-alls (better-auth's /api/auth/*) are not the catalog's: they answer many paths of their own.
    if (!isCatalogPath(route.url) || route.url.includes('*')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${toOpenApiPath(route.url)}`);
  });
  return () => [...routes];
}

/**
 * Compares what the API serves with the route catalog the OpenAPI document and the access matrix are
 * made from: a route served but not in the catalog, or listed but not served. The API refuses to start
 * on either, so a new route cannot go undocumented (every browser and HTTP test starts the API).
 */
export function checkRouteCatalog(servedRoutes: readonly string[], catalog: readonly ApiRoute[] = API_ROUTES): { undocumented: string[]; notServed: string[] } {
  const served = new Set(servedRoutes);
  const listed = new Set(catalog.map((r) => `${r.method} ${r.path}`));
  return { undocumented: [...served].filter((r) => !listed.has(r)).sort(), notServed: [...listed].filter((r) => !served.has(r)).sort() };
}
