// Every answer of the product's API checked against the OpenAPI document it serves: the status is one the
// operation documents (or a problem detail), the content type is a documented one, and a JSON body is
// valid against its schema. Also a body the route took or refused against its documented request types.
// HttpSession runs it on every call, so each end-to-end test holds the document to what the API does.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { isCatalogPath } from '@afterwards/contracts';

type Json = Record<string, unknown>;
interface MediaObject {
  schema?: Json;
}
interface Operation {
  readonly key: string;
  readonly pattern: RegExp;
  /** Characters of the template outside its parameters: the most literal template wins (`/csv/{id}` over `/{x}/{id}`). */
  readonly literal: number;
  readonly responses: Record<string, { content?: Record<string, MediaObject> }>;
  readonly requestTypes: readonly string[] | undefined;
}

const DOCUMENT_PATH = '/api/docs/openapi.json';
const SCHEMA_ID = 'https://afterwards.invalid/openapi.json';
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');
const mediaTypeOf = (header: string | null | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();
// ajv-formats is CommonJS with a default export; under ESM the plugin may sit on `.default`.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ?? addFormatsPlugin) as typeof addFormatsPlugin;

/** What the served document says about each operation, with every JSON schema compiled once. */
export class OpenApiCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly operations: Operation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: Json) {
    addFormats(this.ajv);
    // An upload's or download's bytes.
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: SCHEMA_ID, components: document.components });
    for (const [template, methods] of Object.entries((document.paths ?? {}) as Record<string, Record<string, Json>>)) {
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const literal = template.replace(/\{[^}]+\}/g, '').length;
      for (const [method, operation] of Object.entries(methods)) {
        const requestBody = operation.requestBody as { content?: Record<string, unknown> } | undefined;
        this.operations.push({
          key: `${method.toUpperCase()} ${template}`,
          pattern,
          literal,
          responses: operation.responses as Operation['responses'],
          requestTypes: requestBody?.content ? Object.keys(requestBody.content) : undefined,
        });
      }
    }
  }

  /** The operation `method pathname` is, the most literal template first; undefined when none. */
  find(method: string, pathname: string): Operation | undefined {
    let best: Operation | undefined;
    for (const op of this.operations) {
      if (!op.key.startsWith(`${method.toUpperCase()} `) || !op.pattern.test(pathname)) continue;
      if (!best || op.literal > best.literal) best = op;
    }
    return best;
  }

  /**
   * Every way the exchange departs from the document, in plain words; empty when it matches. `body` is the
   * answer's text (read from a clone of the response).
   */
  mismatches(request: { method: string; url: URL; contentType: string | undefined; hasBody: boolean }, response: { status: number; contentType: string | null; body: string }): string[] {
    const { method, url } = request;
    const name = `${method} ${url.pathname}`;
    if (method === 'OPTIONS' || method === 'HEAD') return [];
    const op = this.find(method, url.pathname);
    if (!op) {
      // Better Auth's own routes are its library's, outside the document (see the route catalog).
      if (url.pathname.startsWith('/api/auth/') || !isCatalogPath(url.pathname)) return [];
      // No such route, and the API says so.
      if (response.status === 404 && mediaTypeOf(response.contentType) === 'application/problem+json') return [];
      return [`${name} answered ${response.status} but is not in the OpenAPI document`];
    }
    const problems: string[] = [];
    const ok = response.status >= 200 && response.status < 300;
    if (request.hasBody && op.requestTypes && request.contentType) {
      const sent = mediaTypeOf(request.contentType);
      if (ok && !op.requestTypes.includes(sent)) problems.push(`${op.key} took a ${sent} body; the document says ${op.requestTypes.join(' or ')}`);
      // UNSUPPORTED_MEDIA_TYPE is the body type refused; other 415s are about the file's content.
      if (response.status === 415 && response.body.includes('"UNSUPPORTED_MEDIA_TYPE"') && op.requestTypes.includes(sent)) problems.push(`${op.key} refused a ${sent} body, which the document says it takes`);
    }
    // Not modified: no body to check.
    if (response.status === 304) return problems;
    const documented = op.responses[String(response.status)] ?? op.responses.default;
    const statusKey = op.responses[String(response.status)] ? String(response.status) : 'default';
    if (!documented) return [...problems, `${op.key} answered ${response.status}, which the document does not list`];
    const got = mediaTypeOf(response.contentType);
    const content = documented.content;
    if (!content) {
      if (response.body.length > 0) problems.push(`${op.key} answered ${response.status} with a ${got} body; the document says no body`);
      return problems;
    }
    const media = content[got];
    if (!media) {
      // A file in its own type (a photo, a PDF, a page) where the document says "bytes".
      const bytes = content['application/octet-stream'];
      if (bytes && !isJson(got)) return problems;
      return [...problems, `${op.key} answered ${response.status} as ${got || 'no content type'}; the document says ${Object.keys(content).join(' or ')}`];
    }
    if (!isJson(got) || !media.schema) return problems;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [...problems, `${op.key} answered ${response.status} as ${got} with a body that is not JSON`];
    }
    const validate = this.validator(`${op.key}|${statusKey}|${got}`, media.schema);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
      problems.push(`${op.key} answered ${response.status} with a body its schema does not allow: ${errors.join('; ')}`);
    }
    return problems;
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      // References to components resolve in the document added above.
      validate = this.ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${SCHEMA_ID}#/components/`)) as Json);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

const checks = new Map<string, Promise<OpenApiCheck>>();

/** The check for the product at `baseUrl`, from the document it serves, fetched and compiled once. */
export function openApiCheck(baseUrl: string): Promise<OpenApiCheck> {
  let check = checks.get(baseUrl);
  if (!check) {
    check = (async () => {
      const res = await fetch(`${baseUrl}${DOCUMENT_PATH}`);
      if (!res.ok) throw new Error(`${DOCUMENT_PATH} answered ${res.status}`);
      return new OpenApiCheck((await res.json()) as Json);
    })();
    // A product that was not up yet is asked again next time.
    check.catch(() => checks.delete(baseUrl));
    checks.set(baseUrl, check);
  }
  return check;
}
