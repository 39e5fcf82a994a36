import { randomUUID } from 'node:crypto';
import type { SqlClient } from '@afterwards/persistence';
import { checkPassword } from '@afterwards/identity-domain';
import type { Auth } from '../auth/auth';

/**
 * Creates (or links) a staff account: an auth user with a verified e-mail and an admin_users row
 * linked to it. The only way to make staff; there is no public staff sign-up.
 */
export async function createAdmin(auth: Auth, sql: SqlClient, input: { email: string; name: string; password: string; role?: string }): Promise<{ id: string; authUserId: string }> {
  const email = input.email.trim().toLowerCase();
  const problem = checkPassword(input.password);
  if (problem) throw new Error(problem.message);
  const ctx = await auth.$context;
  const authUser = await ctx.internalAdapter.findUserByEmail(email);
  let authUserId = authUser?.user.id;
  if (!authUserId) {
    const user = await ctx.internalAdapter.createUser({ email, name: input.name, emailVerified: true }, { method: 'admin' });
    authUserId = user.id;
    const hash = await ctx.password.hash(input.password);
    await ctx.internalAdapter.linkAccount({ userId: authUserId, providerId: 'credential', accountId: authUserId, password: hash });
  }
  const id = randomUUID();
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO admin_users (id, name, email, role, auth_user_id, is_active) VALUES ($1, $2, $3, $4, $5, true)
     ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, auth_user_id = EXCLUDED.auth_user_id, is_active = true, updated_at = now()
     RETURNING id`,
    [id, input.name, email, input.role ?? 'admin', authUserId],
  );
  return { id: rows[0]!.id, authUserId };
}
