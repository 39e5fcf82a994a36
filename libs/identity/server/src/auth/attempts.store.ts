import type { SqlClient } from '@afterwards/persistence';
import { countHit, gateAttempt, NO_ATTEMPTS, recordFailure, type AttemptGate, type FailureOutcome, type LockoutPolicy, type RateDecision, type RateLimitRule } from '@afterwards/identity-domain';

/**
 * Counters in the database (PGlite or PostgreSQL), so limits and lockouts hold across page reloads,
 * browsers, API restarts and replicas. Each change locks its row for the decision.
 */
export class AttemptsStore {
  constructor(private readonly sql: SqlClient) {}

  async hit(key: string, rule: RateLimitRule, now = new Date()): Promise<RateDecision> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`INSERT INTO auth_rate_limits (key, hits, window_started_at) VALUES ($1, 0, $2) ON CONFLICT (key) DO NOTHING`, [key, now]);
      const { rows } = await tx.query<{ hits: number; window_started_at: Date }>(
        `SELECT hits, window_started_at FROM auth_rate_limits WHERE key = $1 FOR UPDATE`,
        [key],
      );
      const row = rows[0]!;
      const decision = countHit(row.hits === 0 ? null : { hits: row.hits, windowStartedAt: new Date(row.window_started_at) }, now, rule);
      await tx.query(`UPDATE auth_rate_limits SET hits = $2, window_started_at = $3 WHERE key = $1`, [key, decision.state.hits, decision.state.windowStartedAt]);
      return decision;
    });
  }

  /** Takes one counted hit back (an attempt that turned out not to be a failure), never below zero. */
  async takeBack(key: string): Promise<void> {
    await this.sql.query(`UPDATE auth_rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1`, [key]);
  }

  /** Forgets a rate-limit counter: the next hit starts a fresh window. */
  async forget(key: string): Promise<void> {
    await this.sql.query(`DELETE FROM auth_rate_limits WHERE key = $1`, [key]);
  }

  async gate(key: string, now = new Date()): Promise<AttemptGate> {
    const { rows } = await this.sql.query<{ failures: number; locked_until: Date | null }>(
      `SELECT failures, locked_until FROM auth_lockouts WHERE key = $1`,
      [key],
    );
    const row = rows[0];
    return gateAttempt(row ? { failures: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null } : NO_ATTEMPTS, now);
  }

  async fail(key: string, policy: LockoutPolicy, now = new Date()): Promise<FailureOutcome> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`INSERT INTO auth_lockouts (key, failures, locked_until, updated_at) VALUES ($1, 0, NULL, $2) ON CONFLICT (key) DO NOTHING`, [key, now]);
      const { rows } = await tx.query<{ failures: number; locked_until: Date | null }>(`SELECT failures, locked_until FROM auth_lockouts WHERE key = $1 FOR UPDATE`, [key]);
      const row = rows[0]!;
      const outcome = recordFailure({ failures: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null }, now, policy);
      await tx.query(`UPDATE auth_lockouts SET failures = $2, locked_until = $3, updated_at = $4 WHERE key = $1`, [key, outcome.state.failures, outcome.state.lockedUntil, now]);
      return outcome;
    });
  }

  async reset(key: string): Promise<void> {
    await this.sql.query(`DELETE FROM auth_lockouts WHERE key = $1`, [key]);
  }
}
