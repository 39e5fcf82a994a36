import type { HttpRequest } from '@afterwards/server-kit';
import type { Auth } from '../auth/auth';
import { SessionCache } from './current-user';

/** better-auth's session lookup, counted: the cache's whole job is to ask it less often. */
function lookups(userId: string, expiry = new Date(Date.now() + 86_400_000)) {
  const calls: number[] = [];
  let gate: Promise<void> | undefined;
  const auth = {
    api: {
      getSession: async () => {
        calls.push(Date.now());
        const waitFor = gate;
        gate = undefined;
        if (waitFor) await waitFor;
        return { user: { id: userId, email: 'ann@example.test', emailVerified: true, name: 'Ann' }, session: { id: 's1', expiresAt: expiry } };
      },
    },
  } as unknown as Auth;
  return {
    auth,
    calls,
    /** The next lookup answers only when the returned function is called. */
    holdNext: () => {
      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      return () => open();
    },
  };
}

/** A request with a session cookie: all the cache reads of one (and the address a lookup passes on). */
const request = { headers: { cookie: 'better-auth.session_token=signed.value' }, ip: '203.0.113.1' } as HttpRequest;

describe('the session cache of the memory routes', () => {
  it('looks a session up once for the requests of the next few seconds', async () => {
    const { auth, calls } = lookups('u1');
    const cache = new SessionCache(auth, 5_000);
    expect((await cache.requireUser(request)).id).toBe('u1');
    expect((await cache.requireUser(request)).id).toBe('u1');
    expect(calls).toHaveLength(1);
  });

  it('never caches a person whose account is being deleted, not even from a lookup in flight when it began', async () => {
    const { auth, calls } = lookups('u1');
    const cache = new SessionCache(auth, 5_000);
    await cache.requireUser(request);
    cache.forgetUser('u1');
    await cache.requireUser(request);
    await cache.requireUser(request);
    expect(calls).toHaveLength(3);

    const other = lookups('u2');
    const second = new SessionCache(other.auth, 5_000);
    const finish = other.holdNext();
    const inFlight = second.requireUser(request);
    await new Promise((resolve) => setImmediate(resolve));
    second.forgetUser('u2');
    finish();
    await inFlight;
    await second.requireUser(request);
    expect(other.calls).toHaveLength(2);
  });

  /** The database's word, as the SQL client's `listen` passes it on: per channel, a notification and "missed". */
  function database() {
    const channels = new Map<string, { onNotify: (payload: string) => void; onMissed?: () => void }>();
    return {
      listen: async (channel: string, onNotify: (payload: string) => void, onMissed?: () => void) => {
        channels.set(channel, { onNotify, onMissed });
        return async () => void channels.delete(channel);
      },
      notify: (channel: string, payload: string) => channels.get(channel)!.onNotify(payload),
      missed: () => {
        for (const { onMissed } of channels.values()) onMissed?.();
      },
      channels,
    };
  }

  it('keeps an entry for a minute, not past its session, and drops it when the database says it ended or its user changed', async () => {
    const { auth, calls } = lookups('u1');
    const db = database();
    const cache = new SessionCache(auth);
    const stop = await cache.listen(db.listen);
    expect([...db.channels.keys()].sort()).toEqual(['auth_session_ended', 'auth_user_changed']);
    await cache.requireUser(request);
    await cache.requireUser(request);
    expect(calls).toHaveLength(1);

    db.notify('auth_session_ended', 'another-session');
    await cache.requireUser(request);
    expect(calls).toHaveLength(1);
    db.notify('auth_session_ended', 's1');
    await cache.requireUser(request);
    expect(calls).toHaveLength(2);

    db.notify('auth_user_changed', 'u2');
    await cache.requireUser(request);
    expect(calls).toHaveLength(2);
    db.notify('auth_user_changed', 'u1');
    await cache.requireUser(request);
    expect(calls).toHaveLength(3);

    // Word lost with the listening connection: everything goes.
    db.missed();
    await cache.requireUser(request);
    expect(calls).toHaveLength(4);
    await stop();
    expect(db.channels.size).toBe(0);

    // A session about to expire is kept no longer than it lives.
    const expiring = lookups('u1', new Date(Date.now() - 1));
    const short = new SessionCache(expiring.auth);
    await short.requireUser(request);
    await short.requireUser(request);
    expect(expiring.calls).toHaveLength(2);
  });

  it('does not keep a lookup that was in flight when the database said a session ended', async () => {
    const { auth, calls, holdNext } = lookups('u1');
    const db = database();
    const cache = new SessionCache(auth);
    await cache.listen(db.listen);
    const finish = holdNext();
    const inFlight = cache.requireUser(request);
    await new Promise((resolve) => setImmediate(resolve));
    // It may have read the session before it ended: its answer stands for its own request, no longer.
    db.notify('auth_session_ended', 's1');
    finish();
    await inFlight;
    await cache.requireUser(request);
    expect(calls).toHaveLength(2);
    await cache.requireUser(request);
    expect(calls).toHaveLength(2);
  });
});
