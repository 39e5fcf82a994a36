import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { MemoryDetailSchema, ProblemDetailsSchema, REALTIME_PATH, SessionResponseSchema } from '@afterwards/contracts';
import { connectDatabase, parsePrometheusText, signedIn, signUpVerified, startProduct, type HttpSession, type MetricFamily, type RunningProduct } from '@afterwards/testing';

const TOKEN = 'metrics-e2e-token-0123456789abcdef';
const ANN = { email: 'ann.metrics@example.test', password: 'quiet-harbour-70' };
const DECEASED = 'Winifred Ashcombe';

/**
 * GET /metrics of the built API on the services profile (BullMQ, PostgreSQL), with METRICS_TOKEN set: what
 * a request to a route with an id adds, the projections, the queues and the sockets, in a format a real
 * parser reads, and nothing of a family's in it.
 */
describe('metrics over HTTP', () => {
  let product: RunningProduct;
  let ann: HttpSession;
  let memoryId: string;
  let userId: string;
  const strayId = randomUUID();

  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
    const res = await fetch(`${product.url}/metrics`, { headers });
    return { res, text: await res.text() };
  };
  const family = (families: Map<string, MetricFamily>, name: string): MetricFamily => {
    const found = families.get(name);
    if (!found) throw new Error(`no metric ${name}`);
    return found;
  };

  beforeAll(async () => {
    // Info logs carry the names of the projections this process runs.
    product = await startProduct({ profile: 'services', seedCount: 5, env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' } });
    await signUpVerified(product, ANN);
    ann = await signedIn(product, ANN.email, ANN.password);
    userId = SessionResponseSchema.parse((await ann.json('/api/session')).body).user.id;
    const opened = await ann.json('/api/memories', { method: 'POST', json: { name: 'Gran', deceasedName: DECEASED, jurisdiction: 'Wales', dateOfDeath: '2026-02-02' } });
    expect(opened.status).toBe(201);
    memoryId = MemoryDetailSchema.parse(opened.body).memory.id;
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('refuses a scrape without the token, or with another, as a problem that nothing keeps', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-the-metrics-token-at-all' }, { authorization: TOKEN }];
    for (const headers of attempts) {
      const { res, text } = await scrape(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(ProblemDetailsSchema.parse(JSON.parse(text)).code).toBe('METRICS_TOKEN_REQUIRED');
    }
  });

  it('times requests by route pattern, and shows the projections, the queues, the sockets and the process, without a family’s ids or names', async () => {
    const reads = 3;
    for (let i = 0; i < reads; i++) expect((await ann.fetch(`/api/memories/${memoryId}`)).status).toBe(200);
    expect((await ann.fetch(`/api/memories/${strayId}`)).status).toBe(404);
    expect((await fetch(`${product.url}/api/no-such-route/${strayId}`)).status).toBe(404);
    expect((await fetch(`${product.url}/memories/${strayId}`)).status).toBe(200); // a page of the family shell

    const socket: Socket = io(product.url, { path: REALTIME_PATH, transports: ['websocket'], extraHeaders: { origin: product.url } });
    try {
      await new Promise<void>((resolve, reject) => (socket.on('connect', resolve), socket.on('connect_error', reject)));
      // Prometheus asks for gzip: the answer is compressed per request like the API's JSON, and reads the same.
      const { res, text } = await scrape({ authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const families = parsePrometheusText(text);

      for (const secret of [memoryId, strayId, userId, ANN.email, DECEASED, 'Gran', TOKEN]) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });

      const http = family(families, 'afterwards_http_request_duration_seconds');
      expect(http.type).toBe('histogram');
      const count = (route: string, method: string, statusClass: string) =>
        http.samples.find((s) => s.name.endsWith('_count') && s.labels.route === route && s.labels.method === method && s.labels.status_class === statusClass)?.value ?? 0;
      expect(count('/api/memories/:id', 'GET', '2xx')).toBeGreaterThanOrEqual(reads);
      expect(count('/api/memories/:id', 'GET', '4xx')).toBeGreaterThanOrEqual(1);
      expect(count('unmatched', 'GET', '4xx')).toBeGreaterThanOrEqual(1);
      expect(count('static', 'GET', '2xx')).toBeGreaterThanOrEqual(1);
      expect(count('/api/auth/*', 'POST', '2xx')).toBeGreaterThanOrEqual(1);
      expect(count('/metrics', 'GET', '4xx')).toBeGreaterThanOrEqual(3);
      const buckets = [...new Set(http.samples.filter((s) => s.name.endsWith('_bucket')).map((s) => s.labels.le))];
      expect(buckets).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf']);
      // Every route label is a pattern, a fixed word or a web app's: never a path with an id in it.
      for (const route of new Set(http.samples.map((s) => s.labels.route!))) expect(route).toMatch(/^(\/[\w.*:-]*)+$|^(static|unmatched)$/);

      // One checkpoint series per projection this API runs, as committed in projection_checkpoints.
      const running = product.logs().split('\n').find((line) => line.includes('"msg":"projections running"'));
      const projections = (JSON.parse(running!) as { projections: string[] }).projections;
      expect(projections.length).toBeGreaterThan(3);
      const checkpoints = family(families, 'afterwards_projection_checkpoint_position');
      expect(checkpoints.samples.map((s) => s.labels.projection).sort()).toEqual([...projections].sort());
      const db = await connectDatabase(product);
      try {
        const rows = (await db.query<{ projection: string; commit: string }>('SELECT projection, "commit"::text FROM projection_checkpoints')).rows;
        for (const row of rows) {
          const sample = checkpoints.samples.find((s) => s.labels.projection === row.projection);
          // The projection may have moved on between the scrape and this read, never back.
          if (sample) expect(sample.value).toBeLessThanOrEqual(Number(row.commit));
        }
      } finally {
        await db.end();
      }
      expect(checkpoints.samples.find((s) => s.labels.projection === 'cases.memories')!.value).toBeGreaterThan(0);
      const lag = family(families, 'afterwards_projection_lag_seconds');
      expect(lag.samples.map((s) => s.labels.projection).sort()).toEqual([...projections].sort());
      for (const sample of lag.samples) expect(sample.value).toBeGreaterThanOrEqual(0);
      // The one replica leads, in its first term.
      expect(family(families, 'afterwards_projection_leader').samples[0]!.value).toBe(1);
      expect(family(families, 'afterwards_projection_lease_token').samples[0]!.value).toBeGreaterThanOrEqual(1);
      // Any other term is explained by the API's own log (why it stepped down).
      const stepDowns = product.logs().split('\n').filter((line) => line.includes('no longer leading') || line.includes('could not take the projection lease'));
      expect({ terms: family(families, 'afterwards_projection_leader_terms_total').samples[0]!.value, stepDowns }).toEqual({ terms: 1, stepDowns: [] });

      // Every queue with each of its states; failed attempts per queue.
      const jobs = family(families, 'afterwards_jobs');
      const queues = [...new Set(jobs.samples.map((s) => s.labels.queue!))];
      expect(queues.length).toBeGreaterThan(3);
      for (const queue of queues) expect(jobs.samples.filter((s) => s.labels.queue === queue).map((s) => s.labels.state)).toEqual(['waiting', 'active', 'delayed', 'failed']);
      expect(family(families, 'afterwards_job_attempts_failed_total').samples.map((s) => s.labels.queue).sort()).toEqual([...queues].sort());

      expect(family(families, 'afterwards_socket_connections').samples[0]!.value).toBeGreaterThanOrEqual(1);
      // After a sign-up, a sign-in, a memory opened and read and a socket: no store has left a promise hook on (decision 0065).
      expect(family(families, 'afterwards_promise_hooks_on').samples.map((s) => s.value)).toEqual([0]);
      for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds']) expect(families.has(name)).toBe(true);
    } finally {
      socket.close();
    }
  });
});
