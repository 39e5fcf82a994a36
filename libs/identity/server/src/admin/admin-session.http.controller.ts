import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ADMIN_LOCK_MS, ADMIN_MAX_ATTEMPTS, AdminSignInSchema, type AdminUser } from '@afterwards/contracts';
import { combineFailures, minutesUntil } from '@afterwards/identity-domain';
import type { SqlClient } from '@afterwards/persistence';
import { appendAnswerHeader, headerOf, ProblemError, SQL_CLIENT, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import type { Auth } from '../auth/auth';
import { AttemptsStore } from '../auth/attempts.store';
import { clientIp, findCurrentUser } from '../session/current-user';
import { ATTEMPTS, AUTH } from '../tokens';
import { MARK_STAFF_SESSION, PRUNE_STAFF_MARKS, throughStaffDoor } from '../auth/staff-door';
import { asAdminRole, writeAudit as writeAuditAs, type AuditEntry } from './admin-audit';
import { STAFF_LOOKUP, type StaffLookupRow } from './staff-access/staff-lookup';
import { authHeaders } from '../auth/auth-headers';

export const ADMIN_MESSAGES = {
  invalid: 'Invalid email or password',
  unconfirmed: 'Please confirm your email address before signing in',
  notAdmin: 'You do not have admin access to this system. Contact the system administrator.',
  notConfigured: 'Admin account not properly configured. Contact the system administrator.',
  failed: 'Authentication failed. Please try again.',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  invalidCode: 'Invalid authentication code',
} as const;

/** `name=value` pairs a browser would send back from a response's Set-Cookie lines (expired ones left out). */
function cookiesFrom(setCookies: string[]): string {
  return setCookies
    .map((line) => line.split(';', 1)[0]!.trim())
    .filter((pair) => pair.includes('=') && pair.slice(pair.indexOf('=') + 1) !== '')
    .join('; ');
}

const policy = { maxFailures: ADMIN_MAX_ATTEMPTS, lockMs: ADMIN_LOCK_MS };

/** The spec's rate-limit message, with when it ends (sent as Retry-After). */
function rateLimited(retryAt: string | undefined): ProblemError {
  const at = retryAt && Number.isFinite(Date.parse(retryAt)) ? retryAt : new Date(Date.now() + 60_000).toISOString();
  return new ProblemError(429, 'RATE_LIMITED', 'Too many login attempts. Please wait a few minutes and try again.', undefined, { retryAt: at });
}

interface AdminRow {
  id: string;
  name: string;
  email: string;
  role: string;
  auth_user_id: string | null;
  is_active: boolean;
}

function lockedProblem(retryAt: Date, now = new Date()): ProblemError {
  const minutes = minutesUntil(retryAt, now);
  return new ProblemError(429, 'ADMIN_LOCKED', `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
    retryAt: retryAt.toISOString(),
    remainingAttempts: 0,
  });
}

/** Staff sign-in: lockout per client address, audit of every outcome. */
@Controller('api/admin')
export class AdminSessionController {
  constructor(
    @Inject(AUTH) private readonly auth: Auth,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(ATTEMPTS) private readonly attempts: AttemptsStore,
  ) {}

  /**
   * The lock is the client address's, as the spec's was the browser's: 5 failures from one address lock
   * that address whatever accounts it tried. Nothing locks an account by itself, so guesses from
   * elsewhere never keep its owner out.
   */
  private keys(ip: string): string[] {
    return [`admin:ip:${ip}`];
  }

  @Post('session')
  @HttpCode(200)
  async signIn(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply, @Body() body: unknown): Promise<{ admin: AdminUser }> {
    const ip = clientIp(req);
    const userAgent = headerOf(req, 'user-agent') ?? null;
    const input = AdminSignInSchema.parse(body ?? {});
    const keys = this.keys(ip);
    const now = new Date();
    for (const key of keys) {
      const gate = await this.attempts.gate(key, now);
      if (!gate.allowed) {
        await this.audit({ action: 'admin_sign_in_locked', tableName: 'admin_users', newValues: { email: input.email, retryAt: gate.retryAt.toISOString() }, ipAddress: ip, userAgent });
        throw lockedProblem(gate.retryAt, now);
      }
    }
    const fail = async (status: number, code: string, message: string, audit: { action: string; authUserId?: string | null; adminUserId?: string | null }) => {
      const outcomes = [];
      for (const key of keys) outcomes.push(await this.attempts.fail(key, policy, now));
      const { remainingAttempts, retryAt } = combineFailures(outcomes);
      await this.audit({ action: audit.action, authUserId: audit.authUserId, adminUserId: audit.adminUserId, tableName: 'admin_users', newValues: { email: input.email, reason: code }, ipAddress: ip, userAgent });
      if (retryAt) throw lockedProblem(retryAt, now);
      return new ProblemError(status, code, message, undefined, { remainingAttempts });
    };

    // Through the staff door: better-auth makes a staff account's session nowhere else.
    const response = await throughStaffDoor(() =>
      this.auth.api.signInEmail({ body: { email: input.email, password: input.password, rememberMe: false }, headers: authHeaders(req), asResponse: true }),
    );
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { code?: string; retryAt?: string };
      if (response.status === 429) throw rateLimited(body.retryAt);
      if (body.code === 'EMAIL_NOT_VERIFIED') throw await fail(401, 'ADMIN_EMAIL_NOT_CONFIRMED', ADMIN_MESSAGES.unconfirmed, { action: 'admin_sign_in_failed' });
      if (response.status === 401) throw await fail(401, 'ADMIN_INVALID_CREDENTIALS', ADMIN_MESSAGES.invalid, { action: 'admin_sign_in_failed' });
      throw await fail(401, 'ADMIN_AUTH_FAILED', ADMIN_MESSAGES.failed, { action: 'admin_sign_in_failed' });
    }
    let signedIn = (await response.json()) as { user?: { id: string }; token?: string; twoFactorRedirect?: boolean };
    let cookies = response.headers.getSetCookie();
    if (signedIn.twoFactorRedirect) {
      // The password was right and two-factor is on: better-auth left a short-lived challenge cookie.
      const challengeAudit = { action: 'admin_sign_in_failed' };
      if (!input.code) {
        throw new ProblemError(401, 'ADMIN_TWO_FACTOR_REQUIRED', ADMIN_MESSAGES.codeRequired, undefined, { twoFactorRequired: true });
      }
      const headers = authHeaders(req);
      headers.set('cookie', cookiesFrom(cookies));
      const body = { code: input.code, trustDevice: false };
      const verified = await throughStaffDoor(() =>
        /^\d{6}$/.test(input.code!) ? this.auth.api.verifyTOTP({ body, headers, asResponse: true }) : this.auth.api.verifyBackupCode({ body, headers, asResponse: true }),
      );
      if (!verified.ok) {
        if (verified.status === 429) throw rateLimited(((await verified.json().catch(() => ({}))) as { retryAt?: string }).retryAt);
        const problem = await fail(401, 'ADMIN_INVALID_CODE', ADMIN_MESSAGES.invalidCode, challengeAudit);
        throw new ProblemError(problem.status, problem.code, problem.message, undefined, { ...problem.extra, twoFactorRequired: true });
      }
      signedIn = (await verified.json()) as typeof signedIn;
      cookies = verified.headers.getSetCookie();
    }
    const authUserId = signedIn.user?.id;
    if (!authUserId) throw await fail(401, 'ADMIN_AUTH_FAILED', ADMIN_MESSAGES.failed, { action: 'admin_sign_in_failed' });

    const admin = await this.findAdmin({ authUserId, email: input.email });
    if (!admin || !admin.is_active || !admin.auth_user_id) {
      // Signed in as a family user, or a staff record without its auth link: sign straight out again.
      if (signedIn.token) await this.revokeToken(signedIn.token);
      const notConfigured = admin && admin.is_active && !admin.auth_user_id;
      throw await fail(403, notConfigured ? 'ADMIN_NOT_CONFIGURED' : 'ADMIN_ACCESS_DENIED', notConfigured ? ADMIN_MESSAGES.notConfigured : ADMIN_MESSAGES.notAdmin, {
        action: 'unauthorized_access',
        authUserId,
        adminUserId: admin?.id ?? null,
      });
    }
    // The mark the staff guard asks for: this session, and no other, began at the staff sign-in.
    if (!signedIn.token || (await this.sql.query(MARK_STAFF_SESSION, [signedIn.token])).rowCount !== 1) {
      if (signedIn.token) await this.revokeToken(signedIn.token);
      throw await fail(401, 'ADMIN_AUTH_FAILED', ADMIN_MESSAGES.failed, { action: 'admin_sign_in_failed', authUserId, adminUserId: admin.id });
    }
    await this.sql.query(PRUNE_STAFF_MARKS);
    for (const key of keys) await this.attempts.reset(key);
    await asAdminRole(this.sql, (tx) => tx.query(`UPDATE admin_users SET last_login = now(), updated_at = now() WHERE id = $1`, [admin.id]));
    await this.audit({ action: 'admin_sign_in', adminUserId: admin.id, authUserId, tableName: 'admin_users', recordId: admin.id, ipAddress: ip, userAgent });
    for (const c of cookies) appendAnswerHeader(reply, 'Set-Cookie', c);
    return { admin: { id: admin.id, name: admin.name, email: admin.email, role: admin.role } };
  }

  @Get('session')
  async current(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply): Promise<{ admin: AdminUser }> {
    const user = await findCurrentUser(this.auth, req);
    if (!user) {
      const gate = await this.attempts.gate(`admin:ip:${clientIp(req)}`);
      throw new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.', undefined, gate.allowed ? {} : { retryAt: gate.retryAt.toISOString() });
    }
    // The staff guard's one statement: the active staff record and whether this session is a staff session.
    const admin = (await this.sql.query<StaffLookupRow>(STAFF_LOOKUP, [user.id, user.sessionId])).rows[0];
    if (!admin) {
      await this.audit({ action: 'unauthorized_access', authUserId: user.id, tableName: 'admin_users', ipAddress: clientIp(req), userAgent: headerOf(req, 'user-agent') ?? null });
      // 'The user is signed out and told', as at the staff sign-in.
      const signedOut = await this.auth.api.signOut({ headers: authHeaders(req), asResponse: true });
      for (const c of signedOut.headers.getSetCookie()) appendAnswerHeader(reply, 'Set-Cookie', c);
      throw new ProblemError(403, 'ADMIN_ACCESS_DENIED', ADMIN_MESSAGES.notAdmin);
    }
    // A staff account's session from anywhere but the staff sign-in is not a staff session.
    if (!admin.staff_session) throw new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
    return { admin: { id: admin.id, name: admin.name, email: admin.email, role: admin.role } };
  }

  @Delete('session')
  @HttpCode(204)
  async signOut(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply): Promise<void> {
    const user = await findCurrentUser(this.auth, req);
    const response = await this.auth.api.signOut({ headers: authHeaders(req), asResponse: true });
    for (const c of response.headers.getSetCookie()) appendAnswerHeader(reply, 'Set-Cookie', c);
    if (user) {
      const admin = await this.findAdmin({ authUserId: user.id });
      await this.audit({ action: 'admin_sign_out', adminUserId: admin?.id ?? null, authUserId: user.id, tableName: 'admin_users', recordId: admin?.id ?? null, ipAddress: clientIp(req), userAgent: headerOf(req, 'user-agent') ?? null });
    }
  }

  private audit(entry: AuditEntry): Promise<void> {
    return asAdminRole(this.sql, (tx) => writeAuditAs(tx, entry));
  }

  private async findAdmin(by: { authUserId: string; email?: string }): Promise<AdminRow | undefined> {
    const { rows } = await asAdminRole(this.sql, (tx) => tx.query<AdminRow>(
      `SELECT id, name, email, role, auth_user_id, is_active FROM admin_users WHERE auth_user_id = $1 OR ($2::text IS NOT NULL AND lower(email) = $2) ORDER BY (auth_user_id = $1) DESC NULLS LAST LIMIT 1`,
      [by.authUserId, by.email ?? null],
    ));
    return rows[0];
  }

  private async revokeToken(token: string): Promise<void> {
    await this.sql.query(`DELETE FROM auth_sessions WHERE token = $1`, [token]);
  }
}
