import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@afterwards/persistence';
import { createPostgresTestDatabase, expectEventually, type TestDatabase } from '@afterwards/persistence/testing';
import { comparePositions, PostgresEventStore, type NewEvent, type NewStreamAppend } from '@afterwards/event-store';
import { ProjectionRunner, rebuildProjections, REBUILD_SCHEMA } from '@afterwards/server-kit';
import { useProjectionDatabase } from '@afterwards/server-kit/testing';
import { decideListing, foldListing, listingStreamId, type ListingCommand, type ListingEvent } from '@afterwards/directory-domain';
import { directoryMigrations } from '../directory.migrations';
import { staffActivityProjection } from '../staff-activity-projection/staff-activity.projection';
import { listingsProjection } from './listings.projection';

const LISTINGS = 3_000;
const meta = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'test', correlationId: 'c', causationId: 'c', schemaVersion: 1 });

/** A listing's stream as its commands decide it: submitted, approved, and some promoted or suspended. */
function listing(n: number): NewStreamAppend {
  const id = randomUUID();
  const commands: ListingCommand[] = [
    { type: 'SubmitListing', listingId: id, details: { name: `Rebuild ${n}`, category: 'Funeral Directors', location: 'Leeds', latitude: 53.8, longitude: -1.55 } },
    { type: 'ApproveListing', listingId: id },
  ];
  if (n % 10 === 0) commands.push({ type: 'PromoteListing', listingId: id, position: 1 });
  if (n % 7 === 0) commands.push({ type: 'SuspendListing', listingId: id, reason: 'Complaint' });
  if (n % 5 === 0) commands.push({ type: 'EditListing', listingId: id, changes: { name: `Rebuild ${n} renamed`, pricing: 'From £900' } });
  const history: ListingEvent[] = [];
  const events: NewEvent[] = [];
  for (const command of commands) {
    for (const e of decideListing(command, foldListing(history))) {
      history.push(e);
      events.push({ ...e, metadata: meta() });
    }
  }
  return { streamId: listingStreamId(id), events };
}

/**
 * `tools rebuild` at scale beside a running projection (services profile): it replays into a shadow copy, so
 * the live table's per-row status-count trigger never fires for it, no live row is rewritten, the live
 * projection goes on applying new events meanwhile, and the rebuilt models equal the live ones at its checkpoint.
 */
describe('listings rebuilt beside the live projection on postgres', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  useProjectionDatabase(createPostgresTestDatabase, [...directoryMigrations], (opened) => ({ db, store, prisma } = opened));

  it('rebuilds thousands of listings without touching the live rows or their trigger, while the live projection keeps running', async () => {
    for (let n = 0; n < LISTINGS; n += 500) {
      const results = await store.appendNewStreams(Array.from({ length: 500 }, (_, i) => listing(n + i)));
      expect(results.filter((r) => r instanceof Error)).toEqual([]);
    }
    const runner = new ProjectionRunner(store, prisma, [listingsProjection, staffActivityProjection]);
    await runner.start();
    const caughtUp = async () => {
      const [last] = await store.readAll({ maxCount: 1_000_000 }).then((all) => all.slice(-1));
      await expectEventually(() => {
        for (const p of [listingsProjection, staffActivityProjection]) expect(comparePositions(runner.status()[p.name]!, last!.position)).toBe(0);
      }, 120_000);
    };
    await caughtUp();

    // Every row trigger firing on the live table is counted (a sequence: counted even if rolled back).
    await db.sql.exec(`
      CREATE SEQUENCE listing_row_trigger_calls;
      CREATE FUNCTION count_listing_row_trigger() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('listing_row_trigger_calls'); RETURN NULL; END $$;
      CREATE TRIGGER count_listing_row_trigger AFTER INSERT OR UPDATE OR DELETE ON listings FOR EACH ROW EXECUTE FUNCTION count_listing_row_trigger();`);
    const triggerCalls = async () => {
      const { rows } = await db.sql.query<{ n: string }>(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::text AS n FROM listing_row_trigger_calls`);
      return Number(rows[0]!.n);
    };
    const versions = async () => new Map((await db.sql.query<{ id: string; xmin: string }>(`SELECT id::text, xmin::text FROM listings`)).rows.map((r) => [r.id, r.xmin]));
    const before = await versions();
    const liveBefore = runner.status()[listingsProjection.name]!;

    // New listings keep coming while the rebuild runs, and the live projection applies them.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing && written < 100) {
        await store.appendNewStreams([listing(LISTINGS + written)]);
        written++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const reports = await rebuildProjections(store, prisma, [listingsProjection, staffActivityProjection]);
    writing = false;
    await writer;

    expect(reports.map((r) => [r.projection, r.equal, r.differences])).toEqual([
      [listingsProjection.name, true, []],
      [staffActivityProjection.name, true, []],
    ]);
    expect(reports[0]!.rowsAfter).toBeGreaterThanOrEqual(LISTINGS);
    expect(written).toBeGreaterThan(0);
    // The live projection moved on during the rebuild: only its own writes fired the live trigger (at most one
    // per event of a new listing), none for the thousands of rows the rebuild replayed.
    expect(comparePositions(runner.status()[listingsProjection.name]!, liveBefore)).toBeGreaterThan(0);
    expect(await triggerCalls()).toBeLessThanOrEqual(written * 5);
    // No live row was rewritten by the rebuild.
    const after = await versions();
    expect([...before].filter(([id, xmin]) => after.get(id) !== xmin)).toEqual([]);
    // The status counts the live trigger keeps equal a count of the rows, and the rebuild's copy is gone.
    await caughtUp();
    await runner.stop();
    const { rows: counts } = await db.sql.query<{ differing: string }>(`
      SELECT count(*)::text AS differing FROM (
        (SELECT status, listings, promoted FROM listing_status_counts WHERE listings <> 0 OR promoted <> 0
         EXCEPT SELECT status, count(*), count(*) FILTER (WHERE promoted) FROM listings GROUP BY status)
        UNION ALL
        (SELECT status, count(*), count(*) FILTER (WHERE promoted) FROM listings GROUP BY status
         EXCEPT SELECT status, listings, promoted FROM listing_status_counts)) d`);
    expect(counts[0]!.differing).toBe('0');
    const { rows: schemas } = await db.sql.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [REBUILD_SCHEMA]);
    expect(schemas).toEqual([]);
  }, 300_000);
});
