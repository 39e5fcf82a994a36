import path from 'node:path';
import { Module, type DynamicModule, type OnApplicationShutdown, type OnModuleInit, Inject } from '@nestjs/common';
import { fromNodeHeaders } from 'better-auth/node';
import type { Logger } from 'pino';
import { OutboxMailer, SmtpMailer, type Mailer } from '@afterwards/mail';
import type { SqlClient } from '@afterwards/persistence';
import { ACCESS_CHECK, APP_CONFIG, RealtimeGateway, registerErrorCodes, ROOT_LOGGER, SQL_CLIENT, type AppConfig } from '@afterwards/server-kit';
import { AdminSessionController } from './admin/admin-session.http.controller';
import { AuditLogController } from './admin/audit-log/audit-log.http.controller';
import { FirstStaffController } from './admin/first-staff/first-staff.http.controller';
import { FirstStaffService } from './admin/first-staff/first-staff.service';
import { AuditTrail } from './admin/staff-access/audit-trail';
import { AuditRecordNames } from './admin/audit-log/audit-record-names';
import { StaffGuard } from './admin/staff-access/staff-guard';
import { STAFF_LOOKUP, type StaffLookupRow } from './admin/staff-access/staff-lookup';
import { SESSION_ENDED_CHANNEL, STAFF_ACCESS_ENDED_CHANNEL } from './auth/staff-door';
import { AttemptsStore } from './auth/attempts.store';
import { createAuth, resolveAuthSecret, type Auth } from './auth/auth';
import { releaseAuthStorages } from './auth/auth-storages';
import { ProfileController } from './profile/profile.http.controller';
import { AccountErasure } from './delete-account/account-erasure';
import { DeleteAccountController } from './delete-account/delete-account.http.controller';
import { DeleteAccountService } from './delete-account/delete-account.service';
import { SessionController } from './session/session.http.controller';
import { ATTEMPTS, AUTH, MAILER } from './tokens';

registerErrorCodes({ NOT_SIGNED_IN: 401, ADMIN_LOCKED: 429, ADMIN_ACCESS_DENIED: 403, ADMIN_NOT_CONFIGURED: 403, ADMIN_READ_ONLY: 403, FOREIGN_ORIGIN: 403, SETUP_LINK_EXPIRED: 410, ACCOUNT_EXISTS: 409 });

export function createMailer(config: AppConfig, logger: Logger): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  return new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, (message, fields) => logger.info(fields, message));
}

class MailerLifecycle implements OnApplicationShutdown {
  constructor(@Inject(MAILER) private readonly mailer: Mailer) {}
  async onApplicationShutdown(): Promise<void> {
    await this.mailer.close();
  }
}

/**
 * Lets the realtime gateway join a signed-in socket to its own user's private rooms, and closes the sockets
 * of a session that ended or of a staff member who lost access. The database tells every API replica
 * (NOTIFY from triggers on auth_sessions and admin_users), so it works across replicas and whatever ended
 * the session: a sign-out on any replica, a revocation, an operator's UPDATE.
 */
class SocketSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly unlisten: (() => Promise<void>)[] = [];

  constructor(
    @Inject(AUTH) private readonly auth: Auth,
    @Inject(RealtimeGateway) private readonly gateway: RealtimeGateway,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}
  async onModuleInit(): Promise<void> {
    this.gateway.useUserResolver(async (headers) => {
      const session = await this.auth.api.getSession({ headers: fromNodeHeaders(headers) });
      return session ? { sessionId: session.session.id, userId: session.user.id } : undefined;
    });
    // Staff rooms: a staff sign-in's live session whose admin_users record is active (auditors included: they only read).
    this.gateway.useStaffResolver(async ({ userId, sessionId }) => {
      const { rows } = await this.sql.query<StaffLookupRow>(STAFF_LOOKUP, [userId, sessionId]);
      return rows.some((row) => row.staff_session);
    });
    // Both channels share one listening connection; when it is made again, endings told meanwhile are lost,
    // so every socket's session is looked up again (once, for both).
    const revalidate = () => void this.gateway.revalidateSockets().catch(() => undefined);
    this.unlisten.push(await this.sql.listen(SESSION_ENDED_CHANNEL, (sessionId) => this.gateway.endSession(sessionId), revalidate));
    this.unlisten.push(await this.sql.listen(STAFF_ACCESS_ENDED_CHANNEL, (userId) => this.gateway.endUser(userId)));
  }
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.unlisten.splice(0).map((stop) => stop().catch(() => undefined)));
  }
}

/** Accounts, sessions and staff sign-in (better-auth mounted at /api/auth by the API's main). */
@Module({})
export class IdentityModule {
  /** `api` serves the HTTP routes and needs the shared AUTH_SECRET; `tools` (create-admin) does not sign anything. */
  static forRoot(role: 'api' | 'worker' | 'tools'): DynamicModule {
    return {
      module: IdentityModule,
      // Other contexts (memories) identify the signed-in user through AUTH.
      global: true,
      controllers: role === 'api' ? [SessionController, ProfileController, DeleteAccountController, AdminSessionController, FirstStaffController, AuditLogController] : [],
      providers: [
    { provide: MAILER, useFactory: (config: AppConfig, logger: Logger) => createMailer(config, logger), inject: [APP_CONFIG, ROOT_LOGGER] },
    { provide: ATTEMPTS, useFactory: (sql: SqlClient) => new AttemptsStore(sql), inject: [SQL_CLIENT] },
    {
      provide: AUTH,
      useFactory: async (config: AppConfig, sql: SqlClient, mailer: Mailer, logger: Logger) => {
        await releaseAuthStorages();
        return createAuth({ config, sql, mailer, logger, secret: resolveAuthSecret(config, role) });
      },
      inject: [APP_CONFIG, SQL_CLIENT, MAILER, ROOT_LOGGER],
    },
    MailerLifecycle,
    AuditTrail,
    AuditRecordNames,
    // Deleting an account: the ordered steps other contexts add to, and the route's service (API only).
    AccountErasure,
    ...(role === 'api' ? [SocketSessions, FirstStaffService, DeleteAccountService, { provide: ACCESS_CHECK, useClass: StaffGuard }] : []),
  ],
      exports: [AUTH, MAILER, AuditTrail, AuditRecordNames, AccountErasure],
    };
  }
}
