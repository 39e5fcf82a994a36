import { spawn, spawnSync } from 'node:child_process';
import { API_ROUTES, DirectorySearchResponseSchema, ProblemDetailsSchema } from '@afterwards/contracts';
import { API_ENTRY, startProduct, type RunningProduct } from '@afterwards/testing';

describe('API over HTTP, embedded profile', () => {
  let product: RunningProduct;

  beforeAll(async () => {
    // As on a user's first start: the product makes its own database (the other files start from a template).
    product = await startProduct({ profile: 'embedded', seedCount: 150, firstStart: true });
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('answers health and readiness', async () => {
    expect(await (await fetch(`${product.url}/api/health/live`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${product.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', projections: 'ok' },
      leading: true,
      projections: { retrying: [], parked: 0, oldestParked: [] },
    });
  });

  it('serves its OpenAPI document with every route it serves (it would not have started otherwise), and a page to browse it', async () => {
    const res = await fetch(`${product.url}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { 'x-access': string }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const route of API_ROUTES) expect({ route: `${route.method} ${route.path}`, access: doc.paths[route.path]?.[route.method.toLowerCase()]?.['x-access'] }).toEqual({ route: `${route.method} ${route.path}`, access: route.access });
    const page = await fetch(`${product.url}/api/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    for (const script of html.match(/\/api\/docs\/assets\/[\w.-]+/g) ?? []) expect({ script, status: (await fetch(`${product.url}${script}`)).status }).toEqual({ script, status: 200 });
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const unknown = await fetch(`${product.url}/api/docs/assets/..%2Fpackage.json`);
    expect(unknown.status).toBe(404);
  });

  it('finds active listings near a postcode, a district, a town and an Irish town', async () => {
    for (const location of ['SW1A 1AA', 'M1', 'Leeds', 'Dublin']) {
      const res = await fetch(`${product.url}/api/directory/listings?location=${encodeURIComponent(location)}`);
      const body = DirectorySearchResponseSchema.parse(await res.json());
      expect(body.searchType).toBe('nearby');
      for (const l of body.listings) expect(l.distanceMiles).toBeLessThanOrEqual(25);
      const distances = body.listings.filter((l) => !l.promoted).map((l) => l.distanceMiles!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    }
  });

  it('says when a place is not recognised and lists everything instead', async () => {
    const body = DirectorySearchResponseSchema.parse(
      await (await fetch(`${product.url}/api/directory/listings?location=Atlantis`)).json(),
    );
    expect(body).toMatchObject({ searchType: 'not_found', place: null });
    expect(body.total).toBeGreaterThan(0);
  });

  it('refuses bad input with problem details', async () => {
    const res = await fetch(`${product.url}/api/directory/listings?category=Astrologers`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(ProblemDetailsSchema.parse(await res.json())).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('serves the family shell for page paths and 404 problems for unknown API paths', async () => {
    const page = await fetch(`${product.url}/resources`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const api = await fetch(`${product.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps its read models across a restart, and refuses a second process on the same data', async () => {
    // Not spawnSync: a test thread blocked for seconds misses the server closing an idle kept-alive
    // connection, and the next fetch goes out on it ('other side closed').
    const second = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [API_ENTRY], { env: product.env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
      const timer = setTimeout(() => child.kill(), 30_000);
      child.once('exit', (status) => (clearTimeout(timer), resolve({ status, stderr })));
    });
    expect(second.status).not.toBe(0);
    expect(second.stderr).toMatch(/is in use by process/);

    const before = await (await fetch(`${product.url}/api/directory/listings`)).json();
    await product.stopApi();
    await product.startApi();
    const after = await (await fetch(`${product.url}/api/directory/listings`)).json();
    expect(after.total).toBe(before.total);
  });
});

describe('API start-up configuration', () => {
  it('exits with one clear message per wrong variable', () => {
    const result = spawnSync(process.execPath, [API_ENTRY], {
      env: { PATH: process.env.PATH, PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PORT must be a number');
    expect(result.stderr).toContain('DATABASE_URL must start with postgres:// or postgresql://');
    expect(result.stderr).toContain('REDIS_URL must start with redis:// or rediss://');
  });

  it('refuses to serve with DATABASE_URL but no AUTH_SECRET, before touching the database', () => {
    const result = spawnSync(process.execPath, [API_ENTRY], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('AUTH_SECRET is required with DATABASE_URL: ');
  });
});
