/**
 * Counting failures and locking (staff sign-in: 5 failures lock for 15 minutes, then the counter resets)
 * and fixed-window rate limits (sign-in, sign-up, reset and verification e-mails). Pure: the state comes
 * from the database and `now` is an input.
 */
export interface AttemptState {
  readonly failures: number;
  readonly lockedUntil: Date | null;
}

export const NO_ATTEMPTS: AttemptState = { failures: 0, lockedUntil: null };

export interface LockoutPolicy {
  readonly maxFailures: number;
  readonly lockMs: number;
}

export type AttemptGate = { allowed: true; state: AttemptState } | { allowed: false; retryAt: Date };

/** Before an attempt: refused while locked; a lock that has run out starts a fresh count. */
export function gateAttempt(state: AttemptState, now: Date): AttemptGate {
  if (state.lockedUntil && state.lockedUntil > now) return { allowed: false, retryAt: state.lockedUntil };
  if (state.lockedUntil) return { allowed: true, state: NO_ATTEMPTS };
  return { allowed: true, state };
}

export interface FailureOutcome {
  readonly state: AttemptState;
  /** Attempts left before the lock; 0 when this failure locked. */
  readonly remainingAttempts: number;
  readonly retryAt: Date | null;
}

/** After a failed attempt that was allowed. */
export function recordFailure(state: AttemptState, now: Date, policy: LockoutPolicy): FailureOutcome {
  const base = state.lockedUntil && state.lockedUntil <= now ? NO_ATTEMPTS : state;
  const failures = base.failures + 1;
  if (failures >= policy.maxFailures) {
    const lockedUntil = new Date(now.getTime() + policy.lockMs);
    return { state: { failures, lockedUntil }, remainingAttempts: 0, retryAt: lockedUntil };
  }
  return { state: { failures, lockedUntil: null }, remainingAttempts: policy.maxFailures - failures, retryAt: null };
}

/** The stricter of several counters (per account and per client address). */
export function combineFailures(outcomes: readonly FailureOutcome[]): { remainingAttempts: number; retryAt: Date | null } {
  const remainingAttempts = Math.min(...outcomes.map((o) => o.remainingAttempts));
  const retryAts = outcomes.map((o) => o.retryAt).filter((d): d is Date => d !== null);
  const retryAt = retryAts.length ? new Date(Math.max(...retryAts.map((d) => d.getTime()))) : null;
  return { remainingAttempts, retryAt };
}

/** Whole minutes to wait, rounded up, at least 1: 'Please wait N minutes.' */
export function minutesUntil(retryAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
}

export interface RateLimitRule {
  readonly max: number;
  readonly windowMs: number;
}

export interface WindowState {
  readonly hits: number;
  readonly windowStartedAt: Date;
}

export type RateDecision = { allowed: true; state: WindowState } | { allowed: false; state: WindowState; retryAt: Date };

/** Fixed window: counts a hit, refusing once `max` hits fall in the current window. */
export function countHit(state: WindowState | null, now: Date, rule: RateLimitRule): RateDecision {
  const current = state && now.getTime() - state.windowStartedAt.getTime() < rule.windowMs ? state : { hits: 0, windowStartedAt: now };
  if (current.hits >= rule.max) {
    return { allowed: false, state: current, retryAt: new Date(current.windowStartedAt.getTime() + rule.windowMs) };
  }
  return { allowed: true, state: { hits: current.hits + 1, windowStartedAt: current.windowStartedAt } };
}
