import type { HttpRequest } from '@afterwards/server-kit';
import type { Auth } from '../auth/auth';
import { SessionCache } from './current-user';

/** better-auth's session lookup, counted: the cache's whole job is to ask it less often. */
function lookups(userId: string) {
  const calls: number[] = [];
  let gate: Promise<void> | undefined;
  const auth = {
    api: {
      getSession: async () => {
        calls.push(Date.now());
        const waitFor = gate;
        gate = undefined;
        if (waitFor) await waitFor;
        return { user: { id: userId, email: 'ann@example.test', emailVerified: true, name: 'Ann' }, session: { id: 's1' } };
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
});
