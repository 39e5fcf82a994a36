import { API_ROUTES } from '@afterwards/contracts';
import { buildOpenApiDocument } from './openapi';
import { checkRouteCatalog, listServedRoutes, type AddedRoute } from './route-catalog-check';

type Doc = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: Record<string, unknown> } };

describe('the OpenAPI document from the route catalog', () => {
  const doc = buildOpenApiDocument() as unknown as Doc;

  it('is OpenAPI 3.1 with one operation per catalog route, each with its access and a problem answer', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    for (const route of API_ROUTES) {
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      expect(op['x-access']).toBe(route.access);
      expect(Object.keys(op.responses as object)).toEqual([String(route.status ?? 200), 'default']);
    }
  });

  it('names every path parameter and resolves every schema reference', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(ops)) {
        const declared = ((op.parameters as { name: string; in: string }[] | undefined) ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared).toEqual(inPath);
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(80);
    for (const ref of refs) expect(doc.components.schemas).toHaveProperty([ref]);
  });

  it('gives request bodies as clients send them: opening a memory needs its name, the person who died and the jurisdiction', () => {
    const body = doc.paths['/api/memories']!.post!.requestBody as { content: Record<string, { schema: { $ref: string } }> };
    const name = body.content['application/json']!.schema.$ref.split('/').pop()!;
    const schema = doc.components.schemas[name] as { required: string[]; properties: Record<string, unknown> };
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'deceasedName', 'jurisdiction']));
  });
});

describe('the route catalog check', () => {
  /** The routes a server adds, as its onRoute hook reports them: GET with its HEAD, the web apps' and better-auth's catch-alls. */
  const served = (routes: [string, string][]): string[] => {
    let hook: ((route: AddedRoute) => void) | undefined;
    const list = listServedRoutes({ addHook: (_name, h) => (hook = h) });
    for (const [method, url] of routes) hook!({ method: method === 'GET' ? ['GET', 'HEAD'] : method, url });
    for (const url of ['/*', '/admin/*', '/api/auth/*']) hook!({ method: ['GET', 'HEAD'], url });
    return list();
  };

  it('passes when the API serves exactly the catalog, and names what differs otherwise', () => {
    const routes = API_ROUTES.map((r) => [r.method, r.path.replace(/\{([^}]+)\}/g, ':$1')] as [string, string]);
    expect(checkRouteCatalog(served(routes))).toEqual({ undocumented: [], notServed: [] });
    const withNew = [...routes.filter(([m, p]) => !(m === 'DELETE' && p === '/api/memories/:id')), ['POST', '/api/memories/:id/share'] as [string, string]];
    expect(checkRouteCatalog(served(withNew))).toEqual({ undocumented: ['POST /api/memories/{id}/share'], notServed: ['DELETE /api/memories/{id}'] });
  });
});
