import { fallbackMessage, formatCountdown, lockEnd, problemMessage, requestAdminSession } from './api';
import { MESSAGES, validateSignIn } from './validation';

describe('staff sign-in validation', () => {
  it('needs both fields', () => {
    expect(validateSignIn('', '')).toEqual({ ok: false, message: 'Email and password are required', fields: ['email', 'password'] });
    expect(validateSignIn('   ', 'secret1')).toMatchObject({ message: MESSAGES.required, fields: ['email'] });
    expect(validateSignIn('staff@example.com', '')).toMatchObject({ message: MESSAGES.required, fields: ['password'] });
  });

  it('needs an @ and at least 5 characters in the email', () => {
    expect(validateSignIn('ab', 'secret1')).toMatchObject({ message: 'Please enter a valid email address' });
    expect(validateSignIn('a@b', 'secret1')).toMatchObject({ message: 'Please enter a valid email address' });
    expect(validateSignIn('staff.example.com', 'secret1')).toMatchObject({ message: 'Please enter a valid email address' });
    expect(validateSignIn('a@b.c', 'secret1')).toMatchObject({ ok: true });
  });

  it('needs a password of at least 6 characters', () => {
    expect(validateSignIn('staff@example.com', '12345')).toMatchObject({ message: 'Password must be at least 6 characters' });
    expect(validateSignIn('staff@example.com', '123456')).toMatchObject({ ok: true });
  });

  it('trims and lower-cases the email', () => {
    expect(validateSignIn('  Staff@Example.COM ', 'secret1')).toEqual({ ok: true, email: 'staff@example.com', password: 'secret1' });
  });
});

describe('staff sign-in request', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("shows the server's problem detail", async () => {
    let sent: RequestInit | undefined;
    globalThis.fetch = async (_url, init) => {
      sent = init;
      return new Response(
        JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'unavailable', detail: 'Not yet.' }),
        { status: 503, headers: { 'content-type': 'application/problem+json' } },
      );
    };
    expect(await requestAdminSession('staff@example.com', 'secret1')).toEqual({ kind: 'failed', status: 503, message: 'Not yet.' });
    expect(sent?.method).toBe('POST');
    expect(JSON.parse(String(sent?.body))).toEqual({ email: 'staff@example.com', password: 'secret1' });
  });

  it('falls back to plain messages without a detail', async () => {
    expect(problemMessage({ nothing: true })).toBeUndefined();
    expect(problemMessage({ detail: 'Locked for 15 minutes' })).toBe('Locked for 15 minutes');
    expect(fallbackMessage(401)).toBe('Invalid email or password');
    expect(fallbackMessage(429)).toBe('Too many login attempts. Please wait a few minutes and try again.');
    expect(fallbackMessage(500)).toBe('Authentication failed. Please try again.');
    globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await requestAdminSession('staff@example.com', 'secret1')).toEqual({
      kind: 'failed',
      status: null,
      message: 'An error occurred during sign in. Please try again.',
    });
  });
});

describe('staff sign-in lock', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('counts down in m:ss', () => {
    expect(formatCountdown(15 * 60 * 1000)).toBe('15:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(500)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('only accepts a lock end in the future', () => {
    expect(lockEnd('2026-01-01T00:15:00Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(Date.parse('2026-01-01T00:15:00Z'));
    expect(lockEnd('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:15:00Z'))).toBeUndefined();
    expect(lockEnd('soon')).toBeUndefined();
    expect(lockEnd(undefined)).toBeUndefined();
  });

  it('passes on remaining attempts and the lock from the problem details', async () => {
    const retryAt = new Date(Date.now() + 900_000).toISOString();
    globalThis.fetch = async () =>
      new Response(
        JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'invalid_credentials', detail: 'Invalid email or password', remainingAttempts: 3 }),
        { status: 401, headers: { 'content-type': 'application/problem+json' } },
      );
    expect(await requestAdminSession('staff@example.com', 'secret1')).toEqual({
      kind: 'failed',
      status: 401,
      message: 'Invalid email or password',
      remainingAttempts: 3,
    });
    globalThis.fetch = async () =>
      new Response(JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'locked', retryAt }), {
        status: 429,
        headers: { 'content-type': 'application/problem+json' },
      });
    expect(await requestAdminSession('staff@example.com', 'secret1')).toMatchObject({ kind: 'failed', status: 429, lockedUntil: Date.parse(retryAt) });
  });

  it('sends the two-factor code when there is one, and says when the server asks for it', async () => {
    const sent: unknown[] = [];
    globalThis.fetch = async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify({
          type: 'https://afterwards.app/problems/admin-two-factor-required',
          title: 'Unauthorized',
          status: 401,
          code: 'ADMIN_TWO_FACTOR_REQUIRED',
          detail: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
          twoFactorRequired: true,
        }),
        { status: 401, headers: { 'content-type': 'application/problem+json' } },
      );
    };
    expect(await requestAdminSession('staff@example.com', 'secret1')).toEqual({
      kind: 'failed',
      status: 401,
      message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      twoFactorRequired: true,
    });
    await requestAdminSession('staff@example.com', 'secret1', { code: '123456' });
    expect(sent).toEqual([
      { email: 'staff@example.com', password: 'secret1' },
      { email: 'staff@example.com', password: 'secret1', code: '123456' },
    ]);
  });
});
