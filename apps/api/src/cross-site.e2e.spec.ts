import { io } from 'socket.io-client';
import { API_ROUTES, REALTIME_PATH } from '@afterwards/contracts';
import { HttpSession, mappedRoutes, signedIn, signUpVerified, startProduct, type RunningProduct } from '@afterwards/testing';

const FAMILY = { email: 'cai.csrf@example.test', password: 'quiet-harbour-95' };
const STAFF = { email: 'staff.csrf@afterwards.example', password: 'harbour-lights-2026' };

/**
 * With a family cookie, writes from another site (or from no page at all) must not succeed on any of the
 * API's own routes, whatever the body's type; each route takes only the body types it documents; sockets
 * from another site are refused.
 */
describe('cross-site requests (services profile)', () => {
  let product: RunningProduct;
  let family: HttpSession;
  let writes: { method: string; path: string }[];

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 5, env: { LOG_LEVEL: 'info' } });
    await signUpVerified(product, FAMILY);
    family = await signedIn(product, FAMILY.email, FAMILY.password);
    // Every state-changing route the running app maps (better-auth's /api/auth checks its own), but the
    // catalog's anyOrigin writes: they act on a secret in their URL and read no cookie, so a mail program's
    // form POST from anywhere is what they are for (the access matrix checks them).
    const anyOrigin = new Set(API_ROUTES.filter((r) => r.anyOrigin).map((r) => `${r.method} ${r.path}`));
    writes = mappedRoutes(product).filter(
      (r) => r.path.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !anyOrigin.has(`${r.method} ${r.path}`),
    );
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('refuses every write from a foreign or missing Origin with the family cookie, JSON, form or text body alike', async () => {
    expect(writes.length).toBeGreaterThanOrEqual(20);
    const id = '2b9c3b0e-3c1f-4a53-8d1b-0c6a1c1f0a11';
    const bodies: [string, string][] = [
      ['application/json', '{"name":"x"}'],
      ['application/x-www-form-urlencoded', 'name=x'],
      ['text/plain', 'name=x'],
    ];
    for (const route of writes) {
      const url = route.path.replace(/:[A-Za-z]+/g, id);
      for (const [type, body] of bodies) {
        for (const origin of ['https://evil.example', undefined]) {
          const headers: Record<string, string> = { 'content-type': type, cookie: family.cookieHeader() };
          if (origin) headers.origin = origin;
          const res = await fetch(`${product.url}${url}`, { method: route.method, headers, body });
          const label = `${route.method} ${route.path} ${type} from ${origin ?? 'no origin'}`;
          expect([label, res.status]).toEqual([label, 403]);
          await res.arrayBuffer();
        }
      }
      // A look-alike of the address (another case) is either not routed or refused the same.
      const lookAlike = await fetch(`${product.url}/api${url.slice(4).toUpperCase().replace(`/${id.toUpperCase()}`, `/${id}`)}`, {
        method: route.method,
        headers: { 'content-type': 'application/json', cookie: family.cookieHeader(), origin: 'https://evil.example' },
        body: '{}',
      });
      expect([`${route.method} ${route.path} in capitals`, [403, 404].includes(lookAlike.status) ? 'refused' : lookAlike.status]).toEqual([`${route.method} ${route.path} in capitals`, 'refused']);
      await lookAlike.arrayBuffer();
    }
    // The same cookie from the product's own pages still works.
    const own = await family.json('/api/preferences', { method: 'PUT', json: { emailNotifications: false, progressTracking: true } });
    expect(own.status).toBe(200);
  });

  it('answers 415 from its own pages when a write sends a body type its route does not document', async () => {
    const origin = new URL(product.url).origin;
    const id = '2b9c3b0e-3c1f-4a53-8d1b-0c6a1c1f0a11';
    // Staff routes answer who may call them first (401/403), so they are sent with a staff session.
    product.tool('create-admin', '--email', STAFF.email, '--name', 'Cross Site', '--password', STAFF.password);
    const staff = new HttpSession(product.url);
    expect((await staff.json('/api/admin/session', { method: 'POST', json: STAFF })).status).toBe(200);
    const uploads = new Set([
      'POST /api/memories/:id/documents/:documentId/files',
      'POST /api/memories/:id/additional-documents',
      'PUT /api/memories/:id/photo',
      'POST /api/admin/imports/csv',
      'POST /api/admin/imports/documents',
    ]);
    for (const route of writes) {
      const url = route.path.replace(/:[A-Za-z]+/g, id);
      const cookie = route.path.startsWith('/api/admin/') ? staff.cookieHeader() : family.cookieHeader();
      // JSON routes refuse form and text bodies; the upload routes refuse anything but the file's bytes.
      const refused = uploads.has(`${route.method} ${route.path}`) ? ['application/json', 'multipart/form-data; boundary=x'] : ['application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream'];
      for (const type of refused) {
        const res = await fetch(`${product.url}${url}`, { method: route.method, headers: { 'content-type': type, cookie, origin }, body: type === 'application/json' ? '{"name":"x"}' : 'name=x' });
        const label = `${route.method} ${route.path} ${type}`;
        const problem = (await res.json()) as { code?: string; detail?: string };
        expect([label, res.status, problem.code]).toEqual([label, 415, 'UNSUPPORTED_MEDIA_TYPE']);
      }
    }
    // A write with no body at all (a DELETE) is not refused for its missing type.
    const del = await fetch(`${product.url}/api/memories/${id}`, { method: 'DELETE', headers: { cookie: family.cookieHeader(), origin } });
    expect(del.status).not.toBe(415);
    await del.arrayBuffer();
  });

  it("refuses better-auth's writes (sign-in, sign-up, password reset) from a foreign, null or missing Origin, like every other write", async () => {
    const writes: [string, Record<string, unknown>][] = [
      ['/api/auth/sign-in/email', { email: FAMILY.email, password: FAMILY.password }],
      ['/api/auth/sign-up/email', { email: 'cai.forged@example.test', password: 'quiet-harbour-96', name: '' }],
      ['/api/auth/request-password-reset', { email: FAMILY.email, redirectTo: '/reset-password' }],
    ];
    for (const [path, json] of writes) {
      for (const origin of ['https://evil.example', 'null', undefined]) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (origin) headers.origin = origin;
        const res = await fetch(`${product.url}${path}`, { method: 'POST', headers, body: JSON.stringify(json) });
        const label = `${path} from ${origin ?? 'no origin'}`;
        const body = (await res.json()) as { code?: string; detail?: string };
        expect([label, res.status, res.headers.get('content-type'), body.code, body.detail]).toEqual([
          label,
          403,
          'application/problem+json; charset=utf-8',
          'FOREIGN_ORIGIN',
          'This request did not come from Afterwards.',
        ]);
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    }
    // Nothing was done: no account was made. From the product's own pages the same calls work.
    expect((await new HttpSession(product.url).json('/api/auth/sign-in/email', { method: 'POST', json: { email: 'cai.forged@example.test', password: 'quiet-harbour-96' } })).status).toBe(401);
    expect((await new HttpSession(product.url).json('/api/auth/sign-in/email', { method: 'POST', json: { email: FAMILY.email, password: FAMILY.password } })).status).toBe(200);
    // Reads still answer whatever the Origin (a session check from a link, say).
    expect((await fetch(`${product.url}/api/auth/get-session`, { headers: { cookie: family.cookieHeader() } })).status).toBe(200);
  });

  it('refuses a socket with the family cookie and no Origin', async () => {
    const socket = io(product.url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: family.cookieHeader() } });
    const outcome = await new Promise<'connected' | 'refused'>((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', () => resolve('refused'));
    });
    socket.close();
    expect(outcome).toBe('refused');
  });

  it('refuses a socket from another site and accepts one from its own pages', async () => {
    const attempt = (origin: string) =>
      new Promise<'connected' | 'refused'>((resolve) => {
        const socket = io(product.url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { origin, cookie: family.cookieHeader() } });
        socket.on('connect', () => {
          socket.disconnect();
          resolve('connected');
        });
        socket.on('connect_error', () => resolve('refused'));
      });
    expect(await attempt('https://evil.example')).toBe('refused');
    expect(await attempt(product.url)).toBe('connected');
  });
});
