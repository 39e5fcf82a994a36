import fs from 'node:fs';
import { ProblemDetailsSchema, SESSION_STATE_URL, SessionResponseSchema, SessionStateResponseSchema } from '@afterwards/contracts';
import { connectDatabase, HttpSession, latestMail, mailsFor, startOidcServer, startProduct, startSmtpCapture, totp, useProduct, type OidcServer, type RunningProduct, type SmtpCapture } from '@afterwards/testing';

/** Family accounts over HTTP against the built product: better-auth's routes and the product's own. */
describe.each(['embedded', 'services'] as const)('family accounts over HTTP (%s profile)', (profile) => {
  let product: RunningProduct;
  let oidc: OidcServer;

  beforeAll(async () => {
    oidc = await startOidcServer({ email: 'gwen.google@example.test', name: 'Gwen Google' });
    product = await startProduct({
      profile,
      seedCount: 0,
      env: { GOOGLE_CLIENT_ID: 'afterwards-test', GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER_URL: oidc.issuer },
    });
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
    await oidc?.stop();
  });

  const signUp = async (http: HttpSession, email: string, password: string) =>
    http.json('/api/auth/sign-up/email', { method: 'POST', json: { email, password, name: '', callbackURL: '/dashboard' } });
  const signIn = async (http: HttpSession, email: string, password: string) =>
    http.json<{ twoFactorRedirect?: boolean; message?: string; code?: string }>('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

  async function verifiedUser(email: string, password: string): Promise<HttpSession> {
    const http = new HttpSession(product.url);
    expect((await signUp(http, email, password)).status).toBe(200);
    const mail = await latestMail(product.outboxDir, email, { kind: 'verify-email' });
    expect((await http.fetch(mail.links[0]!)).status).toBe(302);
    return http;
  }

  it('offers Google on the sign-in screen when it is configured', async () => {
    const res = await fetch(`${product.url}/api/sign-in-options`);
    expect(await res.json()).toMatchObject({ google: true });
  });

  it('signs up, refuses sign-in until the e-mail is verified from the outbox link, then signs in and out', async () => {
    const http = new HttpSession(product.url);
    const email = 'ann.family@example.test';
    expect((await signUp(http, email, 'quiet-harbour-47')).status).toBe(200);
    expect((await http.fetch('/api/session')).status).toBe(401);
    // The shell's start-up question answers signed out without an error status.
    expect(await http.json(SESSION_STATE_URL)).toMatchObject({ status: 200, body: { user: null } });
    const mail = await latestMail(product.outboxDir, email, { kind: 'verify-email' });

    // Signing in before verifying is refused, and sends the link again.
    const unverified = await signIn(http, email, 'quiet-harbour-47');
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      email,
      verificationSent: true,
      message: `Your email address is not verified yet. We have sent a new verification link to ${email}.`,
    });
    await latestMail(product.outboxDir, email, { kind: 'verify-email', skip: 1 });

    expect(mail.subject).toBe('Confirm your e-mail address for Afterwards');
    expect(mail.text).toContain(mail.links[0]);
    expect(mail.html).toContain('Afterwards');
    const verified = await new HttpSession(product.url).fetch(mail.links[0]!);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/dashboard');

    expect((await signIn(http, email, 'quiet-harbour-47')).status).toBe(200);
    const session = await http.json('/api/session');
    expect(session.status).toBe(200);
    expect(SessionResponseSchema.parse(session.body).user).toMatchObject({ email, emailVerified: true, twoFactorEnabled: false, firstName: null });
    expect(SessionStateResponseSchema.parse((await http.json(SESSION_STATE_URL)).body)).toEqual(session.body);

    expect((await http.json('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
    expect((await http.fetch('/api/session')).status).toBe(401);
  });

  it('refuses short and common passwords with clear messages', async () => {
    const http = new HttpSession(product.url);
    const common = await signUp(http, 'common@example.test', 'password1');
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ message: 'This password is too common. Please choose another.' });
    const short = await signUp(http, 'short@example.test', 'abc12');
    expect(short.status).toBe(400);
  });

  it('answers errors from /api/auth as problem details, keeping better-auth\'s message and code', async () => {
    const http = new HttpSession(product.url);
    const res = await http.fetch('/api/auth/sign-up/email', { method: 'POST', json: { email: 'common.problem@example.test', password: 'password1', name: '' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = (await res.json()) as Record<string, unknown>;
    expect(ProblemDetailsSchema.parse(body)).toMatchObject({ status: 400, title: 'Bad Request', detail: 'This password is too common. Please choose another.' });
    expect(body.message).toBe('This password is too common. Please choose another.');
    expect(body.code).toBe(ProblemDetailsSchema.parse(body).code);
    expect(body.type).toBe(`https://afterwards.app/problems/${String(body.code).toLowerCase().replace(/_/g, '-')}`);

    const wrong = await http.fetch('/api/auth/sign-in/email', { method: 'POST', json: { email: 'nobody.problem@example.test', password: 'wrong-password-2' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-type')).toContain('application/problem+json');
    expect(ProblemDetailsSchema.parse(await wrong.json())).toMatchObject({ status: 401, title: 'Unauthorized', code: 'INVALID_EMAIL_OR_PASSWORD' });

    // Successful answers are unchanged.
    const ok = await http.fetch('/api/auth/get-session');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('application/json');
  });

  it('saves the profile and preferences per user; another user sees only their own', async () => {
    const a = await verifiedUser('profile.a@example.test', 'quiet-harbour-51');
    const b = await verifiedUser('profile.b@example.test', 'quiet-harbour-52');
    await signIn(a, 'profile.a@example.test', 'quiet-harbour-51');
    await signIn(b, 'profile.b@example.test', 'quiet-harbour-52');
    const saved = await a.json('/api/profile', { method: 'PUT', json: { firstName: ' Ann ', lastName: 'Lee', dateOfBirth: '', phone: '' } });
    expect(saved.body).toEqual({ profile: { firstName: 'Ann', lastName: 'Lee', phone: null, dateOfBirth: null, address: null, emergencyContact: null, emergencyPhone: null } });
    const missingName = await a.json('/api/profile', { method: 'PUT', json: { firstName: '  ' } });
    expect(missingName.status).toBe(400);
    expect(ProblemDetailsSchema.parse(missingName.body).detail).toBe('Please enter at least your first name.');
    expect((await a.json('/api/preferences', { method: 'PUT', json: { emailNotifications: false, progressTracking: true } })).status).toBe(200);
    expect((await a.json('/api/preferences')).body).toEqual({ preferences: { emailNotifications: false, progressTracking: true } });
    expect((await a.json<{ user: { firstName: string } }>('/api/session')).body.user.firstName).toBe('Ann');

    expect((await b.json('/api/profile')).body).toEqual({ profile: null });
    expect((await b.json('/api/preferences')).body).toEqual({ preferences: { emailNotifications: true, progressTracking: true } });
    expect((await new HttpSession(product.url).fetch('/api/profile')).status).toBe(401);
  });

  it('refuses a future date of birth, a phone number with letters and an overlong address with field errors, keeping what was saved', async () => {
    const http = await verifiedUser('profile.rules@example.test', 'quiet-harbour-53');
    await signIn(http, 'profile.rules@example.test', 'quiet-harbour-53');
    const kept = { firstName: 'Rhi', lastName: null, phone: '07700 900123', dateOfBirth: '1970-01-31', address: null, emergencyContact: null, emergencyPhone: null };
    expect((await http.json('/api/profile', { method: 'PUT', json: kept })).status).toBe(200);
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const refused = async (change: Record<string, string>) => {
      const res = await http.json('/api/profile', { method: 'PUT', json: { ...kept, ...change } });
      expect(res.status).toBe(400);
      const problem = ProblemDetailsSchema.parse(res.body);
      expect(problem.code).toBe('VALIDATION_FAILED');
      return problem.errors;
    };
    expect(await refused({ dateOfBirth: inTwoDays })).toEqual([{ path: 'dateOfBirth', message: 'Date of birth cannot be in the future' }]);
    expect(await refused({ phone: '07700 CALL ME' })).toEqual([
      { path: 'phone', message: 'Phone number can only contain digits, spaces, brackets, dashes and a leading +' },
    ]);
    expect(await refused({ emergencyPhone: 'ask at the desk', address: 'x'.repeat(10_000) })).toEqual([
      { path: 'address', message: 'Address must be 500 characters or fewer' },
      { path: 'emergencyPhone', message: 'Emergency contact phone can only contain digits, spaces, brackets, dashes and a leading +' },
    ]);
    expect((await http.json('/api/profile')).body).toEqual({ profile: kept });
  });

  it('resets a forgotten password by e-mail, signing out every session', async () => {
    const email = 'reset.me@example.test';
    const http = await verifiedUser(email, 'quiet-harbour-61');
    const other = new HttpSession(product.url);
    expect((await signIn(other, email, 'quiet-harbour-61')).status).toBe(200);

    const asked = await new HttpSession(product.url).json('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/login/new-password' } });
    expect(asked.status).toBe(200);
    const mail = await latestMail(product.outboxDir, email, { kind: 'reset-password' });
    expect(mail.subject).toBe('Reset your Afterwards password');
    const opened = await http.fetch(mail.links[0]!);
    expect(opened.status).toBe(302);
    const token = new URL(opened.headers.get('location')!, product.url).searchParams.get('token')!;
    expect(token).toBeTruthy();

    const common = await http.json('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'iloveyou' } });
    expect(common.body).toMatchObject({ message: 'This password is too common. Please choose another.' });
    expect((await http.json('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'quiet-harbour-62' } })).status).toBe(200);
    expect((await other.fetch('/api/session')).status).toBe(401);
    expect((await signIn(http, email, 'quiet-harbour-61')).status).toBe(401);
    expect((await signIn(http, email, 'quiet-harbour-62')).status).toBe(200);
  });

  it('changes the password only with the right current password, and signs out the other sessions', async () => {
    const email = 'change.me@example.test';
    const http = await verifiedUser(email, 'quiet-harbour-71');
    const other = new HttpSession(product.url);
    await signIn(http, email, 'quiet-harbour-71');
    await signIn(other, email, 'quiet-harbour-71');
    const wrong = await http.json('/api/auth/change-password', { method: 'POST', json: { currentPassword: 'not-my-password', newPassword: 'quiet-harbour-72' } });
    expect(wrong.status).toBe(400);
    const ok = await http.json('/api/auth/change-password', { method: 'POST', json: { currentPassword: 'quiet-harbour-71', newPassword: 'quiet-harbour-72' } });
    expect(ok.status).toBe(200);
    expect((await http.fetch('/api/session')).status).toBe(200);
    expect((await other.fetch('/api/session')).status).toBe(401);
  });

  it('enrols TOTP two-factor, then signs in with an authenticator code and with a recovery code', async () => {
    const email = 'two.factor@example.test';
    const password = 'quiet-harbour-81';
    const http = await verifiedUser(email, password);
    await signIn(http, email, password);
    const enabled = await http.json<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { method: 'POST', json: { password } });
    expect(enabled.status).toBe(200);
    const secret = new URL(enabled.body.totpURI).searchParams.get('secret')!;
    expect(enabled.body.backupCodes.length).toBeGreaterThanOrEqual(8);
    expect((await http.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: await totp(secret) } })).status).toBe(200);
    expect((await http.json<{ user: { twoFactorEnabled: boolean } }>('/api/session')).body.user.twoFactorEnabled).toBe(true);

    const device = new HttpSession(product.url);
    const first = await signIn(device, email, password);
    expect(first.body.twoFactorRedirect).toBe(true);
    expect((await device.fetch('/api/session')).status).toBe(401);
    expect((await device.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: '000000' === (await totp(secret)) ? '111111' : '000000' } })).status).toBe(401);
    expect((await device.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: await totp(secret) } })).status).toBe(200);
    expect((await device.fetch('/api/session')).status).toBe(200);

    const lostPhone = new HttpSession(product.url);
    expect((await signIn(lostPhone, email, password)).body.twoFactorRedirect).toBe(true);
    expect((await lostPhone.json('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: enabled.body.backupCodes[0] } })).status).toBe(200);
    expect((await lostPhone.fetch('/api/session')).status).toBe(200);
  });

  it('signs in with Google through the OpenID Connect provider and lands on the dashboard', async () => {
    const http = new HttpSession(product.url);
    const started = await http.json<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: '/dashboard' } });
    expect(started.status).toBe(200);
    expect(started.body.url.startsWith(oidc.issuer)).toBe(true);
    const authorize = await fetch(started.body.url, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const callback = await http.fetch(authorize.headers.get('location')!);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/dashboard');
    const session = await http.json<{ user: { email: string; emailVerified: boolean } }>('/api/session');
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email: 'gwen.google@example.test', emailVerified: true });
  });

  if (profile === 'services') {
    it('renews a session that is in use once a day, and refuses one that has expired', async () => {
      const email = 'renew.me@example.test';
      const http = await verifiedUser(email, 'quiet-harbour-55');
      await signIn(http, email, 'quiet-harbour-55');
      const db = await connectDatabase(product);
      try {
        const userId = (await db.query(`SELECT id FROM auth_users WHERE email = $1`, [email])).rows[0].id as string;
        const sessions = async () => (await db.query(`SELECT id, "expiresAt" FROM auth_sessions WHERE "userId" = $1 ORDER BY "createdAt" DESC`, [userId])).rows as { id: string; expiresAt: Date }[];
        const [current] = await sessions();
        // Two days into a seven-day session: the next request renews it to a full seven days again.
        await db.query(`UPDATE auth_sessions SET "expiresAt" = now() + interval '5 days', "updatedAt" = now() - interval '2 days' WHERE id = $1`, [current!.id]);
        expect((await http.fetch('/api/session')).status).toBe(200);
        const renewed = (await sessions()).find((s) => s.id === current!.id)!;
        expect(renewed.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

        await db.query(`UPDATE auth_sessions SET "expiresAt" = now() - interval '1 minute' WHERE id = $1`, [current!.id]);
        expect((await http.fetch('/api/session')).status).toBe(401);
      } finally {
        await db.end();
      }
    });
  }

  it('counts only failed sign-ins: twelve right passwords in a row from one address all get in', async () => {
    const email = 'often.here@example.test';
    await verifiedUser(email, 'quiet-harbour-57');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(new HttpSession(product.url, { 'x-forwarded-for': '10.8.0.1' }), email, 'quiet-harbour-57')).status);
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it('slows wrong guesses by address: ten from one address do not lock the owner out elsewhere, and the eleventh is a 429 with Retry-After', async () => {
    const email = 'guessed.at@example.test';
    await verifiedUser(email, 'quiet-harbour-58');
    const attacker = new HttpSession(product.url, { 'x-forwarded-for': '10.9.0.1' });
    const guesses: number[] = [];
    for (let i = 0; i < 10; i++) guesses.push((await signIn(attacker, email, `wrong-guess-${i}`)).status);
    expect(guesses).toEqual(Array(10).fill(401));

    // The owner, from their own address, still signs in.
    const owner = new HttpSession(product.url, { 'x-forwarded-for': '10.9.0.2' });
    expect((await signIn(owner, email, 'quiet-harbour-58')).status).toBe(200);
    expect((await owner.fetch('/api/session')).status).toBe(200);

    // The guessing address is slowed, with when to try again, and never a 500.
    const limited = await attacker.fetch('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'wrong-guess-10' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await limited.json()) as { code: string; status: number; message: string; retryAt: string };
    expect(body).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(body.message).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Date.parse(body.retryAt)).toBeGreaterThan(Date.now());
    // Even the right password waits there: the address is slowed, not told which guess was right.
    expect((await signIn(attacker, email, 'quiet-harbour-58')).status).toBe(429);
  });

  it('limits one address guessing across many accounts', async () => {
    const http = new HttpSession(product.url, { 'x-forwarded-for': '10.9.1.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await signIn(http, `nobody.${i}@example.test`, 'wrong-password-1')).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
  });
});

describe('abuse limits on e-mails (embedded profile)', () => {
  let product: RunningProduct;
  useProduct({ profile: 'embedded', seedCount: 0 }, (started) => (product = started));

  it('allows 3 reset e-mails per account an hour, then answers 429 with a clear message, whichever address asks', async () => {
    const email = 'reset.limit@example.test';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const http = new HttpSession(product.url, { 'x-forwarded-for': `10.5.0.${i + 1}` });
      statuses.push((await http.json('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/login' } })).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await new HttpSession(product.url, { 'x-forwarded-for': '10.5.0.9' }).json<{ message: string; retryAt: string }>('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/login' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many password reset requests\. Please wait \d+ minutes? and try again\.$/);
  });

  it('allows 3 verification e-mails per account an hour, whichever address asks, then 429 with Retry-After, the same whether or not the account exists', async () => {
    const email = 'resend.limit@example.test';
    const http = new HttpSession(product.url);
    expect((await http.json('/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'quiet-harbour-33', name: '' } })).status).toBe(200);
    for (const address of [email, 'no.such.account@example.test']) {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const from = new HttpSession(product.url, { 'x-forwarded-for': `10.7.${address === email ? 0 : 1}.${i + 1}` });
        statuses.push((await from.json('/api/auth/send-verification-email', { method: 'POST', json: { email: address } })).status);
      }
      expect(statuses).toEqual([200, 200, 200]);
      const limited = await new HttpSession(product.url, { 'x-forwarded-for': '10.7.2.1' }).fetch('/api/auth/send-verification-email', { method: 'POST', json: { email: address } });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many verification e-mails\. Please wait \d+ minutes? and try again\.$/);
    }
    // Sign-up's e-mail and three more: no fifth.
    expect(mailsFor(product.outboxDir, email).filter((m) => m.kind === 'verify-email')).toHaveLength(4);
  });

  it('allows 10 verification e-mails an hour from one address, across accounts', async () => {
    const http = new HttpSession(product.url, { 'x-forwarded-for': '10.6.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await http.json('/api/auth/send-verification-email', { method: 'POST', json: { email: `verify.${i}@example.test` } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('e-mail through SMTP (SMTP_URL set)', () => {
  let product: RunningProduct;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    product = await startProduct({ profile: 'embedded', seedCount: 0, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Afterwards <hello@afterwards.test>' } });
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
    await smtp?.close();
  });

  it('sends the verification e-mail to the SMTP server, and the link in it verifies the account', async () => {
    const http = new HttpSession(product.url);
    const email = 'smtp.user@example.test';
    expect((await http.json('/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'quiet-harbour-99', name: '' } })).status).toBe(200);
    const raw = (await smtp.waitFor(email, undefined, 10_000)).raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toMatch(/^From: Afterwards <hello@afterwards\.test>/m);
    expect(raw).toMatch(/^Subject: Confirm your e-mail address for Afterwards/m);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[^\s"<]+)/.exec(raw)![1]!;
    expect((await http.fetch(link)).status).toBe(302);
    expect((await http.json<{ user: { emailVerified: boolean } }>('/api/session')).body.user.emailVerified).toBe(true);
    expect(fs.existsSync(product.outboxDir)).toBe(false);
  });
});

describe('Google sign-in when its provider does not answer', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    // Port 9 (discard) refuses connections on loopback: the OpenID configuration cannot be read.
    product = await startProduct({
      profile: 'embedded',
      seedCount: 0,
      env: { GOOGLE_CLIENT_ID: 'afterwards-test', GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER_URL: 'http://127.0.0.1:9' },
    });
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('does not offer a Google button that could only fail', async () => {
    const res = await fetch(`${product.url}/api/sign-in-options`);
    expect(await res.json()).toMatchObject({ google: false });
  });
});
