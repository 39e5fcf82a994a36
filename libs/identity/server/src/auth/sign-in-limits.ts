import type { RateLimitRule } from '@afterwards/identity-domain';
import type { AttemptsStore } from './attempts.store';
import { SIGN_IN_LIMITS } from './rate-limits';

export type SignInGate = { allowed: true } | { allowed: false; retryAt: Date };

/**
 * Failed sign-ins per client address and account, and per client address. An attempt is counted
 * before its password is checked, so guesses sent at once cannot all slip under the limit; a right
 * password then takes it back (`passwordRight`). Nothing counts per account alone.
 */
export class SignInLimits {
  constructor(private readonly attempts: AttemptsStore) {}

  private keys(address: string, email: string): { pair: string | null; address: string } {
    return { pair: email ? `sign-in:ip-account:${address}|${email}` : null, address: `sign-in:ip:${address}` };
  }

  /** Counts the attempt, or refuses it (counting nothing) while a limit is full. */
  async begin(address: string, email: string, now = new Date()): Promise<SignInGate> {
    const keys = this.keys(address, email);
    const counters: [string, RateLimitRule][] = [[keys.address, SIGN_IN_LIMITS.perAddress]];
    if (keys.pair) counters.unshift([keys.pair, SIGN_IN_LIMITS.perAddressAndAccount]);
    const counted: string[] = [];
    for (const [key, rule] of counters) {
      const decision = await this.attempts.hit(key, rule, now);
      if (!decision.allowed) {
        for (const k of counted) await this.attempts.takeBack(k);
        return { allowed: false, retryAt: decision.retryAt };
      }
      counted.push(key);
    }
    return { allowed: true };
  }

  /**
   * The password was right: the attempt was no failure, and this address starts afresh on this account.
   * The address's count across accounts only loses this attempt, so signing in to an account of one's
   * own cannot clear guesses at others.
   */
  async passwordRight(address: string, email: string): Promise<void> {
    const keys = this.keys(address, email);
    if (keys.pair) await this.attempts.forget(keys.pair);
    await this.attempts.takeBack(keys.address);
  }
}
