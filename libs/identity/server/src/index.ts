export { IdentityModule, createMailer } from './identity.module';
export { identityMigrations } from './identity.migrations';
export { AUTH, MAILER } from './tokens';
export { createAuth, resolveAuthSecret, CLIENT_IP_HEADER, type Auth } from './auth/auth';
export { createAdmin } from './admin/create-admin';
export { PgliteDialect } from './auth/pglite-kysely-dialect';
export { AttemptsStore } from './auth/attempts.store';
export { mountAuth } from './auth/mount';
export { requireUser, findCurrentUser, clientIp, SessionCache, type CurrentUser } from './session/current-user';
