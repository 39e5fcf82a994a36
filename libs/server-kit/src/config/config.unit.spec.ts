import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import path from 'node:path';
import { publicKeyText } from '../checkpoints/checkpoint-keys';
import { apiConfigProblems, ConfigError, loadConfig } from './config';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('defaults to the embedded profile with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ profile: 'embedded', port: 3000, host: '127.0.0.1', runProjections: true });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('chooses the services profile when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/app', REDIS_URL: 'redis://cache:6379' });
    expect(config).toMatchObject({ profile: 'services', redisUrl: 'redis://cache:6379' });
  });

  it('gives one clear message per wrong variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', RUN_PROJECTIONS: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be a number',
        'DATABASE_URL must start with postgres:// or postgresql://',
        'REDIS_URL must start with redis:// or rediss://',
        'RUN_PROJECTIONS must be true or false',
      ]),
    );
  });

  it('reads the checkpoint keys as PEM or base64, and names a wrong one', () => {
    const pair = generateKeyPairSync('ed25519');
    const seed = pair.privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32).toString('base64');
    // A PEM through an environment variable often has its line breaks written as \n.
    const pem = pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString().replace(/\n/g, '\\n');
    for (const text of [seed, pem]) {
      const config = loadConfig({ CHECKPOINT_SIGNING_KEY: text, CHECKPOINT_PUBLIC_KEY: publicKeyText(pair.publicKey) });
      const signature = sign(null, Buffer.from('head'), config.checkpoints.signingKey!);
      expect(verify(null, Buffer.from('head'), config.checkpoints.publicKey!, signature)).toBe(true);
      expect(publicKeyText(createPublicKey(config.checkpoints.signingKey!))).toBe(publicKeyText(pair.publicKey));
    }
    expect(loadConfig({ DATA_DIR: '/srv/afterwards' }).checkpoints).toMatchObject({ signingKey: undefined, file: path.resolve('/srv/afterwards/checkpoints.jsonl'), everyMs: 300_000 });
    expect(() => loadConfig({ CHECKPOINT_SIGNING_KEY: KEY.slice(0, 20), CHECKPOINT_PUBLIC_KEY: 'not a key', CHECKPOINT_EVERY_MS: '10' })).toThrow(
      expect.objectContaining({
        problems: [
          'CHECKPOINT_SIGNING_KEY must be an Ed25519 private key: PKCS#8 PEM (openssl genpkey -algorithm ed25519) or the base64 of a 32-byte seed',
          'CHECKPOINT_PUBLIC_KEY must be an Ed25519 public key: SPKI PEM (openssl pkey -pubout) or the base64 of its 32 bytes',
          'CHECKPOINT_EVERY_MS must be at least 1000',
        ],
      }),
    );
  });

  it('reads the identity and mail settings, with Google only when both its id and secret are set', () => {
    const config = loadConfig({ PORT: '4000', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', SMTP_URL: 'smtp://mail:587' });
    expect(config.publicUrl).toBe('http://127.0.0.1:4000');
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret', issuerUrl: 'https://accounts.google.com' });
    expect(config.smtpUrl).toBe('smtp://mail:587');
    expect(loadConfig({ PUBLIC_URL: 'https://afterwards.example/' }).publicUrl).toBe('https://afterwards.example');
    expect(loadConfig({}).google).toBeUndefined();
  });

  it('explains wrong identity and mail settings', () => {
    let error: unknown;
    try {
      loadConfig({ GOOGLE_CLIENT_ID: 'id', AUTH_SECRET: 'short', SMTP_URL: 'http://mail', SUPPORT_EMAIL: 'nobody' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual(
      expect.arrayContaining([
        'AUTH_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)',
        'SMTP_URL must start with smtp:// or smtps://',
        'SUPPORT_EMAIL must be an e-mail address',
        'GOOGLE_CLIENT_SECRET is needed with GOOGLE_CLIENT_ID: set both to offer Sign in with Google, or neither',
      ]),
    );
  });

  it('needs DATABASE_URL alongside EVENTSTORE_URL', () => {
    expect(() => loadConfig({ EVENTSTORE_URL: 'kurrentdb://localhost:2113?tls=false' })).toThrow(
      /DATABASE_URL is required when EVENTSTORE_URL is set/,
    );
  });

  it('requires AUTH_SECRET with DATABASE_URL only where the API loads its configuration', () => {
    const services = { DATABASE_URL: 'postgres://u@db:5432/app' };
    let error: unknown;
    try {
      loadConfig(services, { role: 'api' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^AUTH_SECRET is required with DATABASE_URL: /),
      expect.stringMatching(/^FILE_STORE_KEY is required with DATABASE_URL: /),
    ]);
    // Operator tools, the worker and benches never serve sign-in: they keep working without it.
    expect(loadConfig(services).profile).toBe('services');
    expect(loadConfig(services, { role: 'tools' }).authSecret).toBeUndefined();
    expect(loadConfig(services, { role: 'worker' }).authSecret).toBeUndefined();
    // The embedded API generates its own secret; a configured one satisfies the rule.
    expect(loadConfig({}, { role: 'api' }).profile).toBe('embedded');
    expect(loadConfig({ ...services, AUTH_SECRET: 'x'.repeat(32), FILE_STORE_KEY: KEY }, { role: 'api' }).authSecret).toBe('x'.repeat(32));
    expect(apiConfigProblems({ profile: 'services', authSecret: undefined, fileStoreKey: Buffer.alloc(32) })).toHaveLength(1);
    expect(apiConfigProblems({ profile: 'services', authSecret: 'x'.repeat(32), fileStoreKey: undefined })).toHaveLength(1);
    expect(apiConfigProblems({ profile: 'embedded', authSecret: undefined, fileStoreKey: undefined })).toEqual([]);
  });

  it('keeps files under DATA_DIR/files unless FILE_STORE_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/afterwards' }).fileStoreDir).toBe(path.resolve('/srv/afterwards/files'));
    expect(loadConfig({ DATA_DIR: '/srv/afterwards', FILE_STORE_DIR: '/mnt/files' }).fileStoreDir).toBe(path.resolve('/mnt/files'));
    expect(loadConfig({}).fileStoreDir).toBe(path.resolve('./data/files'));
  });

  it('reads FILE_STORE_KEY as 32 bytes and explains a wrong one', () => {
    expect(loadConfig({ FILE_STORE_KEY: KEY }).fileStoreKey).toEqual(Buffer.from(KEY, 'base64'));
    expect(loadConfig({}).fileStoreKey).toBeUndefined();
    for (const wrong of [Buffer.alloc(16, 7).toString('base64'), 'not base64 at all!', Buffer.alloc(33, 7).toString('base64')]) {
      let error: unknown;
      try {
        loadConfig({ FILE_STORE_KEY: wrong });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual(['FILE_STORE_KEY must be the base64 of 32 random bytes (e.g. openssl rand -base64 32)']);
    }
  });

  it('takes the test clock file only outside production, the reminders sweep interval in bounds, and a jobs prefix', () => {
    expect(loadConfig({ NODE_ENV: 'test', AFTERWARDS_TEST_CLOCK_FILE: 'clock.txt' }).testClockFile).toBe(path.resolve('clock.txt'));
    expect(() => loadConfig({ AFTERWARDS_TEST_CLOCK_FILE: 'clock.txt' })).toThrow(/AFTERWARDS_TEST_CLOCK_FILE is for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'production', AFTERWARDS_TEST_CLOCK_FILE: 'clock.txt' })).toThrow(ConfigError);
    expect(loadConfig({}).testClockFile).toBeUndefined();
    expect(loadConfig({}).reminderSweepMs).toBe(60_000);
    expect(loadConfig({ REMINDER_SWEEP_MS: '500' }).reminderSweepMs).toBe(500);
    expect(() => loadConfig({ REMINDER_SWEEP_MS: '5' })).toThrow(/REMINDER_SWEEP_MS must be at least 100/);
    expect(loadConfig({}).jobsPrefix).toBe('afterwards');
    expect(loadConfig({ JOBS_PREFIX: 'e2e-products_7' }).jobsPrefix).toBe('e2e-products_7');
    expect(() => loadConfig({ JOBS_PREFIX: 'a:b' })).toThrow(/JOBS_PREFIX must be/);
  });

  it('leaves /metrics open without METRICS_TOKEN, and explains a token too short or with other characters', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' 3f9a1c7e5b2d4f60a8c1e3b5d7f9a2c4 ' }).metricsToken).toBe('3f9a1c7e5b2d4f60a8c1e3b5d7f9a2c4');
    expect(loadConfig({ METRICS_TOKEN: 'Zm9vYmFyYmF6cXV4cXV1eA==' }).metricsToken).toBe('Zm9vYmFyYmF6cXV4cXV1eA==');
    for (const wrong of ['short', 'has spaces in the middle of it', 'quote"marks-are-not-allowed']) {
      let error: unknown;
      try {
        loadConfig({ METRICS_TOKEN: wrong });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual(['METRICS_TOKEN must be at least 16 letters, digits or - . _ ~ + / (e.g. openssl rand -hex 32)']);
    }
  });
});
