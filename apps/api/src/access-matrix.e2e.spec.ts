import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  API_ROUTES,
  FILE_NAME_HEADER,
  MemoryDetailSchema,
  PrivateTopics,
  privateRoom,
  REALTIME_PATH,
  RealtimeEvents,
  RealtimeTopics,
  SessionResponseSchema,
  StaffTopics,
  UPLOAD_CONTENT_TYPE, PartialProblemDetailsSchema, isCatalogPath, toOpenApiPath, type ApiAccess, type ApiRoute } from '@afterwards/contracts';
import { HttpSession, mappedRoutes, newFamilySession, newStaffSession, signedIn, startProduct, type RunningProduct } from '@afterwards/testing';

const ANN = { email: 'ann.matrix@example.test', password: 'quiet-harbour-80' };
const BEN = { email: 'ben.matrix@example.test', password: 'quiet-harbour-81' };
const ADMIN = { email: 'ada.matrix@example.test', name: 'Ada Matrix', password: 'quiet-harbour-82' };
const AUDITOR = { email: 'otto.matrix@example.test', name: 'Otto Matrix', password: 'quiet-harbour-83' };

type Actor = 'anonymous' | 'ann' | 'ben' | 'admin' | 'auditor';

/**
 * Valid bodies for the writes on Ann's records, sent by everyone but Ann: a refusal must come from whose
 * records they are, not from an empty body failing validation first.
 */
const VALID_BODIES: Record<string, unknown> = {
  'PATCH /api/memories/{id}': { name: 'Not yours' },
  'PUT /api/memories/{id}/tasks/{taskId}': { status: 'complete' },
  'PUT /api/memories/{id}/documents/{documentId}': { collected: true },
  'PUT /api/memories/{id}/tasks/{taskId}/settlement': { kind: 'not_needed' },
  'PUT /api/memories/{id}/documents/{documentId}/settlement': { kind: 'done_before' },
  'POST /api/memories/{id}/notes': { title: 'Not yours', content: 'x', category: 'general' },
  'PUT /api/memories/{id}/notes/{noteId}': { title: 'Not yours', content: 'x', category: 'general' },
  'POST /api/memories/{id}/invitations': { email: 'someone.matrix@example.test', role: 'editor' },
  'PUT /api/memories/{id}/members/{userId}': { role: 'viewer' },
  'POST /api/memories/{id}/exports': {},
  'PUT /api/memories/{id}/reminders': { enabled: false },
  'PUT /api/reminders/preferences': { viewerReminders: true },
};
const FOREIGN_ORIGIN = 'https://evil.example';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/**
 * What each actor gets from a route, by the route's `access` in the catalog (libs/contracts/src/api-catalog.ts,
 * the one table of who may call what): 'ok' passes the guard (any answer below 500 other than 401/403; a
 * made-up id may well be 404, an empty body 400); 'own' is a family route called on Ann's records, where
 * anyone but Ann must get 404 and never her data; a number is that exact status.
 */
const EXPECTED: Record<ApiAccess, Record<Actor, 'ok' | 'own' | 401 | 403>> = {
  public: { anonymous: 'ok', ann: 'ok', ben: 'ok', admin: 'ok', auditor: 'ok' },
  'staff-sign-in': { anonymous: 'ok', ann: 'ok', ben: 'ok', admin: 'ok', auditor: 'ok' },
  family: { anonymous: 401, ann: 'ok', ben: 'own', admin: 'own', auditor: 'own' },
  staff: { anonymous: 401, ann: 403, ben: 403, admin: 'ok', auditor: 'ok' },
  admin: { anonymous: 401, ann: 403, ben: 403, admin: 'ok', auditor: 403 },
  // Without METRICS_TOKEN (as here) the metrics are open; libs/server-kit/src/metrics/metrics.e2e.spec.ts tests the token.
  metrics: { anonymous: 'ok', ann: 'ok', ben: 'ok', admin: 'ok', auditor: 'ok' },
};

/**
 * The access matrix over HTTP on the services profile: every route of the catalog (which the API checks at
 * start-up against the routes it serves, and this test against the routes Nest logged) called as anonymous,
 * family member Ann, family member Ben on Ann's records, an admin and an auditor, each with and without a
 * foreign Origin (a write from one is refused; a read answers as it would, with no CORS header to let the
 * other site read it). Ann's memory must come out of it untouched by anyone else.
 */
describe('access matrix: every route × every actor', () => {
  let product: RunningProduct;
  const sessions = {} as Record<Actor, HttpSession>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 5, env: { LOG_LEVEL: 'info' } });
    sessions.admin = await newStaffSession(product, ADMIN);
    sessions.auditor = await newStaffSession(product, AUDITOR, { role: 'auditor' });
    sessions.anonymous = new HttpSession(product.url);
    sessions.ann = await newFamilySession(product, ANN);
    sessions.ben = await newFamilySession(product, BEN);
    // Ann's memory, with a task, a document, a note and a file: the records the others must not reach.
    const opened = await sessions.ann.json('/api/memories', { method: 'POST', json: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09' } });
    expect(opened.status).toBe(201);
    const memory = MemoryDetailSchema.parse(opened.body);
    const noted = MemoryDetailSchema.parse((await sessions.ann.json(`/api/memories/${memory.memory.id}/notes`, { method: 'POST', json: { title: 'Bank', content: 'Call them.', category: 'contact' } })).body);
    const uploaded = await sessions.ann.fetch(`/api/memories/${memory.memory.id}/documents/${memory.documents[0]!.id}/files`, {
      method: 'POST',
      headers: { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: 'will.pdf' },
      body: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    expect(uploaded.status).toBe(201);
    const withFile = MemoryDetailSchema.parse(await uploaded.json());
    ids = {
      id: memory.memory.id,
      taskId: memory.tasks[0]!.id,
      documentId: memory.documents[0]!.id,
      noteId: noted.notes[0]!.id,
      fileId: withFile.documents[0]!.files[0]!.id,
    };
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
  });

  /** A route's URL: Ann's ids on family routes, made-up ones elsewhere. */
  const urlOf = (route: ApiRoute, mine: boolean): string =>
    route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      if (route.path.startsWith('/api/memories/')) return mine ? (ids[name] ?? randomUUID()) : randomUUID();
      if (name === 'streamId') return `listing-${randomUUID()}`;
      if (name === 'file') return 'swagger-ui.css';
      return randomUUID();
    });
  /**
   * A body of the kind the route takes: empty (its validation answers, not its content-type check), or
   * valid (`VALID_BODIES`, a real PDF for uploads) where a refusal must be about whose records they are.
   */
  const bodyOf = (route: ApiRoute, valid: boolean): RequestInit => {
    if (route.method === 'GET' || route.method === 'DELETE' || !route.body || route.body === 'none') return {};
    if (route.body === 'binary') return { body: valid ? PDF : Buffer.from('not a file'), headers: { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: 'x.pdf' } };
    if (route.body === 'csv') return { body: 'Name\n', headers: { 'content-type': 'text/csv' } };
    const json = valid ? VALID_BODIES[`${route.method} ${route.path}`] : undefined;
    return { body: JSON.stringify(json ?? {}), headers: { 'content-type': 'application/json' } };
  };
  const send = async (actor: Actor, route: ApiRoute, url: string, valid: boolean, origin?: string) => {
    const init = bodyOf(route, valid);
    const headers = new Headers(init.headers);
    if (origin) headers.set('origin', origin);
    const res = await sessions[actor].fetch(url, { ...init, method: route.method, headers });
    const text = await res.text();
    return { status: res.status, text, headers: res.headers };
  };

  it('the routes Nest maps are the catalog, one for one', () => {
    const mapped = mappedRoutes(product)
      .filter((r) => isCatalogPath(r.path))
      .map((r) => `${r.method} ${toOpenApiPath(r.path)}`);
    expect([...new Set(mapped)].sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('socket.io rooms: public to all, staff to staff only, a private topic to its own user only, and no room joined by name', async () => {
    const annId = SessionResponseSchema.parse((await sessions.ann.json('/api/session')).body).user.id;
    const connect = (actor: Actor) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(product.url, { path: REALTIME_PATH, transports: ['websocket'], extraHeaders: { cookie: sessions[actor].cookieHeader(), origin: product.url } });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const topics = {
      public: RealtimeTopics.directoryListings,
      staff: StaffTopics.backOffice,
      private: PrivateTopics.memories,
      "Ann's room by name": privateRoom(PrivateTopics.memories, annId),
      'an unknown topic': 'admin_audit_log',
    };
    const expected: Record<Actor, Record<keyof typeof topics, boolean>> = {
      anonymous: { public: true, staff: false, private: false, "Ann's room by name": false, 'an unknown topic': false },
      ann: { public: true, staff: false, private: true, "Ann's room by name": false, 'an unknown topic': false },
      ben: { public: true, staff: false, private: true, "Ann's room by name": false, 'an unknown topic': false },
      admin: { public: true, staff: true, private: true, "Ann's room by name": false, 'an unknown topic': false },
      auditor: { public: true, staff: true, private: true, "Ann's room by name": false, 'an unknown topic': false },
    };
    const answered = {} as Record<Actor, Record<string, boolean>>;
    for (const actor of Object.keys(expected) as Actor[]) {
      const socket = await connect(actor);
      try {
        answered[actor] = {};
        for (const [name, topic] of Object.entries(topics)) answered[actor][name] = ((await socket.emitWithAck(RealtimeEvents.subscribe, topic)) as { ok: boolean }).ok;
      } finally {
        socket.close();
      }
    }
    expect(answered).toEqual(expected);
    // A socket from another site is refused before any room.
    const foreign = io(product.url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: sessions.ann.cookieHeader(), origin: 'https://evil.example' } });
    await expect(new Promise((resolve, reject) => (foreign.on('connect', () => resolve('connected')), foreign.on('connect_error', reject)))).rejects.toBeTruthy();
    foreign.close();
  });

  it('answers each actor as the catalog says, with and without a foreign Origin: every write from one is a 403 but a one-click unsubscribe', async () => {
    // Signing out ends the session the later routes use: last.
    const routes = [...API_ROUTES].sort((a, b) => Number(a.path === '/api/admin/session' && a.method === 'DELETE') - Number(b.path === '/api/admin/session' && b.method === 'DELETE'));
    const wrong: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const write = route.method !== 'GET';
      // Ann's own destructive calls use made-up ids, so her records stay for the other actors to try.
      const actors: Actor[] = ['anonymous', 'ben', 'admin', 'auditor', 'ann'];
      for (const actor of actors) {
        const expected = EXPECTED[route.access][actor];
        const onAnnsRecords = expected === 'own' && /\{/.test(route.path);
        const url = urlOf(route, onAnnsRecords || (actor === 'ann' && route.method !== 'DELETE'));
        // From another site first (it must change nothing), then from the product's own pages.
        for (const origin of [FOREIGN_ORIGIN, undefined]) {
          const from = origin ? ' from a foreign Origin' : '';
          const { status, text, headers } = await send(actor, route, url, onAnnsRecords, origin);
          calls += 1;
          if (headers.get('access-control-allow-origin')) wrong.push(`${label} as ${actor}${from}: allows another origin to read it`);
          // `anyOrigin` writes act on a secret in the URL, never a cookie: another site gets what anyone gets.
          if (origin && write && !route.anyOrigin) {
            const code = status === 403 ? PartialProblemDetailsSchema.parse(JSON.parse(text)).code : null;
            if (code !== 'FOREIGN_ORIGIN') wrong.push(`${label} as ${actor}${from}: ${status} ${text.slice(0, 80)}`);
            continue;
          }
          const passed = status < 500 && status !== 401 && status !== 403;
          const ok =
            expected === 'ok' ? passed : expected === 'own' ? (onAnnsRecords ? status === 404 || status === 401 || status === 403 : status < 500) : status === expected;
          if (!ok) wrong.push(`${label} as ${actor}${from}: ${status} (expected ${expected}) ${text.slice(0, 120)}`);
          if (expected === 'own' && onAnnsRecords && text.includes('Margaret Ellis')) wrong.push(`${label} as ${actor}${from}: answered with Ann's data`);
          // A family user refused at /admin is signed out as well (the spec): so they are, and they sign in again.
          if (label === 'GET /api/admin/session' && (actor === 'ann' || actor === 'ben')) {
            if ((await sessions[actor].json('/api/auth/get-session')).body !== null) wrong.push(`${label} as ${actor}${from}: still signed in`);
            const who = actor === 'ann' ? ANN : BEN;
            sessions[actor] = await signedIn(product, who.email, who.password);
          }
        }
      }
    }
    console.log(`access matrix: ${API_ROUTES.length} routes × 5 actors × 2 origins = ${calls} calls, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
    expect(calls).toBe(API_ROUTES.length * 5 * 2);
    // Nobody else changed Ann's memory (read in a new session: the staff sign-out route, last, ends any session).
    const ann = await signedIn(product, ANN.email, ANN.password);
    const after = MemoryDetailSchema.parse((await ann.json(`/api/memories/${ids.id}`)).body);
    expect(after.notes.map((n) => n.id)).toEqual([ids.noteId]);
    expect(after.documents[0]!.files.map((f) => f.id)).toEqual([ids.fileId]);
    expect(after.memory.name).toBe('Mum');
  }, 180_000);
});
