import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { persistenceMigrations, runMigrations } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { identityMigrations } from '../identity.migrations';
import { AttemptsStore } from './attempts.store';
import { SignInLimits } from './sign-in-limits';

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
  it('counts only failed sign-ins: right passwords take their attempt back, so they never fill a limit', async () => {
    const limits = new SignInLimits(new AttemptsStore(db.sql));
    const now = new Date('2026-01-01T13:00:00Z');
    for (let i = 0; i < 25; i++) {
      expect(await limits.begin('10.1.0.1', 'often@example.test', now)).toEqual({ allowed: true });
      await limits.passwordRight('10.1.0.1', 'often@example.test');
    }
  });

  it('slows guesses per address and account, never the account everywhere; a right password starts that pair afresh', async () => {
    const limits = new SignInLimits(new AttemptsStore(db.sql));
    const now = new Date('2026-01-01T14:00:00Z');
    // Fifteen guesses at once from one address: exactly ten are let through to be checked.
    const gates = await Promise.all(Array.from({ length: 15 }, () => limits.begin('10.2.0.1', 'owner@example.test', now)));
    expect(gates.filter((g) => g.allowed)).toHaveLength(10);
    expect(gates.find((g) => !g.allowed)).toEqual({ allowed: false, retryAt: new Date(now.getTime() + 15 * 60_000) });
    // The owner, elsewhere, is not held back.
    expect((await limits.begin('10.2.0.2', 'owner@example.test', now)).allowed).toBe(true);
    // The guessing address may try other accounts (its own count across accounts is far from full)…
    expect((await limits.begin('10.2.0.1', 'someone.else@example.test', now)).allowed).toBe(true);
    // …and once the window is over, this account again.
    expect((await limits.begin('10.2.0.1', 'owner@example.test', new Date(now.getTime() + 15 * 60_000))).allowed).toBe(true);
  });

  it('lets one address fail 60 times across accounts, then refuses it for any account', async () => {
    const store = new AttemptsStore(db.sql);
    const limits = new SignInLimits(store);
    const now = new Date('2026-01-01T15:00:00Z');
    for (let i = 0; i < 60; i++) expect((await limits.begin('10.3.0.1', `user${i}@example.test`, now)).allowed).toBe(true);
    expect((await limits.begin('10.3.0.1', 'user60@example.test', now)).allowed).toBe(false);
    // The refused attempt counted nothing on the pair: that account is untouched for this address.
    const { rows } = await db.sql.query<{ hits: number }>(`SELECT hits FROM auth_rate_limits WHERE key = $1`, ['sign-in:ip-account:10.3.0.1|user60@example.test']);
    expect(rows[0]?.hits ?? 0).toBe(0);
  });
});
