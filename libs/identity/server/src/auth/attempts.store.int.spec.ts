import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { persistenceMigrations, runMigrations } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { identityMigrations } from '../identity.migrations';
import { AttemptsStore } from './attempts.store';

const policy = { maxFailures: 5, lockMs: 15 * 60_000 };

describe.each(testDatabaseFactories)('attempt counters on %s', (_name, open) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await open();
    await runMigrations(db.sql, [...persistenceMigrations, ...identityMigrations]);
  });
  afterAll(async () => {
    await db.dispose();
  });

  it('counts concurrent failures exactly and locks at the fifth', async () => {
    const store = new AttemptsStore(db.sql);
    const now = new Date('2026-01-01T10:00:00Z');
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => store.fail('admin:account:x@example.test', policy, now)));
    expect(outcomes.map((o) => o.remainingAttempts).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await store.gate('admin:account:x@example.test', new Date(now.getTime() + 60_000))).toEqual({ allowed: false, retryAt: new Date(now.getTime() + 15 * 60_000) });
  });

  it('keeps a lock for a new store over the same database (an API restart) until it runs out', async () => {
    const now = new Date('2026-01-01T11:00:00Z');
    const first = new AttemptsStore(db.sql);
    for (let i = 0; i < 5; i++) await first.fail('admin:ip:10.0.0.1', policy, now);
    const afterRestart = new AttemptsStore(db.sql);
    expect((await afterRestart.gate('admin:ip:10.0.0.1', new Date(now.getTime() + 14 * 60_000))).allowed).toBe(false);
    expect((await afterRestart.gate('admin:ip:10.0.0.1', new Date(now.getTime() + 15 * 60_000))).allowed).toBe(true);
    expect((await afterRestart.fail('admin:ip:10.0.0.1', policy, new Date(now.getTime() + 16 * 60_000))).remainingAttempts).toBe(4);
  });

  it('rate-limits per key in fixed windows, under concurrency', async () => {
    const store = new AttemptsStore(db.sql);
    const now = new Date('2026-01-01T12:00:00Z');
    const rule = { max: 3, windowMs: 60_000 };
    const decisions = await Promise.all(Array.from({ length: 6 }, () => store.hit('sign-in:account:y@example.test', rule, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    expect((await store.hit('sign-in:account:y@example.test', rule, new Date(now.getTime() + 60_000))).allowed).toBe(true);
    expect((await store.hit('sign-in:account:other@example.test', rule, now)).allowed).toBe(true);
  });
});
