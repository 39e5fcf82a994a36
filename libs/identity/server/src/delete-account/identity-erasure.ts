import type { SqlClient } from '@afterwards/persistence';
import type { ErasedAccount } from './account-erasure';

/**
 * The identity context's own rows of a person, in one transaction: preferences and profile, two-factor
 * secrets, sessions (every device signed out), linked sign-in accounts and password, verification and
 * reset tokens, the rate-limit and lockout counters keyed by their e-mail, and the user. Staff audit rows
 * are not touched (see docs/decisions/0018-your-data.md): a staff account is never deleted this way.
 */
export async function eraseIdentity(sql: SqlClient, account: ErasedAccount): Promise<void> {
  const { userId } = account;
  const email = account.email.trim().toLowerCase();
  await sql.transaction(async (tx) => {
    await tx.query(`DELETE FROM user_settings WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM auth_two_factors WHERE "userId" = $1`, [userId]);
    await tx.query(`DELETE FROM auth_sessions WHERE "userId" = $1`, [userId]);
    await tx.query(`DELETE FROM auth_accounts WHERE "userId" = $1`, [userId]);
    // Tokens name the person by id (password reset: the value) or by e-mail (the identifier of some flows).
    await tx.query(`DELETE FROM auth_verifications WHERE value = $1 OR strpos(value, $2) > 0 OR strpos(lower(identifier), $3) > 0`, [userId, `"${userId}"`, email]);
    // Counter keys end with the account's e-mail after ':' or '|' (auth.ts, sign-in-limits.ts); a suffix
    // match, so ann@x.test never takes bob.ann@x.test's counters with it.
    for (const table of ['auth_rate_limits', 'auth_lockouts']) {
      await tx.query(`DELETE FROM ${table} WHERE lower(right(key, $2)) IN (':' || $1, '|' || $1)`, [email, email.length + 1]);
    }
    await tx.query(`DELETE FROM auth_users WHERE id = $1`, [userId]);
  });
}
