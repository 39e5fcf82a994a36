import type { KeyObject } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { parseCheckpointPublicKey, parseCheckpointSigningKey } from '../checkpoints/checkpoint-keys';

/**
 * All configuration comes from the environment and is validated once at start-up, with one clear
 * message per missing or wrong variable. The profile follows from what is configured: no DATABASE_URL
 * means the embedded profile (PGlite under DATA_DIR, in-process jobs, in-memory socket.io).
 */
const urlWithScheme = (name: string, schemes: string[]) =>
  optionalChecked((v) => schemes.some((s) => v.startsWith(`${s}://`)), `${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}`);

/** An optional variable: surrounding space trimmed, an empty value taken as unset. */
const optionalText = () => z.string().trim().optional().transform((v) => (v ? v : undefined));

/** An optional variable that, when set, must pass `valid`; `message` says what it must be. */
const optionalChecked = (valid: (value: string) => boolean, message: string) => optionalText().refine((v) => v === undefined || valid(v), { message });

/** FILE_STORE_KEY: base64 (or base64url) of exactly 32 bytes. */
function decodeKey(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return undefined;
  const key = Buffer.from(text, 'base64');
  return key.length === 32 ? key : undefined;
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: urlWithScheme('DATABASE_URL', ['postgres', 'postgresql']),
    REDIS_URL: urlWithScheme('REDIS_URL', ['redis', 'rediss']),
    EVENTSTORE_URL: urlWithScheme('EVENTSTORE_URL', ['kurrentdb', 'kurrentdb+discover', 'esdb', 'esdb+discover']),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Folder holding the built web apps (family-shell, admin-shell, remotes). */
    WEB_DIST_DIR: z.string().trim().optional(),
    /**
     * Whether this API replica may run the projections and reactors (default yes): replicas take a lease in
     * PostgreSQL and one leads at a time. false keeps a replica to requests only.
     */
    RUN_PROJECTIONS: z
      .enum(['true', 'false'], { error: 'RUN_PROJECTIONS must be true or false' })
      .default('true')
      .transform((v) => v === 'true'),
    /** Signs session cookies and tokens. The API requires it with DATABASE_URL; embedded: generated into DATA_DIR once. */
    AUTH_SECRET: optionalChecked((v) => v.length >= 32, 'AUTH_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)'),
    /** Encrypted memory files and photos; default DATA_DIR/files. */
    FILE_STORE_DIR: optionalText(),
    /** Wraps the key of every stored file. The API requires it with DATABASE_URL; embedded: generated into DATA_DIR once. */
    FILE_STORE_KEY: optionalChecked((v) => decodeKey(v) !== undefined, 'FILE_STORE_KEY must be the base64 of 32 random bytes (e.g. openssl rand -base64 32)'),
    /** The address people use to reach the product; links in e-mails and OAuth callbacks are built on it. */
    PUBLIC_URL: urlWithScheme('PUBLIC_URL', ['http', 'https']),
    GOOGLE_CLIENT_ID: optionalText(),
    GOOGLE_CLIENT_SECRET: optionalText(),
    GOOGLE_ISSUER_URL: urlWithScheme('GOOGLE_ISSUER_URL', ['http', 'https']),
    SMTP_URL: urlWithScheme('SMTP_URL', ['smtp', 'smtps']),
    MAIL_FROM: z.string().trim().min(3).default('Afterwards <no-reply@afterwards.local>'),
    SUPPORT_EMAIL: z
      .string()
      .trim()
      .default('support@afterwards.local')
      .refine((v) => /^[^@\s]+@[^@\s]+$/.test(v), { message: 'SUPPORT_EMAIL must be an e-mail address' }),
    TRUST_PROXY: z
      .string()
      .trim()
      .default('loopback')
      .refine((v) => v === 'false' || /^[\w.:/,\s-]+$/.test(v), { message: "TRUST_PROXY must be 'loopback', 'false' or a comma-separated list of addresses or subnets" }),
    /** How often the reminders sweep looks for reminder e-mails due (ms). */
    REMINDER_SWEEP_MS: z.coerce
      .number({ error: 'REMINDER_SWEEP_MS must be a number of milliseconds' })
      .int('REMINDER_SWEEP_MS must be a whole number of milliseconds')
      .min(100, 'REMINDER_SWEEP_MS must be at least 100')
      .max(3_600_000, 'REMINDER_SWEEP_MS must be at most 3600000 (an hour)')
      .default(60_000),
    /** The product's namespace in Redis (BullMQ keys, socket.io channels): products sharing one Redis each need their own. */
    JOBS_PREFIX: z
      .string()
      .trim()
      .default('afterwards')
      .refine((v) => /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/.test(v), { message: 'JOBS_PREFIX must be letters, digits, - or _ (at most 63)' }),
    /** On SIGTERM, how long readiness says 503 before the server stops accepting, for a proxy to notice (ms). */
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ error: 'SHUTDOWN_DRAIN_MS must be a number of milliseconds' })
      .int('SHUTDOWN_DRAIN_MS must be a whole number of milliseconds')
      .min(0, 'SHUTDOWN_DRAIN_MS must be between 0 and 5000')
      .max(5_000, 'SHUTDOWN_DRAIN_MS must be between 0 and 5000 (the whole stop must fit in 10 seconds)')
      .default(0),
    /** When set, GET /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`; unset, it is open (keep it off the public proxy). */
    METRICS_TOKEN: optionalChecked((v) => /^[A-Za-z0-9._~+/-]{16,}=*$/.test(v), 'METRICS_TOKEN must be at least 16 letters, digits or - . _ ~ + / (e.g. openssl rand -hex 32)'),
    /** Signs the logs' checkpoints (decision 0038): Ed25519, PKCS#8 PEM or the base64 of a 32-byte seed. Embedded: generated into DATA_DIR once. */
    CHECKPOINT_SIGNING_KEY: optionalChecked((v) => parseCheckpointSigningKey(v) !== undefined, 'CHECKPOINT_SIGNING_KEY must be an Ed25519 private key: PKCS#8 PEM (openssl genpkey -algorithm ed25519) or the base64 of a 32-byte seed'),
    /** What `tools audit verify` and `tools events verify` check the checkpoints' signatures with; default: derived from the signing key. */
    CHECKPOINT_PUBLIC_KEY: optionalChecked((v) => parseCheckpointPublicKey(v) !== undefined, 'CHECKPOINT_PUBLIC_KEY must be an Ed25519 public key: SPKI PEM (openssl pkey -pubout) or the base64 of its 32 bytes'),
    /** The append-only file of signed checkpoints (JSON lines); default DATA_DIR/checkpoints.jsonl. */
    CHECKPOINT_FILE: optionalText(),
    /** How often the logs' heads are checkpointed (ms). */
    CHECKPOINT_EVERY_MS: z.coerce
      .number({ error: 'CHECKPOINT_EVERY_MS must be a number of milliseconds' })
      .int('CHECKPOINT_EVERY_MS must be a whole number of milliseconds')
      .min(1_000, 'CHECKPOINT_EVERY_MS must be at least 1000')
      .max(86_400_000, 'CHECKPOINT_EVERY_MS must be at most 86400000 (a day)')
      .default(300_000),
    /** Tests only: a file holding an ISO instant that the reminders read as the time now. */
    AFTERWARDS_TEST_CLOCK_FILE: optionalText(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: env.GOOGLE_CLIENT_ID
          ? 'GOOGLE_CLIENT_SECRET is needed with GOOGLE_CLIENT_ID: set both to offer Sign in with Google, or neither'
          : 'GOOGLE_CLIENT_ID is needed with GOOGLE_CLIENT_SECRET: set both to offer Sign in with Google, or neither',
      });
    }
    if (env.AFTERWARDS_TEST_CLOCK_FILE && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['AFTERWARDS_TEST_CLOCK_FILE'],
        message: 'AFTERWARDS_TEST_CLOCK_FILE is for tests only and is refused when NODE_ENV is production (its default): unset it',
      });
    }
    if (env.EVENTSTORE_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'DATABASE_URL is required when EVENTSTORE_URL is set: read models live in PostgreSQL',
      });
    }
  });

export type Profile = 'embedded' | 'services';

export interface AppConfig {
  readonly profile: Profile;
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
  readonly eventStoreUrl: string | undefined;
  readonly logLevel: string;
  readonly webDistDir: string | undefined;
  /** This replica may take the projection lease (RUN_PROJECTIONS). */
  readonly runProjections: boolean;
  /** Readiness is 503 this long before the server stops accepting, on SIGTERM. */
  readonly shutdownDrainMs: number;
  /** Undefined in the embedded profile until the identity module generates one under DATA_DIR. */
  readonly authSecret: string | undefined;
  /** Folder of the encrypted file blobs. */
  readonly fileStoreDir: string;
  /** 32 bytes; undefined in the embedded profile until the file store generates one under DATA_DIR. */
  readonly fileStoreKey: Buffer | undefined;
  /** Base of links in e-mails and OAuth callbacks, without a trailing slash. */
  readonly publicUrl: string;
  /** Set only when both the client id and secret are configured. */
  readonly google: { clientId: string; clientSecret: string; issuerUrl: string } | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly supportEmail: string;
  /**
   * Which proxies may tell the client's address (X-Forwarded-For), in Express's `trust proxy` form:
   * 'loopback' (default), a list of addresses or subnets, or 'false' to trust none.
   */
  readonly trustProxy: string | false;
  /** Namespace of the BullMQ keys in Redis (services profile). */
  readonly jobsPrefix: string;
  /** Every how many ms the reminders sweep runs. */
  readonly reminderSweepMs: number;
  /** Tests only (never with NODE_ENV=production): the file the reminders' clock reads the time from. */
  readonly testClockFile: string | undefined;
  /** The bearer token GET /metrics asks for; undefined: it is open. */
  readonly metricsToken: string | undefined;
  /** Signed checkpoints of the audit trail and the event log (decision 0038). */
  readonly checkpoints: {
    /** CHECKPOINT_SIGNING_KEY; undefined: generated into DATA_DIR when embedded, checkpoints off in the services profile. */
    readonly signingKey: KeyObject | undefined;
    /** CHECKPOINT_PUBLIC_KEY; undefined: derived from the signing key. */
    readonly publicKey: KeyObject | undefined;
    readonly file: string;
    readonly everyMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Which process loads the configuration: only the API serves sign-in, so only it needs the shared AUTH_SECRET. */
export type ConfigRole = 'api' | 'worker' | 'tools';

/** Rules that apply only where the API serves requests (one definition, used by `loadConfig` and the identity module). */
export function apiConfigProblems(config: Pick<AppConfig, 'profile' | 'authSecret' | 'fileStoreKey'>): string[] {
  const problems: string[] = [];
  if (config.profile === 'services' && !config.authSecret) {
    problems.push('AUTH_SECRET is required with DATABASE_URL: every API replica must share it to sign sessions (e.g. openssl rand -base64 32)');
  }
  if (config.profile === 'services' && !config.fileStoreKey) {
    problems.push('FILE_STORE_KEY is required with DATABASE_URL: every API replica must share it to read stored files (e.g. openssl rand -base64 32)');
  }
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { role?: ConfigRole } = {}): AppConfig {
  const config = parseConfig(env);
  if (options.role === 'api') {
    const problems = apiConfigProblems(config);
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return config;
}

function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    profile: e.DATABASE_URL ? 'services' : 'embedded',
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    runProjections: e.RUN_PROJECTIONS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    authSecret: e.AUTH_SECRET,
    fileStoreDir: e.FILE_STORE_DIR ? path.resolve(e.FILE_STORE_DIR) : path.join(dataDir, 'files'),
    fileStoreKey: e.FILE_STORE_KEY ? decodeKey(e.FILE_STORE_KEY) : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuerUrl: (e.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com').replace(/\/+$/, '') }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    trustProxy: e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    jobsPrefix: e.JOBS_PREFIX,
    reminderSweepMs: e.REMINDER_SWEEP_MS,
    testClockFile: e.AFTERWARDS_TEST_CLOCK_FILE ? path.resolve(e.AFTERWARDS_TEST_CLOCK_FILE) : undefined,
    metricsToken: e.METRICS_TOKEN,
    checkpoints: {
      signingKey: e.CHECKPOINT_SIGNING_KEY ? parseCheckpointSigningKey(e.CHECKPOINT_SIGNING_KEY) : undefined,
      publicKey: e.CHECKPOINT_PUBLIC_KEY ? parseCheckpointPublicKey(e.CHECKPOINT_PUBLIC_KEY) : undefined,
      file: e.CHECKPOINT_FILE ? path.resolve(e.CHECKPOINT_FILE) : path.join(dataDir, 'checkpoints.jsonl'),
      everyMs: e.CHECKPOINT_EVERY_MS,
    },
  };
}
