import { clientAddressOf, ProblemError, type HttpRequest } from '@afterwards/server-kit';
import type { Auth } from '../auth/auth';
import { authHeaders } from '../auth/auth-headers';

export interface CurrentUser {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string | null;
  readonly twoFactorEnabled: boolean;
  readonly sessionId: string;
}

export async function findCurrentUser(auth: Auth, req: HttpRequest): Promise<CurrentUser | undefined> {
  const session = await auth.api.getSession({ headers: authHeaders(req) });
  if (!session) return undefined;
  const u = session.user as typeof session.user & { twoFactorEnabled?: boolean | null };
  return { id: u.id, email: u.email, emailVerified: u.emailVerified, name: u.name || null, twoFactorEnabled: Boolean(u.twoFactorEnabled), sessionId: session.session.id };
}

export async function requireUser(auth: Auth, req: HttpRequest): Promise<CurrentUser> {
  const user = await findCurrentUser(auth, req);
  if (!user) throw new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
  return user;
}

export function clientIp(req: HttpRequest): string {
  return clientAddressOf(req);
}

/** The signed session-token cookie, whatever prefix better-auth gives it (`__Secure-` over HTTPS). */
function sessionToken(req: Pick<HttpRequest, 'headers'>): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim().endsWith('session_token')) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Whether the request carries a session cookie at all (valid or not: that takes the database to say). */
export function hasSessionCookie(req: Pick<HttpRequest, 'headers'>): boolean {
  return sessionToken(req) !== undefined;
}

/**
 * Remembers, for a few seconds, which user a signed session cookie belongs to, so the busiest family
 * routes (dashboard, opening a memory) do not look the session up in the database on every request. The
 * key is the whole signed cookie, which only the server can produce. A session revoked elsewhere (sign-out
 * on another device, password change) keeps working here for at most `ttlMs`; signing out in this browser
 * drops the cookie, so it ends at once.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: CurrentUser; until: number }>();
  /** People whose accounts were deleted (or are being deleted) through this process: never cached again. */
  private readonly forgotten = new Set<string>();

  constructor(
    private readonly auth: Auth,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  async requireUser(req: HttpRequest): Promise<CurrentUser> {
    const token = sessionToken(req);
    if (!token) throw new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
    const now = Date.now();
    const hit = this.entries.get(token);
    if (hit && hit.until > now) return hit.user;
    const user = await requireUser(this.auth, req);
    // A person whose account is being deleted is looked up every time, never cached: a request of theirs
    // during the erasure (a refresh on a live update) would otherwise keep them signed in here after
    // their sessions are gone, and one still in flight when they were forgotten would cache them again.
    if (this.forgotten.has(user.id)) return user;
    if (this.entries.size >= this.maxEntries) {
      for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    this.entries.set(token, { user, until: now + this.ttlMs });
    return user;
  }

  /** A deleted account: its sessions stop here at once, not after the few seconds an entry lasts. */
  forgetUser(userId: string): void {
    this.forgotten.add(userId);
    // Bounded like the entries (the oldest go first); an erased account's id never signs in again.
    if (this.forgotten.size > this.maxEntries) this.forgotten.delete(this.forgotten.values().next().value!);
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }
}
