import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { persistenceMigrations, runMigrations } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import type { HttpRequest } from '@afterwards/server-kit';
import type { Auth } from '../auth/auth';
import { identityMigrations } from '../identity.migrations';
import { SessionCache } from './current-user';

const USER = 'user-cache-000000000000000000000';

/**
 * The session cache hears the database: the triggers of migrations 0006 (a session deleted) and 0009 (an
 * account's row changed) reach it through the SQL client's LISTEN, so an answer kept for a minute never
 * outlives what it was made from. better-auth's lookup is stood in for by the same read of the same rows.
 */
describe.each(testDatabaseFactories)('the session cache on %s', (_name, open) => {
  let db: TestDatabase;
  let lookups = 0;
  let stop: () => Promise<void>;
  let cache: SessionCache;

  beforeAll(async () => {
    db = await open();
    await runMigrations(db.sql, [...persistenceMigrations, ...identityMigrations]);
    await db.sql.query(`INSERT INTO auth_users (id, name, email, "emailVerified", "updatedAt") VALUES ($1, 'Ann', 'ann@example.test', false, now())`, [USER]);
    await db.sql.query(
      `INSERT INTO auth_sessions (id, token, "userId", "expiresAt", "updatedAt") VALUES ('session-1', 'token-1', $1, now() + interval '1 day', now())`,
      [USER],
    );
    const auth = {
      api: {
        getSession: async ({ headers }: { headers: Headers }) => {
          lookups++;
          const token = headers.get('cookie')?.split('=')[1];
          const { rows } = await db.sql.query<{ id: string; expiresAt: Date; name: string; email: string; emailVerified: boolean }>(
            `SELECT s.id, s."expiresAt", u.name, u.email, u."emailVerified" FROM auth_sessions s JOIN auth_users u ON u.id = s."userId" WHERE s.token = $1`,
            [token],
          );
          const row = rows[0];
          return row ? { user: { id: USER, name: row.name, email: row.email, emailVerified: row.emailVerified }, session: { id: row.id, expiresAt: row.expiresAt } } : null;
        },
      },
    } as unknown as Auth;
    cache = new SessionCache(auth);
    stop = await cache.listen((channel, onNotify, onMissed) => db.sql.listen(channel, onNotify, onMissed));
  });
  afterAll(async () => {
    await stop();
    await db.dispose();
  });

  const request = { headers: { cookie: 'better-auth.session_token=token-1' }, ip: '203.0.113.1' } as HttpRequest;

  it('answers from the account as it is now, and refuses a session as soon as it ends', async () => {
    expect(await cache.requireUser(request)).toMatchObject({ name: 'Ann', emailVerified: false, sessionId: 'session-1' });
    await cache.requireUser(request);
    expect(lookups).toBe(1);

    await db.sql.query(`UPDATE auth_users SET "emailVerified" = true WHERE id = $1`, [USER]);
    await expectEventually(async () => expect((await cache.requireUser(request)).emailVerified).toBe(true), 2_000);

    await db.sql.query(`DELETE FROM auth_sessions WHERE id = 'session-1'`);
    await expectEventually(() => expect(cache.requireUser(request)).rejects.toMatchObject({ status: 401 }), 2_000);
  });
});
