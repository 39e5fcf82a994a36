import type { INestApplicationContext } from '@nestjs/common';
import { AUTH, createAdmin, type Auth } from '@afterwards/identity-server';
import { SQL_CLIENT } from '@afterwards/server-kit';
import type { SqlClient } from '@afterwards/persistence';
import { ADMIN_ROLES, AdminRoleSchema } from '@afterwards/contracts';

export const CREATE_ADMIN_USAGE = 'create-admin --email <e-mail> --name <name> --password <password> [--role admin|auditor]   create a staff account (no public staff sign-up); an auditor reads everything and changes nothing';

export async function createAdminCommand(app: INestApplicationContext, flags: Record<string, string>): Promise<string> {
  const { email, name, password } = flags;
  if (!email || !name || !password) throw new Error(`Usage: ${CREATE_ADMIN_USAGE}`);
  const role = AdminRoleSchema.safeParse(flags.role ?? 'admin');
  if (!role.success) throw new Error(`--role must be one of ${ADMIN_ROLES.join(', ')}`);
  const result = await createAdmin(app.get<Auth>(AUTH), app.get<SqlClient>(SQL_CLIENT), { email, name, password, role: role.data });
  return `Staff account ${email.trim().toLowerCase()} is ready as ${role.data} (admin id ${result.id}).`;
}
