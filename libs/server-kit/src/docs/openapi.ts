import { z } from 'zod';
import type { $ZodType as ZodType } from 'zod/v4/core';
import * as contracts from '@afterwards/contracts';
import { API_ROUTES, ProblemDetailsSchema, type ApiBody, type ApiRoute } from '@afterwards/contracts';

type Json = Record<string, unknown>;

/** Each contract schema by its exported name (`MemoryDetailSchema` → `MemoryDetail`), for components. */
const NAMES = new Map<unknown, string>(
  Object.entries(contracts)
    .filter(([key, value]) => key.endsWith('Schema') && value instanceof z.core.$ZodType)
    .map(([key, value]) => [value, key.slice(0, -'Schema'.length)]),
);

const jsonSchema = (schema: ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
};

const BINARY = { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };
const CSV = { 'text/csv': { schema: { type: 'string' } } };

/** The media types of a body that is not JSON: what the route takes (input) or answers (output). */
const MEDIA: Record<Exclude<ApiBody, ZodType>, Record<'input' | 'output', Json> | null> = {
  binary: { input: BINARY, output: BINARY },
  // A CSV upload takes the file's bytes as either type (the upload routes' common type, or its own).
  csv: { input: { ...CSV, ...BINARY }, output: CSV },
  file: { input: BINARY, output: BINARY },
  text: { input: { 'text/plain': { schema: { type: 'string' } } }, output: { 'text/plain': { schema: { type: 'string' } } } },
  none: null,
};

/**
 * The OpenAPI 3.1 document of the API, generated from the route catalog and the zod contracts it names
 * (JSON Schema 2020-12 by zod's own `toJSONSchema`): a request body or query as the client sends it
 * (`io: 'input'`), an answer as the server gives it (`io: 'output'`).
 */
export function buildOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES, version = '1.0.0'): Json {
  const components: Record<string, Json> = {};
  // A named schema is one component; used both ways, its second side gets a suffix (`Profile`, `Profile.input`).
  const keys = new Map<string, string>();
  const ref = (schema: ZodType, io: 'input' | 'output'): Json => {
    const name = NAMES.get(schema);
    if (!name) return jsonSchema(schema, io);
    let key = keys.get(`${name}|${io}`);
    if (!key) {
      key = [...keys.values()].includes(name) ? `${name}.${io}` : name;
      keys.set(`${name}|${io}`, key);
      components[key] = jsonSchema(schema, io);
    }
    return { $ref: `#/components/schemas/${key}` };
  };
  const content = (body: ApiBody, io: 'input' | 'output'): Json | undefined => {
    if (body instanceof z.core.$ZodType) return { 'application/json': { schema: ref(body, io) } };
    return MEDIA[body]?.[io];
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const parameters: Json[] = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    if (route.query) {
      const query = jsonSchema(route.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
    const ok = content(route.response, 'output');
    const requestBody = route.body ? content(route.body, 'input') : undefined;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      'x-access': route.access,
      ...(route.access === 'public' || route.access === 'staff-sign-in' ? { security: [] } : {}),
      // The token when METRICS_TOKEN is set, nothing otherwise.
      ...(route.access === 'metrics' ? { security: [{ metricsToken: [] }, {}] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody: { required: true, content: requestBody } } : {}),
      responses: {
        [String(route.status ?? 200)]: { description: route.summary, ...(ok ? { content: ok } : {}) },
        default: { description: 'A problem: status, a stable code and a message', content: { 'application/problem+json': { schema: ref(ProblemDetailsSchema, 'output') } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Afterwards API',
      version,
      description:
        'The API of Afterwards: memories for families after a death, the local-services directory, and the staff back office. ' +
        'Sign-in is by session cookie (Better Auth under /api/auth/ for families, POST /api/admin/session for staff). ' +
        "Writes must come from the product's own origin. x-access says who may call each route.",
    },
    servers: [{ url: '/' }],
    components: {
      schemas: components,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, when the deployment sets it' },
      },
    },
    security: [{ session: [] }],
    paths,
  };
}
