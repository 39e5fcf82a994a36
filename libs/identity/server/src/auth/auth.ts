import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APIError, betterAuth } from 'better-auth';
import { createAuthMiddleware, createEmailVerificationToken, isAPIError } from 'better-auth/api';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import { Kysely, PostgresDialect } from 'kysely';
import type { Logger } from 'pino';
import { PgliteSqlClient, PostgresSqlClient, type SqlClient } from '@afterwards/persistence';
import { apiConfigProblems, ConfigError, findUnsafeText, ownOrigins, UNSAFE_TEXT_MESSAGE, type AppConfig } from '@afterwards/server-kit';
import { EMAIL_VERIFIED_PATH } from '@afterwards/contracts';
import { checkPassword, minutesUntil } from '@afterwards/identity-domain';
import { resetPasswordEmail, verificationEmail, type Mailer } from '@afterwards/mail';
import { AttemptsStore } from './attempts.store';
import { PgliteDialect } from './pglite-kysely-dialect';
import { RATE_LIMITED_ACTIONS, rateLimitMessage, SIGN_IN_LIMITS, SIGN_IN_PATH, VERIFICATION_LINK_PATHS, VERIFY_ON_SIGN_IN_LIMIT } from './rate-limits';
import { SignInLimits } from './sign-in-limits';
import { CARRY_STAFF_MARK, inStaffDoor, IS_STAFF_EMAIL, IS_STAFF_USER, isStaffSession } from './staff-door';
import { asAdminRole, writeAudit } from '../admin/admin-audit';

/** Header the API sets from Express's trusted-proxy-aware `req.ip` before better-auth sees a request. */
export const CLIENT_IP_HEADER = 'x-afterwards-client-ip';
/** RFC 5321's limit; a longer one could not be delivered, and would overflow the e-mail index. */
const MAX_EMAIL_LENGTH = 254;
export const VERIFY_EMAIL_EXPIRES_S = 24 * 3600;
export const RESET_PASSWORD_EXPIRES_S = 3600;
export const SESSION_EXPIRES_S = 7 * 24 * 3600;
export const SESSION_UPDATE_AGE_S = 24 * 3600;

/** AUTH_SECRET, or in the embedded profile a secret generated once and kept under DATA_DIR. */
const COUNT_SIGN_IN = `INSERT INTO user_sign_ins (user_id) VALUES ($1)
  ON CONFLICT (user_id) DO UPDATE SET sign_ins = user_sign_ins.sign_ins + 1`;

export function resolveAuthSecret(config: AppConfig, role: 'api' | 'worker' | 'tools' = 'api'): string {
  if (config.authSecret) return config.authSecret;
  // Operator tools only hash passwords (scrypt needs no secret) and write rows: a throw-away secret will do.
  if (config.profile === 'services' && role !== 'api') return randomBytes(32).toString('base64url');
  const problems = apiConfigProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
  const file = path.join(config.dataDir, 'auth-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** PUBLIC_URL, and on a loopback address both spellings of it (127.0.0.1 and localhost). */
function kyselyFor(sql: SqlClient): Kysely<unknown> {
  if (sql instanceof PgliteSqlClient) return new Kysely({ dialect: new PgliteDialect(sql.db) });
  if (sql instanceof PostgresSqlClient) return new Kysely({ dialect: new PostgresDialect({ pool: sql.pool }) });
  throw new Error(`No auth database for ${sql.dialect}`);
}

export interface AuthDeps {
  readonly config: AppConfig;
  readonly sql: SqlClient;
  readonly mailer: Mailer;
  readonly logger: Logger;
  readonly secret: string;
}

function tooMany(message: string, retryAt: Date, code = 'RATE_LIMITED'): APIError {
  // Problem-details fields beside better-auth's `message`/`code`, so both kinds of client read it.
  return new APIError('TOO_MANY_REQUESTS', {
    message,
    code,
    type: `https://afterwards.app/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title: 'Too Many Requests',
    status: 429,
    detail: message,
    retryAt: retryAt.toISOString(),
  });
}

/** The address the API put in the internal header (never one the client sent; see `mountAuth`). */
function clientAddress(ctx: { request?: Request; headers?: Headers }): string {
  return ctx.request?.headers.get(CLIENT_IP_HEADER) ?? ctx.headers?.get(CLIENT_IP_HEADER) ?? 'unknown';
}

/** The account an e-mail field names, as better-auth looks it up. */
function accountKey(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

export function createAuth(deps: AuthDeps) {
  const { config, mailer, logger } = deps;
  const attempts = new AttemptsStore(deps.sql);
  const signInLimits = new SignInLimits(attempts);
  const sendVerification = async ({ user, url }: { user: { email: string; name?: string | null }; url: string }) => {
    await mailer.send(verificationEmail({ to: user.email, name: user.name || null, url, expiresInSeconds: VERIFY_EMAIL_EXPIRES_S, supportEmail: config.supportEmail }));
  };
  const plugins = [
    twoFactor({ issuer: 'Afterwards', schema: { twoFactor: { modelName: 'auth_two_factors' } } }),
    ...(config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                discoveryUrl: `${config.google.issuerUrl}/.well-known/openid-configuration`,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : []),
  ];
  const isStaffEmail = async (email: string) => email !== '' && (await deps.sql.query<{ staff: boolean }>(IS_STAFF_EMAIL, [email])).rows[0]?.staff === true;
  /** Whether the request making a session for `userId` is signed in with that user's staff session (which it replaces). */
  const replacesStaffSession = async (context: { context: { session?: { session: { id: string }; user: { id: string } } | null } } | null | undefined, userId: string) => {
    const current = context?.context.session;
    if (!current || current.user.id !== userId) return false;
    return isStaffSession(deps.sql, current.session.id);
  };
  return betterAuth({
    appName: 'Afterwards',
    // No tracing here: without it each of better-auth's calls would still make spans for a no-op tracer.
    experimental: { instrumentation: { enabled: false } },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    database: { db: kyselyFor(deps.sql), type: 'postgres' },
    trustedOrigins: ownOrigins(config),
    telemetry: { enabled: false },
    user: { modelName: 'auth_users' },
    session: { modelName: 'auth_sessions', expiresIn: SESSION_EXPIRES_S, updateAge: SESSION_UPDATE_AGE_S, cookieCache: { enabled: false } },
    account: { modelName: 'auth_accounts', accountLinking: { enabled: true, trustedProviders: ['google'] } },
    verification: { modelName: 'auth_verifications' },
    // Our own limits below (per account and per address, in the database); better-auth's is per address only.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    logger: {
      log: (level, message, ...args) => {
        const l = (level as string) === 'success' ? 'info' : level;
        logger[l]({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_S,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(resetPasswordEmail({ to: user.email, name: user.name || null, url, expiresInSeconds: RESET_PASSWORD_EXPIRES_S, supportEmail: config.supportEmail }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A sign-in before verifying sends a new link from the after-hook below, within a limit, and says so.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_S,
      sendVerificationEmail: sendVerification,
    },
    databaseHooks: {
      session: {
        create: {
          // Every way better-auth makes a session (e-mail sign-in, a verification link's auto sign-in, Google,
          // two-factor, any route a plugin adds later) passes here: a staff account gets none but through the
          // staff door, or as the replacement of a staff session (better-auth renews the session when two-factor
          // is turned on or off, or the password changes). The routes answer as when a session cannot be made.
          before: async (session, context) => {
            if (inStaffDoor()) return;
            const { rows } = await deps.sql.query<{ staff: boolean }>(IS_STAFF_USER, [session.userId]);
            if (rows[0]?.staff !== true || (await replacesStaffSession(context, session.userId))) return;
            logger.warn({ userId: session.userId }, 'auth: refused a session for a staff account outside the staff sign-in');
            return false;
          },
          after: async (session, context) => {
            if (!inStaffDoor() && (await replacesStaffSession(context, session.userId))) await deps.sql.query(CARRY_STAFF_MARK, [session.id]);
            // The fact behind 'Welcome' (first session) and 'Welcome back' (any later one).
            await deps.sql.query(COUNT_SIGN_IN, [session.userId]);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // Input the database cannot take must be a 400 here too, not a 500 from deep inside the library.
        const unsafe = findUnsafeText(body) ?? findUnsafeText(ctx.query);
        if (unsafe) throw new APIError('BAD_REQUEST', { message: UNSAFE_TEXT_MESSAGE, code: 'UNSAFE_TEXT' });
        if (typeof body.email === 'string' && body.email.length > MAX_EMAIL_LENGTH) {
          throw new APIError('BAD_REQUEST', { message: 'Please enter a valid email address', code: 'INVALID_EMAIL' });
        }
        if (ctx.path === '/update-user' && 'name' in body && typeof body.name !== 'string') {
          throw new APIError('BAD_REQUEST', { message: 'Name must be text', code: 'INVALID_NAME' });
        }
        // Password rule: length and the common-password list, on every way a password is set.
        const newPassword = ctx.path === '/sign-up/email' ? body.password : ctx.path === '/change-password' || ctx.path === '/reset-password' ? body.newPassword : undefined;
        if (typeof newPassword === 'string') {
          const problem = checkPassword(newPassword);
          if (problem) throw new APIError('BAD_REQUEST', { message: problem.message, code: problem.code });
        }
        const now = new Date();
        if (ctx.path === SIGN_IN_PATH) {
          const gate = await signInLimits.begin(clientAddress(ctx), accountKey(body.email), now);
          if (!gate.allowed) throw tooMany(rateLimitMessage(SIGN_IN_LIMITS.what, minutesUntil(gate.retryAt, now)), gate.retryAt);
        }
        // A staff account signs in only at the staff sign-in (its lockout, its audit). Here it gets the answer
        // of a wrong password, after as long a wait (a hash), before its password is looked at: no guessing
        // oracle, no hint that the password was right. Counted above like a wrong password, and audited.
        if (ctx.path === SIGN_IN_PATH && !inStaffDoor() && (await isStaffEmail(accountKey(body.email)))) {
          await ctx.context.password.hash(typeof body.password === 'string' ? body.password : '');
          await asAdminRole(deps.sql, (tx) =>
            writeAudit(tx, {
              action: 'admin_sign_in_failed',
              tableName: 'admin_users',
              newValues: { email: accountKey(body.email), reason: 'NOT_THE_STAFF_SIGN_IN', path: ctx.path },
              ipAddress: clientAddress(ctx),
              userAgent: ctx.request?.headers.get('user-agent') ?? ctx.headers?.get('user-agent') ?? null,
            }),
          ).catch((error: unknown) => logger.error({ err: error }, 'auth: a staff sign-in at the family door could not be audited'));
          throw new APIError('UNAUTHORIZED', { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' });
        }
        const action = RATE_LIMITED_ACTIONS.find((a) => a.path === ctx.path);
        if (action) {
          const ip = clientAddress(ctx);
          const email = accountKey(body[action.emailField]);
          const byAddress = await attempts.hit(`${action.name}:ip:${ip}`, action.perAddress, now);
          const byAccount = email ? await attempts.hit(`${action.name}:account:${email}`, action.perAccount, now) : byAddress;
          for (const decision of [byAccount, byAddress]) {
            if (!decision.allowed) throw tooMany(rateLimitMessage(action.what, minutesUntil(decision.retryAt, now)), decision.retryAt);
          }
        }
        const patch: Record<string, unknown> = {};
        // Verification links land on the product's page for them (which goes on to the dashboard), not on '/'.
        if (VERIFICATION_LINK_PATHS.includes(ctx.path) && typeof body.callbackURL !== 'string') patch.callbackURL = EMAIL_VERIFIED_PATH;
        // A password change signs out every other session.
        if (ctx.path === '/change-password') patch.revokeOtherSessions = true;
        return Object.keys(patch).length ? { context: { body: { ...body, ...patch } } } : undefined;
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== SIGN_IN_PATH) return;
        const returned = ctx.context.returned;
        const notVerified = isAPIError(returned) && (returned.body as { code?: string } | undefined)?.code === 'EMAIL_NOT_VERIFIED';
        // A wrong password, or a request refused before it was checked, stays counted.
        if (isAPIError(returned) && !notVerified) return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const email = accountKey(body.email);
        await signInLimits.passwordRight(clientAddress(ctx), email);
        if (!notVerified) return;
        // Right password, address not verified yet (better-auth checks the password first): a new link
        // within its limit, and an answer that says whether one went.
        let sent = false;
        if ((await attempts.hit(`verify-on-sign-in:account:${email}`, VERIFY_ON_SIGN_IN_LIMIT)).allowed) {
          const found = await ctx.context.internalAdapter.findUserByEmail(email);
          if (found && !found.user.emailVerified) {
            const token = await createEmailVerificationToken(ctx.context.secret, found.user.email, undefined, VERIFY_EMAIL_EXPIRES_S);
            const url = `${ctx.context.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(EMAIL_VERIFIED_PATH)}`;
            try {
              await sendVerification({ user: found.user, url });
              sent = true;
            } catch (error) {
              logger.error({ err: error }, 'auth: the verification e-mail for an unverified sign-in could not be sent');
            }
          }
        }
        const message = sent
          ? `Your email address is not verified yet. We have sent a new verification link to ${email}.`
          : `Your email address is not verified yet. Please open the link in the verification email we sent to ${email}.`;
        throw new APIError('FORBIDDEN', { message, code: 'EMAIL_NOT_VERIFIED', email, verificationSent: sent });
      }),
    },
    plugins,
  });
}

export type Auth = ReturnType<typeof createAuth>;
