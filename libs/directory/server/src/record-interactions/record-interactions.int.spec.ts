import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { INTERACTION_BATCHING, type ListingAction, type ListingInteraction, type RecordInteractionsRequest } from '@afterwards/contracts';
import { persistenceMigrations, runMigrations, type SqlClient } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import type { AppConfig } from '@afterwards/server-kit';
import { directoryMigrations } from '../directory.migrations';
import { aggregateInteractions, aggregateInteractionsBatch } from '../aggregate-interactions/aggregate-interactions.job';
import { RecordInteractions } from './record-interactions.command';
import { InteractionsRateLimited, RecordInteractionsHandler } from './record-interactions.handler';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function addListing(sql: SqlClient, status = 'Active'): Promise<string> {
  const id = randomUUID();
  await sql.query(
    `INSERT INTO listings (id, name, category, location, service_radius_miles, serves_surrounding_areas, status, promoted,
       total_reviews, latitude, longitude, version, created_at, updated_at)
     VALUES ($1, 'Test Funeral Directors', 'Funeral Directors', 'Leeds', 10, false, $2, false, 0, 53.8, -1.55, 0, now(), now())`,
    [id, status],
  );
  return id;
}

const address = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const request = (items: ListingInteraction[], extra: Partial<RecordInteractionsRequest> = {}): RecordInteractionsRequest => ({
  page: 'resources',
  sessionId: 'session-1234',
  interactions: items,
  ...extra,
});

// PGlite with the in-memory limits (embedded profile); PostgreSQL with the Redis limits (services profile).
describe.each(testDatabaseFactories)('listing interactions on %s', (name, create) => {
  let db: TestDatabase;
  let handler: RecordInteractionsHandler;

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...directoryMigrations]);
    const config = { redisUrl: name === 'postgres' ? TEST_REDIS_URL : undefined } as AppConfig;
    handler = new RecordInteractionsHandler(db.sql, config);
  });
  afterAll(async () => {
    await handler?.onApplicationShutdown();
    await db?.dispose();
  });

  const record = (req: RecordInteractionsRequest, clientAddress = address(), extra: { userAgent?: string; referrer?: string } = {}) =>
    handler.execute(new RecordInteractions(req, { clientAddress, ...extra }));

  it('stores events for Active listings with what the spec asks for, and drops the others', async () => {
    const active = await addListing(db.sql);
    const pending = await addListing(db.sql, 'Pending Review');
    const result = await record(
      request(
        [
          { listingId: active, action: 'view', userLat: 53.79, userLng: -1.54, distanceMiles: 1.26 },
          { listingId: pending, action: 'view' },
          { listingId: randomUUID(), action: 'call' },
        ],
        { page: 'dashboard-resources' },
      ),
      '192.0.2.10',
      { userAgent: 'Mozilla/5.0 test', referrer: 'http://127.0.0.1/resources' },
    );
    expect(result).toEqual({ recorded: 1, dropped: 2 });
    const { rows } = await db.sql.query(
      'SELECT listing_id, action, user_lat, user_lng, distance_miles::text AS distance, user_agent, referrer, session_id, page, platform, created_at FROM listing_interactions WHERE listing_id = $1',
      [active],
    );
    expect(rows).toEqual([
      {
        listing_id: active,
        action: 'view',
        user_lat: 53.79,
        user_lng: -1.54,
        distance: '1.3',
        user_agent: 'Mozilla/5.0 test',
        referrer: 'http://127.0.0.1/resources',
        session_id: 'session-1234',
        page: 'dashboard-resources',
        platform: 'web',
        created_at: expect.any(Date),
      },
    ]);
  });

  it('keeps one event per address, listing and action in five seconds', async () => {
    const id = await addListing(db.sql);
    const from = address();
    expect(await record(request([{ listingId: id, action: 'call' }]), from)).toEqual({ recorded: 1, dropped: 0 });
    // Again at once, and twice in one request: dropped.
    expect(await record(request([{ listingId: id, action: 'call' }, { listingId: id, action: 'call' }]), from)).toEqual({ recorded: 0, dropped: 2 });
    // Another action, or another address, still counts; duplicates inside one request count once.
    expect(await record(request([{ listingId: id, action: 'email' }, { listingId: id, action: 'website' }, { listingId: id, action: 'website' }]), from)).toEqual({
      recorded: 2,
      dropped: 1,
    });
    expect(await record(request([{ listingId: id, action: 'call' }]), address())).toEqual({ recorded: 1, dropped: 0 });
    const { rows } = await db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM listing_interactions WHERE listing_id = $1', [id]);
    expect(rows[0]!.n).toBe('4');
  });

  it("takes the finder's full batch and the one sent as a page is hidden, then refuses a client that does not batch, as a whole", async () => {
    const { maxBatch } = INTERACTION_BATCHING;
    const ids = await Promise.all(Array.from({ length: maxBatch }, () => addListing(db.sql)));
    const batchOf = (action: ListingAction) => request(ids.map((listingId) => ({ listingId, action })));
    const from = address();
    expect(await record(batchOf('view'), from)).toEqual({ recorded: maxBatch, dropped: 0 });
    expect(await record(batchOf('click'), from)).toEqual({ recorded: maxBatch, dropped: 0 });
    expect(await record(batchOf('website'), from)).toEqual({ recorded: maxBatch, dropped: 0 });
    const refused = record(batchOf('email'), from);
    await expect(refused).rejects.toBeInstanceOf(InteractionsRateLimited);
    await expect(refused).rejects.toMatchObject({ status: 429, code: 'INTERACTIONS_RATE_LIMITED', message: expect.stringMatching(/Too many listing interactions.*Try again in \d+ seconds?/) });
    // Other visitors are not affected.
    expect(await record(request([{ listingId: ids[0]!, action: 'email' }]), address())).toEqual({ recorded: 1, dropped: 0 });
  });

  it('aggregates raw events into counters once, however often the job runs', async () => {
    await aggregateInteractions(db.sql); // what earlier tests recorded
    const a = await addListing(db.sql);
    const b = await addListing(db.sql);
    const actions: ListingAction[] = ['view', 'click', 'call', 'email', 'website', 'directions'];
    for (const action of actions) await record(request([{ listingId: a, action }, { listingId: b, action: 'view' }]));
    await record(request([{ listingId: a, action: 'view' }]));
    expect(await aggregateInteractions(db.sql)).toEqual({ events: 13, listings: 2 });
    expect(await aggregateInteractions(db.sql)).toEqual({ events: 0, listings: 0 });
    const counters = async (id: string) =>
      (await db.sql.query('SELECT views::int, clicks::int, calls::int, emails::int, websites::int, directions::int FROM listing_interaction_counters WHERE listing_id = $1', [id])).rows[0];
    expect(await counters(a)).toEqual({ views: 2, clicks: 1, calls: 1, emails: 1, websites: 1, directions: 1 });
    expect(await counters(b)).toEqual({ views: 6, clicks: 0, calls: 0, emails: 0, websites: 0, directions: 0 });

    // In small batches, new events add to the totals.
    await record(request([{ listingId: b, action: 'call' }, { listingId: b, action: 'email' }, { listingId: b, action: 'directions' }]));
    expect(await aggregateInteractionsBatch(db.sql, 2)).toEqual({ events: 2, listings: 1 });
    expect(await aggregateInteractionsBatch(db.sql, 2)).toEqual({ events: 1, listings: 1 });
    expect(await counters(b)).toEqual({ views: 6, clicks: 0, calls: 1, emails: 1, websites: 0, directions: 1 });
  });

  if (name === 'postgres') {
    it('never skips an insert that commits after a later one was counted', async () => {
      await aggregateInteractions(db.sql);
      const id = await addListing(db.sql);
      const slow = new pg.Client({ connectionString: db.url });
      await slow.connect();
      try {
        await slow.query('BEGIN');
        await slow.query(`INSERT INTO listing_interactions (listing_id, action, session_id, page) VALUES ($1, 'view', 'slow-session', 'resources')`, [id]);
        await record(request([{ listingId: id, action: 'call' }])); // commits while the first is open
        // The open transaction holds the horizon: nothing after it is counted yet.
        expect(await aggregateInteractions(db.sql)).toEqual({ events: 0, listings: 0 });
        await slow.query('COMMIT');
        expect(await aggregateInteractions(db.sql)).toEqual({ events: 2, listings: 1 });
      } finally {
        await slow.end();
      }
      const { rows } = await db.sql.query('SELECT views::int, calls::int FROM listing_interaction_counters WHERE listing_id = $1', [id]);
      expect(rows[0]).toEqual({ views: 1, calls: 1 });
    });
  }
});
