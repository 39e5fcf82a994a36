import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@afterwards/persistence';
import { createPostgresTestDatabase, expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { PostgresEventStore, type RecordedEvent } from '@afterwards/event-store';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { useProjectionDatabase } from '../testing';
import { isTransientFailure, listParkedEvents, retryParkedEvents } from './projection-failures';

/**
 * The read side keeps going: a passing database failure (a real SQLSTATE 40001 raised inside the batch's
 * transaction) is retried with backoff and loses nothing; an event that fails for reasons of its own (a
 * real SQL error it causes) is parked with its error while later events apply; an operator's retry after
 * the fix applies it; the lag grows while a batch waits; and a runner waiting to retry stops when asked.
 */
describe.each(testDatabaseFactories)('projection failures on %s', (_name, create) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  useProjectionDatabase(create, [], async (opened) => {
    ({ db, store, prisma } = opened);
    await db.sql.exec('CREATE TABLE resilience_rows (id text PRIMARY KEY, n integer NOT NULL)');
  });

  const control = { transientLeft: 0, poison: new Set<string>() };
  const projection: Projection = {
    name: 'resilience-test',
    streamPrefixes: ['res-'],
    async apply(event, tx) {
      const data = event.data as { id: string; n: number };
      if (control.transientLeft > 0) {
        control.transientLeft -= 1;
        await tx.$executeRawUnsafe(`DO $$ BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END $$`);
      }
      if (control.poison.has(data.id)) await tx.$executeRawUnsafe(`DO $$ BEGIN RAISE EXCEPTION 'row % breaks a rule', '${data.id}' USING ERRCODE = '23514'; END $$`);
      await tx.$executeRaw`INSERT INTO resilience_rows (id, n) VALUES (${data.id}, ${data.n}) ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n`;
      return [data.id];
    },
    async snapshot(client) {
      return client.$queryRaw`SELECT id, n FROM resilience_rows ORDER BY id`;
    },
  };
  const metadata = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'system', correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 });
  const write = (id: string, n = 1) => store.append(`res-${id}`, [{ type: 'RowWritten', data: { id, n }, metadata: metadata() }], 'any');
  const rows = async () => (await db.sql.query<{ id: string }>('SELECT id FROM resilience_rows ORDER BY id')).rows.map((r) => r.id);

  it('retries passing failures, parks an event that fails on its own while later ones apply, and applies it on retry after the fix', async () => {
    const retries: { attempt: number; transient: boolean }[] = [];
    const parked: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const runner = new ProjectionRunner(store, prisma, [projection], undefined, (_n, e) => errors.push(e), {
      onRetry: (_n, error, attempt) => retries.push({ attempt, transient: isTransientFailure(error) }),
      onParked: (_n, event) => parked.push(event),
      retryFirstMs: 5,
      retryMaxMs: 40,
    });
    await runner.start();
    try {
      // Three passing failures in a row: the batch is retried with growing waits, nothing is parked.
      control.transientLeft = 3;
      for (const id of ['a', 'b', 'c']) await write(id);
      await expectEventually(async () => expect(await rows()).toEqual(['a', 'b', 'c']), 15_000);
      expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
      expect(retries.every((r) => r.transient)).toBe(true);
      expect(parked).toEqual([]);
      // Caught up: no lag (the metrics read it).
      expect(runner.lagSeconds()).toEqual({ 'resilience-test': 0 });

      // 'e' breaks a rule of the read model: parked with its error; 'd' and 'f' (and later 'g') apply.
      control.poison.add('e');
      for (const id of ['d', 'e', 'f']) await write(id);
      await expectEventually(async () => expect(await rows()).toEqual(['a', 'b', 'c', 'd', 'f']), 15_000);
      await write('g');
      await expectEventually(async () => expect(await rows()).toEqual(['a', 'b', 'c', 'd', 'f', 'g']), 15_000);
      expect(parked.map((e) => e.streamId)).toEqual(['res-e']);
      const listed = await listParkedEvents(prisma);
      expect(listed).toEqual([expect.objectContaining({ projection: 'resilience-test', streamId: 'res-e', revision: 0, type: 'RowWritten', attempts: 1 })]);
      expect(listed[0]!.error).toContain('row e breaks a rule');
      expect(errors).toEqual([]);

      // Still failing: the retry keeps it parked and counts the attempt. Fixed: applied and forgotten.
      expect(await retryParkedEvents(store, prisma, [projection])).toEqual([expect.objectContaining({ applied: false, type: 'RowWritten' })]);
      expect((await listParkedEvents(prisma))[0]!.attempts).toBe(2);
      control.poison.clear();
      expect(await retryParkedEvents(store, prisma, [projection])).toEqual([expect.objectContaining({ applied: true })]);
      expect(await rows()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
      expect(await listParkedEvents(prisma)).toEqual([]);

      // A runner waiting to retry stops at once when asked, without reporting a failure.
      control.transientLeft = 1_000;
      await write('h');
      await expectEventually(() => expect(runner.retrying()).toEqual(['resilience-test']), 15_000);
      // The event waiting in the retried batch ages: the lag grows until it applies.
      await expectEventually(() => expect(runner.lagSeconds()['resilience-test']).toBeGreaterThan(0.2), 15_000);
    } finally {
      await runner.stop();
      control.transientLeft = 0;
    }
    expect(errors).toEqual([]);
    expect(await rows()).not.toContain('h');
  });

  it('tells passing database failures from the others', () => {
    expect(isTransientFailure(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransientFailure(new Error('wrapped', { cause: { code: '40P01' } }))).toBe(true);
    expect(isTransientFailure(Object.assign(new Error('prisma'), { code: 'P2034' }))).toBe(true);
    expect(isTransientFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientFailure(Object.assign(new Error('check'), { code: '23514' }))).toBe(false);
    expect(isTransientFailure(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
  });
});

/**
 * A batch slower than its transaction's time (a slow or loaded machine, a projection doing a round trip or more
 * per event) is applied again in halves: retried whole, it timed out again and again and the projection
 * never moved (a live memories projection catching up on a million events did exactly that).
 */
describe('a projection batch that outlasts its transaction on postgres', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  useProjectionDatabase(createPostgresTestDatabase, [], async (opened) => {
    ({ db, store, prisma } = opened);
    await db.sql.exec('CREATE TABLE slow_rows (id text PRIMARY KEY)');
  });

  it('is applied in halves until each part fits, and every event lands once', async () => {
    const slow: Projection = {
      name: 'slow-test',
      streamPrefixes: ['slow-'],
      async apply(event, tx) {
        const { id } = event.data as { id: string };
        // 10 ms of database time per event: 200 events take 2 s, four times the transaction's 500 ms.
        await tx.$executeRaw`SELECT pg_sleep(0.01)`;
        await tx.$executeRaw`INSERT INTO slow_rows (id) VALUES (${id})`;
        return [id];
      },
      async snapshot(client) {
        return client.$queryRaw`SELECT id FROM slow_rows ORDER BY id`;
      },
    };
    const ids = Array.from({ length: 200 }, (_, i) => `slow-${String(i).padStart(3, '0')}`);
    const meta = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'system', correlationId: 'c', causationId: 'c', schemaVersion: 1 });
    await store.append('slow-stream', ids.map((id) => ({ type: 'SlowRowWritten', data: { id }, metadata: meta() })), 'no_stream');
    const last = (await store.readStream('slow-stream')).at(-1)!.position;
    const runner = new ProjectionRunner(store, prisma, [slow], undefined, undefined, { batchTimeoutMs: 500, retryFirstMs: 10, retryMaxMs: 50 });
    await runner.start();
    try {
      await expectEventually(() => expect(runner.status()['slow-test']).toEqual(last), 60_000, 50);
    } finally {
      await runner.stop();
    }
    // A duplicate would have failed its insert (primary key) and been parked.
    expect((await db.sql.query<{ id: string }>('SELECT id FROM slow_rows ORDER BY id')).rows.map((r) => r.id)).toEqual(ids);
    expect(await listParkedEvents(prisma, 'slow-test', 10)).toEqual([]);
  }, 120_000);
});
