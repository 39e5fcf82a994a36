import { describe, expect, it } from '@jest/globals';
import { combineFailures, countHit, gateAttempt, minutesUntil, NO_ATTEMPTS, recordFailure } from './attempts';

const policy = { maxFailures: 5, lockMs: 15 * 60_000 };
const t0 = new Date('2026-01-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('staff sign-in lockout', () => {
  it('given no failures, when one fails, then 4 attempts remain and nothing is locked', () => {
    const out = recordFailure(NO_ATTEMPTS, t0, policy);
    expect(out).toEqual({ state: { failures: 1, lockedUntil: null }, remainingAttempts: 4, retryAt: null });
  });

  it('given 4 failures, when the fifth fails, then it locks for 15 minutes', () => {
    const out = recordFailure({ failures: 4, lockedUntil: null }, t0, policy);
    expect(out.remainingAttempts).toBe(0);
    expect(out.retryAt).toEqual(at(15 * 60_000));
    expect(gateAttempt(out.state, at(60_000))).toEqual({ allowed: false, retryAt: at(15 * 60_000) });
  });

  it('given a lock that has run out, when an attempt comes, then it is allowed with a fresh count', () => {
    const locked = { failures: 5, lockedUntil: at(15 * 60_000) };
    expect(gateAttempt(locked, at(15 * 60_000))).toEqual({ allowed: true, state: NO_ATTEMPTS });
    expect(recordFailure(locked, at(16 * 60_000), policy).remainingAttempts).toBe(4);
  });

  it('takes the stricter of the account and address counters', () => {
    const account = recordFailure({ failures: 1, lockedUntil: null }, t0, policy);
    const address = recordFailure({ failures: 4, lockedUntil: null }, t0, policy);
    expect(combineFailures([account, address])).toEqual({ remainingAttempts: 0, retryAt: at(15 * 60_000) });
  });

  it('rounds the wait up to whole minutes, at least one', () => {
    expect(minutesUntil(at(15 * 60_000), t0)).toBe(15);
    expect(minutesUntil(at(61_000), t0)).toBe(2);
    expect(minutesUntil(at(1_000), t0)).toBe(1);
  });
});

describe('fixed-window rate limit', () => {
  const rule = { max: 2, windowMs: 60_000 };
  it('given a fresh key, when hits come within the window, then the one over the limit is refused until the window ends', () => {
    const a = countHit(null, t0, rule);
    expect(a.allowed).toBe(true);
    const b = countHit(a.state, at(1_000), rule);
    expect(b.allowed).toBe(true);
    const c = countHit(b.state, at(2_000), rule);
    expect(c).toEqual({ allowed: false, state: b.state, retryAt: at(60_000) });
  });
  it('given a full window, when it has passed, then counting starts again', () => {
    const full = { hits: 2, windowStartedAt: t0 };
    expect(countHit(full, at(60_000), rule)).toEqual({ allowed: true, state: { hits: 1, windowStartedAt: at(60_000) } });
  });
});
