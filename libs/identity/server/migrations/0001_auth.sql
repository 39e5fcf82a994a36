-- better-auth 1.7.7 tables (email+password, twoFactor, genericOAuth), as its getMigrations() compiles them,
-- renamed to auth_*; committed as our own migration so the runner applies them in order.
create table "auth_users" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" boolean not null, "image" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null, "twoFactorEnabled" boolean);
create table "auth_sessions" ("id" text not null primary key, "expiresAt" timestamptz not null, "token" text not null unique, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null, "ipAddress" text, "userAgent" text, "userId" text not null references "auth_users" ("id") on delete cascade);
create table "auth_accounts" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "auth_users" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" timestamptz, "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null);
create table "auth_verifications" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" timestamptz not null, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null);
create table "auth_two_factors" ("id" text not null primary key, "secret" text not null, "backupCodes" text not null, "userId" text not null references "auth_users" ("id") on delete cascade, "verified" boolean, "failedVerificationCount" integer, "lockedUntil" timestamptz);
create index "auth_sessions_userId_idx" on "auth_sessions" ("userId");
create index "auth_accounts_userId_idx" on "auth_accounts" ("userId");
create index "auth_verifications_identifier_idx" on "auth_verifications" ("identifier");
create index "auth_two_factors_secret_idx" on "auth_two_factors" ("secret");
create index "auth_two_factors_userId_idx" on "auth_two_factors" ("userId");
-- Per-account and per-address counters: rate limits (fixed windows) and the staff sign-in lockout.
CREATE TABLE auth_rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_started_at timestamptz NOT NULL
);
CREATE TABLE auth_lockouts (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL
);
