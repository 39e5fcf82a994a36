import type pg from 'pg';
import {
  DirectorySearchResponseSchema,
  PlaceSuggestResponseSchema,
  ProblemDetailsSchema,
  RecordInteractionsResponseSchema,
} from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import { connectDatabase, startProduct, startWorker, stopProcess, type ProductProcess, type RunningProduct } from '@afterwards/testing';


describe('place suggestions and listing interactions over HTTP, services profile', () => {
  let product: RunningProduct;
  let worker: ProductProcess | undefined;
  let db: pg.Client;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 120 });
    // The services profile runs the counters job in the worker, scheduled through BullMQ.
    worker = startWorker(product, 'worker');
    db = await connectDatabase(product);
  }, 180_000);
  afterAll(async () => {
    await db?.end();
    // A worker still inside a long job gets 15 s to finish it, then is stopped outright.
    if (worker) await stopProcess(worker, 'SIGTERM', 15_000);
    await product?.stop();
  });

  const suggest = async (q: string, limit?: number) => {
    const res = await fetch(`${product.url}/api/places/suggest?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
    expect(res.status).toBe(200);
    return PlaceSuggestResponseSchema.parse(await res.json()).suggestions;
  };

  it('suggests towns, Irish towns, districts, postcodes and Eircodes as the user types', async () => {
    expect((await suggest('lee'))[0]).toMatchObject({ label: 'Leeds', kind: 'town' });
    expect((await suggest('Limer'))[0]).toMatchObject({ label: 'Limerick', kind: 'town', detail: 'Munster, Ireland' });
    expect((await suggest('m1'))[0]).toMatchObject({ label: 'M1', kind: 'district' });
    expect((await suggest('SW1A 1AA'))[0]).toMatchObject({ label: 'SW1A 1AA', kind: 'postcode' });
    expect((await suggest('T12'))[0]).toMatchObject({ label: 'T12', kind: 'district' });
    expect(await suggest('a', 3)).toHaveLength(3);
    // What a suggestion puts in the location box is what the finder searches by.
    const [cork] = await suggest('cork');
    const search = DirectorySearchResponseSchema.parse(await (await fetch(`${product.url}/api/directory/listings?location=${encodeURIComponent(cork!.label)}`)).json());
    expect(search).toMatchObject({ searchType: 'nearby', place: { latitude: cork!.latitude, longitude: cork!.longitude } });
  });

  it('refuses an empty or oversized query with problem details', async () => {
    for (const query of ['q=', 'q=lee&limit=50']) {
      const res = await fetch(`${product.url}/api/places/suggest?${query}`);
      expect(res.status).toBe(400);
      expect(ProblemDetailsSchema.parse(await res.json())).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('records views and actions, drops repeats, refuses floods, and the job counts them', async () => {
    // The API projects the seeded listings after it starts.
    const found = await expectEventually(async () => {
      const body = DirectorySearchResponseSchema.parse(await (await fetch(`${product.url}/api/directory/listings`)).json());
      expect(body.listings.length).toBeGreaterThan(20);
      return body;
    }, 30_000, 100);
    const shown = found.listings.slice(0, 5);
    const post = (body: unknown, address = '203.0.113.7') =>
      fetch(`${product.url}/api/directory/interactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address, origin: product.url },
        body: JSON.stringify(body),
      });
    const views = { page: 'resources', sessionId: 'e2e-session-1', interactions: shown.map((l) => ({ listingId: l.id, action: 'view', distanceMiles: l.distanceMiles ?? undefined })) };
    const first = await post(views);
    expect(first.status).toBe(202);
    expect(RecordInteractionsResponseSchema.parse(await first.json())).toEqual({ recorded: shown.length, dropped: 0 });
    // The same views again at once: kept out by the per listing and action limit.
    expect(await (await post(views)).json()).toEqual({ recorded: 0, dropped: shown.length });
    // A call from the same page, and the same views from someone else, count.
    expect(await (await post({ ...views, interactions: [{ listingId: shown[0]!.id, action: 'call' }] })).json()).toEqual({ recorded: 1, dropped: 0 });
    expect(await (await post(views, '203.0.113.8')).json()).toEqual({ recorded: shown.length, dropped: 0 });

    // Counters follow within a few seconds, through the worker's scheduled job.
    await expectEventually(async () => {
      expect(worker!.child.exitCode === null ? 'running' : `worker exited: ${worker!.logs()}`).toBe('running');
      const { rows } = await db.query('SELECT views::int, calls::int FROM listing_interaction_counters WHERE listing_id = $1', [shown[0]!.id]);
      expect(rows[0]).toEqual({ views: 2, calls: 1 });
    }, 20_000, 200);

    // A script posting pages of views as fast as it can from one address is cut off as a whole.
    const ids = found.listings.map((l) => l.id);
    let refused: Response | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await post({ page: 'resources', sessionId: 'e2e-script', interactions: ids.map((listingId) => ({ listingId, action: 'click' })) }, '198.51.100.9');
      if (res.status === 429) refused = res;
      else await res.arrayBuffer();
    }
    expect(refused).toBeDefined();
    expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused!.headers.get('content-type')).toContain('application/problem+json');
    expect(ProblemDetailsSchema.parse(await refused!.json())).toMatchObject({
      status: 429,
      code: 'INTERACTIONS_RATE_LIMITED',
      detail: expect.stringMatching(/Too many listing interactions from your address/),
    });
  });

  it('refuses malformed interaction requests', async () => {
    const res = await fetch(`${product.url}/api/directory/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: product.url },
      body: JSON.stringify({ page: 'resources', sessionId: 'short', interactions: [{ listingId: 'nope', action: 'like' }] }),
    });
    expect(res.status).toBe(400);
    expect(ProblemDetailsSchema.parse(await res.json())).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
