import fc from 'fast-check';
import { z } from 'zod';
import type { $ZodType as ZodType } from 'zod/v4/core';
import { AdminListingsResponseSchema, API_ROUTES, DOCUMENT_TITLE_HEADER, FILE_NAME_HEADER, MemoryDetailSchema, ProblemDetailsSchema, UPLOAD_CONTENT_TYPE, type ApiRoute } from '@afterwards/contracts';
import type { HttpSession } from './http';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; enum?: unknown[]; const?: unknown; anyOf?: JsonSchema[]; items?: JsonSchema };

/** A request body or query made by the fuzzer, with what it is, for the report. */
export interface FuzzRequest {
  readonly kind: string;
  readonly contentType?: string;
  readonly body?: string | Buffer;
  readonly query?: string;
  /** Path parameters to send instead of the target's ids, as they go into the URL (percent-encoded). */
  readonly params?: Record<string, string>;
  /** Headers to send besides the content type. */
  readonly headers?: Record<string, string>;
  /** With hostile headers, the kind of request they were added to (its body: an oversize one, say). */
  readonly with?: string;
}

const nested = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Built on first use: building it takes about a second, which every command of the tools' CLI paid at load. */
function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/** Values no route should accept, or should refuse cleanly: wrong types, huge, deep, unstorable text. */
const hostile = once((): fc.Arbitrary<unknown> => fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1e308, -0, '', ' ', '\u0000', '\ud800', 'a\udfffb', '\u202e\u0000', '😀'.repeat(1000)),
  fc.integer({ min: 100_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 5_000, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.integer({ min: 200, max: 3_000 }).map(nested),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.double(),
  fc.object({ maxDepth: 3 }),
  fc.anything({ maxDepth: 3 }),
));

/** A value of roughly the right shape for a JSON Schema property (so a body gets past its first check). */
function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.anything({ maxDepth: 2 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(plausible));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(fc.string({ maxLength: 40 }), fc.uuid(), fc.constantFrom('2026-03-09', 'England', 'Leeds', 'Active', 'complete'));
    case 'number':
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 500 }), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items), { maxLength: 4 });
    case 'object':
      return objectOf(schema, 0.2);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** An object over a schema's properties: each present or not, plausible or hostile, plus extra keys. */
function objectOf(schema: JsonSchema, hostileRate: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  const record = Object.fromEntries(
    entries.map(([key, prop]) => [key, fc.option(fc.oneof({ weight: Math.round((1 - hostileRate) * 10), arbitrary: plausible(prop) }, { weight: Math.max(1, Math.round(hostileRate * 10)), arbitrary: hostile() }), { nil: undefined })]),
  );
  return fc
    .tuple(fc.record(record), fc.dictionary(fc.string({ maxLength: 12 }), hostile(), { maxKeys: 3 }))
    .map(([known, extra]) => Object.fromEntries(Object.entries({ ...extra, ...known }).filter(([, v]) => v !== undefined)));
}

const jsonSchemaOf = (schema: ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Request bodies for a JSON route: near-valid objects, hostile values, prototype keys, malformed and oversize text. */
export function jsonBodies(schema: ZodType): fc.Arbitrary<FuzzRequest> {
  const shape = jsonSchemaOf(schema);
  const json = (kind: string) => (value: unknown): FuzzRequest => ({ kind, contentType: 'application/json', body: JSON.stringify(value) ?? 'null' });
  return fc.oneof(
    { weight: 5, arbitrary: objectOf(shape, 0.3).map(json('near-valid object')) },
    { weight: 2, arbitrary: hostile().map(json('hostile value')) },
    {
      weight: 1,
      arbitrary: objectOf(shape, 0).map((o) => ({
        kind: 'prototype keys',
        contentType: 'application/json',
        body: `{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(o).slice(1)}`.replace(/,}$/, '}'),
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}').map((body) => ({ kind: 'malformed JSON', contentType: 'application/json', body })) },
    { weight: 1, arbitrary: fc.constant<FuzzRequest>({ kind: 'oversize body', contentType: 'application/json', body: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}` }) },
  );
}

/** Query strings for a GET route: its parameters with plausible or hostile values, repeated keys and junk. */
export function queries(schema: ZodType | undefined): fc.Arbitrary<FuzzRequest> {
  const shape = schema ? jsonSchemaOf(schema) : { properties: {} };
  const keys = Object.keys(shape.properties ?? {});
  const value = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', '-1', '1e999', 'NaN', '\u0000', '%00', '%ZZ', '%ud800', 'x'.repeat(5000), '[]', '{}'));
  return fc
    .tuple(fc.array(fc.tuple(keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 }), value), { maxLength: 6 }))
    .map(([pairs]) => ({ kind: 'query', query: pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v.startsWith('%') ? v : encodeURIComponent(v)}`).join('&') }));
}

/** Every byte of `text` as UTF-8, percent-encoded but for letters and digits (so no value becomes a `/`, `.` or `..` segment). */
const percentEncoded = (text: string): string => [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/**
 * Path parameter values, as they go into the URL: NUL, bytes that are not UTF-8, broken escapes, the names
 * of Object.prototype (a lookup by a request's key must not find them), huge, and any text. Never empty, `.`
 * or `..`: the URL would then name another route (a trailing-slash DELETE of the record itself).
 */
export const pathValues = once((): fc.Arbitrary<string> => fc.oneof(
  fc.constantFrom('a%00b', '%00', '%ED%A0%80', '%C0%80', '%FF', '%ZZ', '%', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '-1', '0', '1e999', 'NaN', 'null', '%20', 'a%2Fb', '%E2%80%AE', 'x'.repeat(3_000)),
  fc.string({ minLength: 1, maxLength: 40 }).map(percentEncoded),
));

/** Header values a client can send (no CR, LF or NUL; bytes up to 0xFF): encoded NUL, broken escapes, prototype names, long. */
const headerValue = once((): fc.Arbitrary<string> => fc.oneof(
  fc.constantFrom('%00', 'a%00b', 'Will%00.pdf', '%ED%A0%80', '%ZZ', '%', '__proto__', 'constructor', '\u00ff\u00fe', 'Siân', 'x'.repeat(4_000)),
  fc.string({ minLength: 1, maxLength: 40 }).map(percentEncoded),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 40 }),
));

/**
 * Headers the product reads as text (a file's name and a document's title, URI-encoded; the user agent and
 * referrer kept with events and audit rows; the request id), with hostile values. Several long ones make a
 * request head over Node's limit, which must still be answered with a problem detail.
 */
export const textHeaders = once((): fc.Arbitrary<Record<string, string>> =>
  fc.record(
    { [FILE_NAME_HEADER]: headerValue(), [DOCUMENT_TITLE_HEADER]: headerValue(), 'user-agent': headerValue(), referer: headerValue(), 'x-request-id': headerValue(), 'accept-language': headerValue() },
    { requiredKeys: [] },
  ).filter((h) => Object.keys(h).length > 0),
);

/** Upload bodies: spoofed types, truncated files, empty, oversize (11 MB, so not allocated at load). */
export const uploads = once((): fc.Arbitrary<FuzzRequest> => fc.oneof(
  fc.constantFrom(
    { kind: 'empty upload', body: Buffer.alloc(0) },
    { kind: 'truncated PDF', body: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Cat') },
    { kind: 'spoofed type (script as .pdf)', body: Buffer.from('<script>alert(1)</script>') },
    { kind: 'spoofed type (ELF as .pdf)', body: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]) },
    { kind: 'oversize upload', body: Buffer.alloc(11 * 1024 * 1024, 0x25) },
  ),
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({ kind: 'random bytes', body: Buffer.from(bytes) })),
).map((r) => ({ ...r, contentType: UPLOAD_CONTENT_TYPE })));

export interface FuzzReport {
  readonly requests: number;
  readonly byKind: Record<string, number>;
  /** Answers of 500 or more: always a finding. */
  readonly serverErrors: string[];
  /** Refusals that were not problem details with a stable code. */
  readonly notProblems: string[];
  /** Refusals after which the event log had grown or a read model had changed. */
  readonly changedOnRefusal: string[];
}

/**
 * The read models a refused request must leave as they were: the family's memories, reminders and profile, the
 * directory, promotions, settings, the staff activity and the imports. (Sign-in limits, sessions and the
 * audit trail are left out: recording a refusal there is their job.)
 */
export const FUZZ_READ_MODEL_TABLES = [
  'cases',
  'case_tasks',
  'case_documents',
  'case_files',
  'case_notes',
  'user_settings',
  'reminder_optouts',
  'reminders_sent',
  'calendar_subscriptions',
  'listings',
  'promotions',
  'admin_settings',
  'staff_activity',
  'listing_imports',
] as const;

/** One statement that fingerprints every row of those tables (as a superuser: row-level security aside). */
export const READ_MODEL_FINGERPRINT_SQL = `SELECT string_agg(t || ':' || h, ' ' ORDER BY t) AS fingerprint FROM (${FUZZ_READ_MODEL_TABLES.map(
  (t) => `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`,
).join(' UNION ALL ')}) s`;

export interface FuzzTarget {
  /** Family member who owns the records in `ids`; staff admin; nobody. */
  readonly sessions: { readonly family: HttpSession; readonly admin: HttpSession; readonly anonymous: HttpSession };
  /** Path parameters to use (`id`, `taskId`, `documentId`, `noteId`, `fileId` of the family's memory, a listing id ...). */
  readonly ids: Record<string, string>;
  /** The event log's head (for example max(seq)), read before and after each refused request. */
  eventHead(): Promise<string>;
  /** A fingerprint of the read models (READ_MODEL_FINGERPRINT_SQL), read before and after each refused request. */
  readModels(): Promise<string>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The read models once an accepted write's projections have settled (two equal readings 150 ms apart):
 * otherwise a projection still applying it would look like a change made by the next request.
 */
async function settledReadModels(target: FuzzTarget, afterWrite: boolean): Promise<string> {
  let last = await target.readModels();
  if (!afterWrite) return last;
  for (let i = 0; i < 40; i++) {
    await pause(150);
    const next = await target.readModels();
    if (next === last) return next;
    last = next;
  }
  return last;
}

/** The body, query or upload a route takes, or undefined when it takes none. */
function contentOf(route: ApiRoute): fc.Arbitrary<FuzzRequest> | undefined {
  if (route.body instanceof z.core.$ZodType) return jsonBodies(route.body);
  if (route.body === 'binary') return uploads();
  if (route.body === 'csv') return fc.constantFrom<FuzzRequest>({ kind: 'csv junk', contentType: 'text/csv', body: '\u0000,"unterminated\n' }, { kind: 'csv not csv', contentType: 'text/csv', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
  if (route.method === 'GET' && route.query) return queries(route.query);
  return undefined;
}

const paramNames = (route: ApiRoute): string[] => [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/**
 * Requests with one path parameter hostile (the others the target's own), with the route's body if it
 * takes one. Sent to every route with a parameter, deletes included: none can reach a real record.
 */
function hostilePaths(route: ApiRoute, content: fc.Arbitrary<FuzzRequest> | undefined): fc.Arbitrary<FuzzRequest> {
  const names = paramNames(route);
  return fc
    .tuple(fc.constantFrom(...names), pathValues(), content ?? fc.constant<FuzzRequest>({ kind: '' }))
    .map(([name, value, request]) => ({ ...request, kind: 'hostile path parameter', params: { [name]: value } }));
}

/** The route's own requests with hostile text headers (only routes that take content: a bare DELETE with real ids would delete). */
const hostileHeaders = (content: fc.Arbitrary<FuzzRequest>): fc.Arbitrary<FuzzRequest> =>
  fc.tuple(content, textHeaders()).map(([request, headers]) => ({ ...request, kind: 'hostile headers', with: request.kind, headers }));

/**
 * Sends `runs` generated requests to every route of the catalog that takes a JSON body, a query or an
 * upload (as the actor its access needs, on the target's own records), then `runs` with a hostile path
 * parameter to every route that has one and `runs` with hostile text headers to those that take content;
 * seeded and reproducible. Each answer must be below 500; each refusal a problem detail with a code,
 * after which the log is unchanged.
 */
export async function fuzzApi(target: FuzzTarget, options: { runs: number; seed: number; routes?: readonly ApiRoute[] }): Promise<FuzzReport> {
  const report = { requests: 0, byKind: {} as Record<string, number>, serverErrors: [] as string[], notProblems: [] as string[], changedOnRefusal: [] as string[] };
  const all = options.routes ?? API_ROUTES;
  // The content routes first, as before (a seed reproduces their run), then hostile paths, then hostile headers.
  const passes: { route: ApiRoute; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [];
  for (const route of all) {
    const content = contentOf(route);
    if (content) passes.push({ route, arbitrary: content });
  }
  for (const route of all) if (paramNames(route).length) passes.push({ route, arbitrary: hostilePaths(route, contentOf(route)) });
  for (const route of all) {
    const content = contentOf(route);
    if (content) passes.push({ route, arbitrary: hostileHeaders(content) });
  }
  let seed = options.seed;
  let lastWasWrite = true;
  for (const { route, arbitrary } of passes) {
    const session = route.access === 'family' ? target.sessions.family : route.access === 'public' ? target.sessions.anonymous : target.sessions.admin;
    for (const request of fc.sample(arbitrary, { numRuns: options.runs, seed: seed++ })) {
      const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => request.params?.[name] ?? target.ids[name] ?? target.ids.id ?? '00000000-0000-4000-8000-000000000000');
      const extra = request.params ? ` ${JSON.stringify(request.params).slice(0, 100)}` : request.headers ? ` ${JSON.stringify(request.headers).slice(0, 160)}` : '';
      const label = `${route.method} ${route.path} [${request.kind}${request.with ? `, ${request.with}` : ''}]${request.query ? ` ?${request.query.slice(0, 100)}` : ''}${extra}`;
      const before = await target.eventHead();
      const modelsBefore = await settledReadModels(target, lastWasWrite);
      const headers: Record<string, string> = {};
      if (request.contentType) headers['content-type'] = request.contentType;
      if (request.contentType === UPLOAD_CONTENT_TYPE) headers[FILE_NAME_HEADER] = 'fuzz.pdf';
      Object.assign(headers, request.headers);
      const url = request.query ? `${path}?${request.query}` : path;
      const body = typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body);
      report.requests += 1;
      report.byKind[request.kind] = (report.byKind[request.kind] ?? 0) + 1;
      let res: Response;
      let text: string;
      try {
        res = await session.fetch(url, { method: route.method, headers, ...(body !== undefined ? { body } : {}) });
        text = await res.text();
      } catch (error) {
        // No answer at all (the connection dropped): as much a finding as a 5xx. Fetch's cause comes from
        // another realm than the test's (instanceof Error is false there), so it is read by shape.
        const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
        const why = [cause?.code, cause?.message].filter((part) => typeof part === 'string').join(': ') || String(error);
        report.serverErrors.push(`${label}: no answer (${why})`);
        lastWasWrite = true;
        continue;
      }
      if (res.status >= 500) report.serverErrors.push(`${label}: ${res.status} ${text.slice(0, 160)}`);
      if (res.status >= 400) {
        let problem = false;
        try {
          const parsed = ProblemDetailsSchema.safeParse(JSON.parse(text));
          problem = parsed.success && typeof parsed.data.code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(parsed.data.code);
        } catch {
          problem = false;
        }
        if (!problem || !(res.headers.get('content-type') ?? '').includes('json')) report.notProblems.push(`${label}: ${res.status} ${text.slice(0, 160)}`);
        const after = await target.eventHead();
        if (after !== before) report.changedOnRefusal.push(`${label}: ${res.status}, event log ${before} -> ${after}`);
        const modelsAfter = await target.readModels();
        if (modelsAfter !== modelsBefore) report.changedOnRefusal.push(`${label}: ${res.status}, read models changed: ${changedTables(modelsBefore, modelsAfter)}`);
      }
      lastWasWrite = res.status < 400 && route.method !== 'GET';
    }
  }
  return report;
}

/** The tables whose fingerprints differ between two readings. */
function changedTables(before: string, after: string): string {
  const was = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((entry) => !was.has(entry))
    .map((entry) => entry.split(':')[0])
    .join(', ');
}

/** The records the fuzzer aims at: a family member's memory with a note and a file, and a listing. */
export async function fuzzRecords(family: HttpSession, admin: HttpSession): Promise<Record<string, string>> {
  const memory = MemoryDetailSchema.parse((await family.json('/api/memories', { method: 'POST', json: { name: 'Mum', deceasedName: 'Ann Lee', jurisdiction: 'Scotland' } })).body);
  const noted = MemoryDetailSchema.parse(
    (await family.json(`/api/memories/${memory.memory.id}/notes`, { method: 'POST', json: { title: 'Bank', content: 'Call.', category: 'contact' } })).body,
  );
  const uploaded = await family.fetch(`/api/memories/${memory.memory.id}/documents/${memory.documents[0]!.id}/files`, {
    method: 'POST',
    headers: { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: 'will.pdf' },
    body: '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  });
  const withFile = MemoryDetailSchema.parse(await uploaded.json());
  const listing = AdminListingsResponseSchema.parse((await admin.json('/api/admin/listings?pageSize=1')).body).listings[0];
  return {
    id: memory.memory.id,
    taskId: memory.tasks[0]!.id,
    documentId: memory.documents[0]!.id,
    noteId: noted.notes[0]!.id,
    fileId: withFile.documents[0]!.files[0]!.id,
    ...(listing ? { listingId: listing.id } : {}),
  };
}

/** The report as lines for a person. */
export function describeFuzzReport(report: FuzzReport, options: { runs: number; seed: number }): string {
  return [
    `fuzz (seed ${options.seed}, ${options.runs} per route): ${report.requests} requests`,
    `  by kind: ${Object.entries(report.byKind).map(([k, n]) => `${k} ${n}`).join(', ')}`,
    `  5xx answers: ${report.serverErrors.length}${report.serverErrors.map((e) => `\n    ${e}`).join('')}`,
    `  refusals that were not problem details with a code: ${report.notProblems.length}${report.notProblems.map((e) => `\n    ${e}`).join('')}`,
    `  refusals after which the event log had grown or a read model changed: ${report.changedOnRefusal.length}${report.changedOnRefusal.map((e) => `\n    ${e}`).join('')}`,
  ].join('\n');
}
