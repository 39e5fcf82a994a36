import { API_ROUTES, isCatalogPath, toOpenApiPath, type ApiRoute } from '@afterwards/contracts';

interface ExpressLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

/** The catalog's routes an Express app serves (Nest's included), as `METHOD /openapi/{path}`. */
export function registeredApiRoutes(expressApp: unknown): string[] {
  const app = expressApp as { router?: { stack?: ExpressLayer[] }; _router?: { stack?: ExpressLayer[] } };
  const stack = app.router?.stack ?? app._router?.stack ?? [];
  const routes: string[] = [];
  for (const layer of stack) {
    const route = layer.route;
    if (!route || typeof route.path !== 'string' || !isCatalogPath(route.path)) continue;
    for (const [method, on] of Object.entries(route.methods)) if (on && method !== '_all') routes.push(`${method.toUpperCase()} ${toOpenApiPath(route.path)}`);
  }
  return routes;
}

/**
 * Compares what the API serves with the route catalog the OpenAPI document and the access matrix are
 * made from: a route served but not in the catalog, or listed but not served. The API refuses to start
 * on either, so a new route cannot go undocumented (every browser and HTTP test starts the API).
 */
export function checkRouteCatalog(expressApp: unknown, catalog: readonly ApiRoute[] = API_ROUTES): { undocumented: string[]; notServed: string[] } {
  const served = new Set(registeredApiRoutes(expressApp));
  const listed = new Set(catalog.map((r) => `${r.method} ${r.path}`));
  return { undocumented: [...served].filter((r) => !listed.has(r)).sort(), notServed: [...listed].filter((r) => !served.has(r)).sort() };
}
