import { createStaff, HttpSession, startProduct, type RunningProduct } from '@afterwards/testing';

const STAFF = { email: 'sid.staff@example.test', name: 'Sid Staff', password: 'quiet-harbour-81' };

/**
 * The client address comes from the socket or a trusted proxy on every route, and a
 * client-sent copy of the internal address header is ignored. A flood of staff sign-ins from many
 * addresses must not fill one shared limit (which answered 500 and then refused the right password).
 */
describe('client address on every route (services profile)', () => {
  let product: RunningProduct;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    await createStaff(product, STAFF);
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  const from = (address: string, extra: Record<string, string> = {}) => new HttpSession(product.url, { 'x-forwarded-for': address, ...extra });

  it('keeps staff sign-in limits per address: 62 wrong sign-ins from distinct addresses, then the right password answers 200, never 500', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const res = await from(`10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`).json('/api/admin/session', {
        method: 'POST',
        json: { email: `nobody${i}@example.test`, password: 'wrong-password-1' },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([401]));
    const ok = await from('10.20.9.9').json('/api/admin/session', { method: 'POST', json: { email: STAFF.email, password: STAFF.password } });
    expect(ok.status).toBe(200);
  });

  it('locks staff sign-in for the guessing address only: the right password from another address still gets in', async () => {
    const attacker = from('10.40.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await attacker.json('/api/admin/session', { method: 'POST', json: { email: STAFF.email, password: `wrong-password-${i}` } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await attacker.fetch('/api/admin/session', { method: 'POST', json: { email: STAFF.email, password: STAFF.password } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    await locked.arrayBuffer();
    const owner = await from('10.40.0.2').json('/api/admin/session', { method: 'POST', json: { email: STAFF.email, password: STAFF.password } });
    expect(owner.status).toBe(200);
  });

  it('ignores a client-sent copy of the internal address header, and answers a full limit with 429 and Retry-After', async () => {
    // Every attempt claims the same internal address: honoured, they would share one key. They come from
    // one real address, so that address's limit (60 in 15 minutes) is what fills, with a 429, never a 500.
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 62; i++) {
      const http = from('10.30.0.1', { 'x-afterwards-client-ip': '203.0.113.7' });
      const res = await http.fetch('/api/admin/session', { method: 'POST', json: { email: `other${i}@example.test`, password: 'wrong-password-1' } });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another address, spoofing the same internal header, is not limited by the first one's attempts.
    const other = await from('10.30.0.2', { 'x-afterwards-client-ip': '10.30.0.1' }).json('/api/admin/session', { method: 'POST', json: { email: STAFF.email, password: STAFF.password } });
    expect(other.status).toBe(200);
  });
});
