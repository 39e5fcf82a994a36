import pg from 'pg';
import { describeFuzzReport, fuzzApi, fuzzRecords, HttpSession, READ_MODEL_FINGERPRINT_SQL, signedIn, signUpVerified, startProduct, type RunningProduct } from '@afterwards/testing';

const ANN = { email: 'ann.fuzz@example.test', password: 'quiet-harbour-90' };
const ADMIN = { email: 'ada.fuzz@example.test', name: 'Ada Fuzz', password: 'quiet-harbour-92' };
/** A short, seeded run in npm test; `node tools/dist/cli.js fuzz --runs 200` is the long one. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/**
 * Requests generated from the contracts (fast-check, seeded) against every route that takes a JSON body, a
 * query or an upload, on the services profile: no 5xx, every refusal a problem detail with a stable code,
 * and a refused request leaves the event log and the read models as they were.
 */
describe('fuzzing the API from its contracts', () => {
  let product: RunningProduct;
  let db: pg.Client;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 5 });
    product.tool('create-admin', '--email', ADMIN.email, '--name', ADMIN.name, '--password', ADMIN.password);
    db = new pg.Client({ connectionString: product.env.DATABASE_URL });
    await db.connect();
  }, 180_000);
  afterAll(async () => {
    await db?.end();
    await product?.stop();
  });

  it(`answers ${RUNS} generated requests per route (seed ${SEED}) without a 5xx, with problem details, changing nothing when refusing`, async () => {
    await signUpVerified(product, ANN);
    const family = await signedIn(product, ANN.email, ANN.password);
    const admin = new HttpSession(product.url);
    expect((await admin.json('/api/admin/session', { method: 'POST', json: ADMIN })).status).toBe(200);
    const report = await fuzzApi(
      {
        sessions: { family, admin, anonymous: new HttpSession(product.url) },
        ids: await fuzzRecords(family, admin),
        eventHead: async () => (await db.query<{ head: string }>('SELECT coalesce(max(seq), 0)::text AS head FROM events')).rows[0]!.head,
        readModels: async () => (await db.query<{ fingerprint: string }>(READ_MODEL_FINGERPRINT_SQL)).rows[0]!.fingerprint,
      },
      { runs: RUNS, seed: SEED },
    );
    console.log(describeFuzzReport(report, { runs: RUNS, seed: SEED }));
    expect(report.serverErrors).toEqual([]);
    expect(report.notProblems).toEqual([]);
    expect(report.changedOnRefusal).toEqual([]);
    expect(report.requests).toBeGreaterThan(40 * RUNS);
  }, 300_000);
});
