import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { verifyPassword } from 'better-auth/crypto';
import { minutesUntil } from '@afterwards/identity-domain';
import type { SqlClient } from '@afterwards/persistence';
import { ProblemError, SQL_CLIENT } from '@afterwards/server-kit';
import type { AttemptsStore } from '../auth/attempts.store';
import { rateLimitMessage } from '../auth/rate-limits';
import { ATTEMPTS } from '../tokens';
import type { CurrentUser } from '../session/current-user';
import { AccountErasure, ERASURE_ORDER } from './account-erasure';
import { eraseIdentity } from './identity-erasure';

/** A person without a password (Google sign-in only) proves it is them by having signed in this recently. */
export const FRESH_SESSION_MS = 10 * 60 * 1000;
/**
 * Password tries on this route per account: someone holding a stolen session cannot guess the password
 * here. Keyed by the e-mail (as the other counters are), so the account's erasure removes it too.
 */
export const DELETE_ACCOUNT_TRIES = { max: 5, windowMs: 60 * 60 * 1000 };

export const DELETE_ACCOUNT_MESSAGES = {
  wrongPassword: 'That password is not right. Your account has not been deleted.',
  passwordNeeded: 'Please enter your password to delete your account.',
  signInAgain: 'For your safety, please sign out and sign in again, then delete your account within 10 minutes.',
  staff: 'This account is also a staff account. Please ask another administrator to close it.',
  codeNeeded: 'Please enter the 6-digit code from your authenticator app to delete your account.',
  wrongCode: 'That code is not right, or it has expired. Please enter the current code from your authenticator app. Your account has not been deleted.',
} as const;

/**
 * Deletes a person's account and everything in it. Proof first: the password of an account that has one,
 * or a session started in the last 10 minutes for one that signs in with Google only. Then the ordered
 * steps (AccountErasure): other contexts' data first, the identity rows last.
 */
@Injectable()
export class DeleteAccountService implements OnModuleInit {
  constructor(
    private readonly erasure: AccountErasure,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(ATTEMPTS) private readonly attempts: AttemptsStore,
  ) {}

  onModuleInit(): void {
    this.erasure.add({ name: 'identity', order: ERASURE_ORDER.identity, erase: (account) => eraseIdentity(this.sql, account) });
  }

  /**
   * `verifyCode` checks a two-step code against the account's authenticator secret (better-auth's own check,
   * with the request's session); it is asked only of an account with two-step verification turned on.
   */
  async delete(user: CurrentUser, proof: { password?: string | undefined; code?: string | undefined; verifyCode(code: string): Promise<boolean> }, now = new Date()): Promise<void> {
    await this.checkProof(user, proof.password, now);
    await this.checkCode(user, proof, now);
    await this.erasure.run({ userId: user.id, email: user.email });
  }

  /** Two-step verification protects deleting the account as it protects signing in: the current code, or nothing happens. */
  private async checkCode(user: CurrentUser, proof: { code?: string | undefined; verifyCode(code: string): Promise<boolean> }, now: Date): Promise<void> {
    const enabled = await this.sql.query<{ on: boolean | null }>(`SELECT "twoFactorEnabled" AS on FROM auth_users WHERE id = $1`, [user.id]);
    if (!enabled.rows[0]?.on) return;
    const code = proof.code?.replace(/\s+/g, '') ?? '';
    if (!code) throw new ProblemError(400, 'ACCOUNT_CODE_REQUIRED', DELETE_ACCOUNT_MESSAGES.codeNeeded, [{ path: 'code', message: DELETE_ACCOUNT_MESSAGES.codeNeeded }]);
    // The same counter as the password's: five tries an hour, whichever of the two is guessed.
    const tries = await this.attempts.hit(`delete-account:account:${user.email.trim().toLowerCase()}`, DELETE_ACCOUNT_TRIES, now);
    if (!tries.allowed) throw new ProblemError(429, 'RATE_LIMITED', rateLimitMessage('attempts to delete this account', minutesUntil(tries.retryAt, now)), undefined, { retryAt: tries.retryAt.toISOString() });
    if (!(await proof.verifyCode(code))) throw new ProblemError(403, 'ACCOUNT_CODE_INCORRECT', DELETE_ACCOUNT_MESSAGES.wrongCode, [{ path: 'code', message: DELETE_ACCOUNT_MESSAGES.wrongCode }]);
  }

  private async checkProof(user: CurrentUser, password: string | undefined, now: Date): Promise<void> {
    // Staff records are kept for the audit trail, which is append-only: closing one is an administrator's job.
    const staff = await this.sql.query(`SELECT 1 FROM admin_users WHERE auth_user_id = $1`, [user.id]);
    if (staff.rows.length > 0) throw new ProblemError(409, 'ACCOUNT_IS_STAFF', DELETE_ACCOUNT_MESSAGES.staff);
    const credential = await this.sql.query<{ password: string | null }>(`SELECT password FROM auth_accounts WHERE "userId" = $1 AND "providerId" = 'credential'`, [user.id]);
    const hash = credential.rows[0]?.password;
    if (hash) {
      if (!password) throw new ProblemError(400, 'ACCOUNT_PASSWORD_REQUIRED', DELETE_ACCOUNT_MESSAGES.passwordNeeded, [{ path: 'password', message: DELETE_ACCOUNT_MESSAGES.passwordNeeded }]);
      // 403, not 401: the person is signed in; a 401 would send the screen to the sign-in page.
      const tries = await this.attempts.hit(`delete-account:account:${user.email.trim().toLowerCase()}`, DELETE_ACCOUNT_TRIES, now);
      if (!tries.allowed) throw new ProblemError(429, 'RATE_LIMITED', rateLimitMessage('attempts to delete this account', minutesUntil(tries.retryAt, now)), undefined, { retryAt: tries.retryAt.toISOString() });
      if (!(await verifyPassword({ hash, password }))) throw new ProblemError(403, 'ACCOUNT_PASSWORD_INCORRECT', DELETE_ACCOUNT_MESSAGES.wrongPassword, [{ path: 'password', message: DELETE_ACCOUNT_MESSAGES.wrongPassword }]);
      return;
    }
    const session = await this.sql.query<{ createdAt: Date | string }>(`SELECT "createdAt" FROM auth_sessions WHERE id = $1`, [user.sessionId]);
    const started = session.rows[0] ? new Date(session.rows[0].createdAt) : undefined;
    if (!started || now.getTime() - started.getTime() > FRESH_SESSION_MS) throw new ProblemError(403, 'ACCOUNT_REAUTHENTICATION_REQUIRED', DELETE_ACCOUNT_MESSAGES.signInAgain);
  }
}
