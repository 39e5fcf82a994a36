import { clientAddressOf, ProblemError, type HttpRequest } from '@afterwards/server-kit';
import type { Auth } from '../auth/auth';
import { authHeaders } from '../auth/auth-headers';
import { SESSION_ENDED_CHANNEL, USER_CHANGED_CHANNEL } from '../auth/staff-door';

export interface CurrentUser {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string | null;
  readonly twoFactorEnabled: boolean;
  readonly sessionId: string;
}

type FoundSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

function currentUserOf(session: FoundSession): CurrentUser {
  const u = session.user as typeof session.user & { twoFactorEnabled?: boolean | null };
  return { id: u.id, email: u.email, emailVerified: u.emailVerified, name: u.name || null, twoFactorEnabled: Boolean(u.twoFactorEnabled), sessionId: session.session.id };
}

export async function findCurrentUser(auth: Auth, req: HttpRequest): Promise<CurrentUser | undefined> {
  const session = await auth.api.getSession({ headers: authHeaders(req) });
  return session ? currentUserOf(session) : undefined;
}

const notSignedIn = (): ProblemError => new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.');

export async function requireUser(auth: Auth, req: HttpRequest): Promise<CurrentUser> {
  const user = await findCurrentUser(auth, req);
  if (!user) throw notSignedIn();
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

/** What the cache listens with: the SQL client's `listen`. */
export type SessionListen = (channel: string, onNotify: (payload: string) => void, onMissed?: () => void) => Promise<() => Promise<void>>;

/**
 * Remembers which user a signed session cookie belongs to, so the busiest family routes (dashboard, opening
 * a memory) do not look the session up in the database on every request. The key is the whole signed
 * cookie, which only the server can produce. An entry lasts at most `ttlMs`, never past its session's
 * expiry, and goes at once when the database says its session ended (sign-out on any device, a password
 * change, revocation: `auth_session_ended`) or its user changed (a verified address, two-factor, a new
 * name: `auth_user_changed`), on every replica; when that word may have been lost, everything goes.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: CurrentUser; until: number }>();
  /** Each cached session's cookie key, to drop it by the session id the database names. */
  private readonly keysBySession = new Map<string, string>();
  /** People whose accounts were deleted (or are being deleted) through this process: never cached again. */
  private readonly forgotten = new Set<string>();
  /**
   * Moves at every ending or change the database tells of: a lookup in flight across one may have read
   * the session before it ended, so its answer is used but not kept.
   */
  private epoch = 0;

  constructor(
    private readonly auth: Auth,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Listens for sessions that end and users that change (the triggers of migrations 0006 and 0009). */
  async listen(listen: SessionListen): Promise<() => Promise<void>> {
    const dropAll = () => {
      this.epoch++;
      this.clear();
    };
    const stops = [
      await listen(SESSION_ENDED_CHANNEL, (sessionId) => this.dropSession(sessionId), dropAll),
      await listen(USER_CHANGED_CHANNEL, (userId) => this.dropUser(userId), dropAll),
    ];
    return async () => {
      for (const stop of stops) await stop();
    };
  }

  async requireUser(req: HttpRequest): Promise<CurrentUser> {
    const token = sessionToken(req);
    if (!token) throw notSignedIn();
    const now = Date.now();
    const hit = this.entries.get(token);
    if (hit && hit.until > now) return hit.user;
    const epoch = this.epoch;
    const session = await this.auth.api.getSession({ headers: authHeaders(req) });
    if (!session) throw notSignedIn();
    const user = currentUserOf(session);
    // A person whose account is being deleted is looked up every time, never cached: a request of theirs
    // during the erasure (a refresh on a live update) would otherwise keep them signed in here after
    // their sessions are gone, and one still in flight when they were forgotten would cache them again.
    if (this.forgotten.has(user.id) || epoch !== this.epoch) return user;
    if (this.entries.size >= this.maxEntries) {
      for (const [key, entry] of this.entries) if (entry.until <= now) this.dropKey(key, entry.user.sessionId);
      if (this.entries.size >= this.maxEntries) this.clear();
    }
    const expires = new Date(session.session.expiresAt).getTime();
    this.entries.set(token, { user, until: Math.min(now + this.ttlMs, Number.isNaN(expires) ? now : expires) });
    this.keysBySession.set(user.sessionId, token);
    return user;
  }

  /** A deleted account: its sessions stop here at once. */
  forgetUser(userId: string): void {
    this.forgotten.add(userId);
    // Bounded like the entries (the oldest go first); an erased account's id never signs in again.
    if (this.forgotten.size > this.maxEntries) this.forgotten.delete(this.forgotten.values().next().value!);
    this.dropUser(userId);
  }

  private clear(): void {
    this.entries.clear();
    this.keysBySession.clear();
  }

  private dropSession(sessionId: string): void {
    this.epoch++;
    const key = this.keysBySession.get(sessionId);
    if (key !== undefined) this.dropKey(key, sessionId);
  }

  private dropUser(userId: string): void {
    this.epoch++;
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.dropKey(key, entry.user.sessionId);
  }

  private dropKey(key: string, sessionId: string): void {
    this.entries.delete(key);
    if (this.keysBySession.get(sessionId) === key) this.keysBySession.delete(sessionId);
  }
}
