import { io } from 'socket.io-client';
import { REALTIME_PATH } from '@afterwards/contracts';
import { HttpSession, mappedRoutes, signedIn, signUpVerified, startProduct, type RunningProduct } from '@afterwards/testing';

const FAMILY = { email: 'cai.csrf@example.test', password: 'quiet-harbour-95' };

/**
 * Issue 10, item 2: with a family cookie, writes from another site (or from no page at all) must not
 * succeed on any of the API's own routes, whatever the body's type; sockets from another site are refused.
 */
describe('cross-site requests (services profile)', () => {
  let product: RunningProduct;
  let family: HttpSession;
  let writes: { method: string; path: string }[];

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 5, env: { LOG_LEVEL: 'info' } });
    await signUpVerified(product, FAMILY);
    family = await signedIn(product, FAMILY.email, FAMILY.password);
    // Every state-changing route the running app maps (better-auth's /api/auth checks its own).
    writes = mappedRoutes(product).filter((r) => r.path.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
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
    }
    // The same cookie from the product's own pages still works.
    const own = await family.json('/api/preferences', { method: 'PUT', json: { emailNotifications: false, progressTracking: true } });
    expect(own.status).toBe(200);
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
