import type { INestApplicationContext } from '@nestjs/common';
import { AUTH, createAdmin, type Auth } from '@afterwards/identity-server';
import { SQL_CLIENT } from '@afterwards/server-kit';
import type { SqlClient } from '@afterwards/persistence';

export const CREATE_ADMIN_USAGE = 'create-admin --email <e-mail> --name <name> --password <password> [--role admin]   create a staff account (no public staff sign-up)';

export async function createAdminCommand(app: INestApplicationContext, flags: Record<string, string>): Promise<string> {
  const { email, name, password } = flags;
  if (!email || !name || !password) throw new Error(`Usage: ${CREATE_ADMIN_USAGE}`);
  const result = await createAdmin(app.get<Auth>(AUTH), app.get<SqlClient>(SQL_CLIENT), { email, name, password, role: flags.role });
  return `Staff account ${email.trim().toLowerCase()} is ready (admin id ${result.id}).`;
}
