import type { Request } from 'express';
import { fromNodeHeaders } from 'better-auth/node';
import { ProblemError } from '@afterwards/server-kit';
import type { Auth } from '../auth/auth';

export interface CurrentUser {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string | null;
  readonly twoFactorEnabled: boolean;
  readonly sessionId: string;
}

export async function findCurrentUser(auth: Auth, req: Request): Promise<CurrentUser | undefined> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!session) return undefined;
  const u = session.user as typeof session.user & { twoFactorEnabled?: boolean | null };
  return { id: u.id, email: u.email, emailVerified: u.emailVerified, name: u.name || null, twoFactorEnabled: Boolean(u.twoFactorEnabled), sessionId: session.session.id };
}

export async function requireUser(auth: Auth, req: Request): Promise<CurrentUser> {
  const user = await findCurrentUser(auth, req);
  if (!user) throw new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
  return user;
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
