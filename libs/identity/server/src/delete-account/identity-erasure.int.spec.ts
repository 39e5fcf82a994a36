import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { persistenceMigrations, runMigrations } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { identityMigrations } from '../identity.migrations';
import { AccountErasure, ERASURE_ORDER } from './account-erasure';
import { eraseIdentity } from './identity-erasure';

describe.each(testDatabaseFactories)("erasing an account's identity rows on %s", (_name, open) => {
  let db: TestDatabase;
  // Bea's address ends with Ann's: a careless match on the e-mail would take Bea's counters too.
  const ANN = { userId: 'user-ann-00000000000000000000000', email: 'ann@example.test' };
  const BEA = { userId: 'user-bea-00000000000000000000000', email: 'bea.ann@example.test' };

  async function seed(who: { userId: string; email: string }, name: string): Promise<void> {
    const q = (sql: string, params: unknown[]) => db.sql.query(sql, params);
    await q(`INSERT INTO auth_users (id, name, email, "emailVerified", "updatedAt") VALUES ($1, $2, $3, true, now())`, [who.userId, name, who.email]);
    await q(`INSERT INTO user_settings (user_id, first_name, address) VALUES ($1, $2, '1 High Street')`, [who.userId, name]);
    await q(`INSERT INTO auth_sessions (id, "expiresAt", token, "updatedAt", "userId", "ipAddress") VALUES ($1, now() + interval '1 day', $2, now(), $3, '127.0.0.1')`, [`s-${name}`, `t-${name}`, who.userId]);
    await q(`INSERT INTO auth_accounts (id, "accountId", "providerId", "userId", password, "updatedAt") VALUES ($1, $2, 'credential', $2, 'hash', now())`, [`a-${name}`, who.userId]);
    await q(`INSERT INTO auth_two_factors (id, secret, "backupCodes", "userId") VALUES ($1, 'secret', 'codes', $2)`, [`tf-${name}`, who.userId]);
    await q(`INSERT INTO auth_verifications (id, identifier, value, "expiresAt") VALUES ($1, $2, $3, now() + interval '1 hour')`, [`v-${name}`, `reset-password:token-${name}`, who.userId]);
    for (const key of [`sign-in:ip-account:127.0.0.1|${who.email}`, `reset:account:${who.email}`]) {
      await q(`INSERT INTO auth_rate_limits (key, hits, window_started_at) VALUES ($1, 1, now())`, [key]);
    }
  }

  const count = async (sql: string, params: unknown[]) => Number((await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n);
  const rowsOf = async (who: { userId: string; email: string }) => ({
    users: await count(`auth_users WHERE id = $1`, [who.userId]),
    settings: await count(`user_settings WHERE user_id = $1`, [who.userId]),
    sessions: await count(`auth_sessions WHERE "userId" = $1`, [who.userId]),
    accounts: await count(`auth_accounts WHERE "userId" = $1`, [who.userId]),
    twoFactors: await count(`auth_two_factors WHERE "userId" = $1`, [who.userId]),
    verifications: await count(`auth_verifications WHERE value = $1`, [who.userId]),
    counters: await count(`auth_rate_limits WHERE key LIKE '%:' || $1 OR key LIKE '%|' || $1`, [who.email]),
  });

  beforeAll(async () => {
    db = await open();
    await runMigrations(db.sql, [...persistenceMigrations, ...identityMigrations]);
    await seed(ANN, 'Ann');
    await seed(BEA, 'Bea');
  });
  afterAll(async () => {
    await db.dispose();
  });

  it("removes every identity row of the person, and none of anyone else's (an address that ends with theirs included)", async () => {
    const beasBefore = await rowsOf(BEA);
    expect(beasBefore).toEqual({ users: 1, settings: 1, sessions: 1, accounts: 1, twoFactors: 1, verifications: 1, counters: 2 });
    await eraseIdentity(db.sql, ANN);
    expect(await rowsOf(ANN)).toEqual({ users: 0, settings: 0, sessions: 0, accounts: 0, twoFactors: 0, verifications: 0, counters: 0 });
    expect(await rowsOf(BEA)).toEqual(beasBefore);
    // Run again (a retry after a failure later on): nothing to do, nothing breaks.
    await eraseIdentity(db.sql, ANN);
  });
});

describe('the ordered steps of deleting an account', () => {
  it('runs every step once, lowest order first, whatever order the contexts added them in', async () => {
    const ran: string[] = [];
    const erasure = new AccountErasure();
    const step = (name: string, order: number) => ({ name, order, erase: async () => void ran.push(name) });
    erasure.add(step('identity', ERASURE_ORDER.identity));
    erasure.add(step('owned-memories', ERASURE_ORDER.ownedMemories));
    erasure.add(step('shared-memberships', ERASURE_ORDER.sharedMemberships));
    expect(erasure.names()).toEqual(['shared-memberships', 'owned-memories', 'identity']);
    await erasure.run({ userId: 'u', email: 'u@example.test' });
    expect(ran).toEqual(['shared-memberships', 'owned-memories', 'identity']);
    expect(() => erasure.add(step('identity', 1))).toThrow('added twice');
  });

  it('stops at a failing step, before the identity rows go, so the person can still sign in and try again', async () => {
    const ran: string[] = [];
    const erasure = new AccountErasure();
    erasure.add({ name: 'identity', order: ERASURE_ORDER.identity, erase: async () => void ran.push('identity') });
    erasure.add({
      name: 'owned-memories',
      order: ERASURE_ORDER.ownedMemories,
      erase: async () => {
        throw new Error('file store unavailable');
      },
    });
    await expect(erasure.run({ userId: 'u', email: 'u@example.test' })).rejects.toThrow('file store unavailable');
    expect(ran).toEqual([]);
  });
});
