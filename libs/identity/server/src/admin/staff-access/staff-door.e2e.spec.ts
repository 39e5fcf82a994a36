import { ProblemDetailsSchema } from '@afterwards/contracts';
import { HttpSession, queryDatabase, signedIn, signUpVerified, startProduct, type RunningProduct } from '@afterwards/testing';

const STAFF = { email: 'dora.door@example.test', name: 'Dora Door', password: 'quiet-harbour-60' };
const FAMILY = { email: 'finn.family@example.test', password: 'quiet-harbour-61' };

/**
 * A staff session comes only from the staff sign-in (POST /api/admin/session, its lockout and audit): the
 * library's own sign-in refuses a staff account as it refuses a wrong password, and the staff guard refuses a
 * session that did not start at the staff sign-in. Services profile, against the built product.
 */
describe('staff sign-in has one door', () => {
  let product: RunningProduct;
  let listingId: string;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 3 });
    expect(product.tool('create-admin', '--email', STAFF.email, '--name', STAFF.name, '--password', STAFF.password)).toContain('is ready');
    listingId = (await query<{ id: string }>(`SELECT id FROM listings ORDER BY id LIMIT 1`))[0]!.id;
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => queryDatabase<T>(product, text, params);
  const from = (address: string) => new HttpSession(product.url, { 'x-forwarded-for': address, 'user-agent': 'staff-door-e2e' });
  const familyDoor = (http: HttpSession, email: string, password: string) => http.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
  const staffDoor = (http: HttpSession, email: string, password: string) => http.json('/api/admin/session', { method: 'POST', json: { email, password } });
  const suspend = (http: HttpSession) => http.json(`/api/admin/listings/${listingId}/suspend`, { method: 'POST', json: { reason: 'Checked by the staff door test' } });
  const sessionsOf = async (email: string) =>
    Number((await query<{ n: string }>(`SELECT count(*)::text AS n FROM auth_sessions s JOIN auth_users u ON u.id = s."userId" WHERE u.email = $1`, [email]))[0]!.n);

  it("refuses a staff account at the library's sign-in exactly as a wrong password, and makes no session", async () => {
    const right = from('10.61.0.1');
    const rightAnswer = await familyDoor(right, STAFF.email, STAFF.password);
    const wrongAnswer = await familyDoor(from('10.61.0.2'), STAFF.email, 'not-the-password-1');
    expect(wrongAnswer.status).toBe(401);
    expect(rightAnswer).toEqual(wrongAnswer);
    expect(rightAnswer.body).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', detail: 'Invalid email or password' });
    expect(right.has('session_token')).toBe(false);
    expect(await sessionsOf(STAFF.email)).toBe(0);
    expect((await right.json('/api/admin/session')).status).toBe(401);
    expect((await suspend(right)).status).toBe(401);
    // Audited as a staff sign-in that failed, with where it was tried.
    const audit = await query<{ action: string; new_values: { reason?: string } }>(`SELECT action, new_values FROM admin_audit_log WHERE ip_address = '10.61.0.1'`);
    expect(audit).toEqual([{ action: 'admin_sign_in_failed', new_values: expect.objectContaining({ reason: 'NOT_THE_STAFF_SIGN_IN' }) }]);

    // The staff sign-in lets the same account in, and that session works.
    const staff = from('10.61.0.3');
    expect((await staffDoor(staff, STAFF.email, STAFF.password)).status).toBe(200);
    expect((await staff.json('/api/admin/session')).status).toBe(200);
    expect((await staff.json('/api/admin/dashboard')).status).toBe(200);
  });

  it('refuses, in the staff guard, a session that did not start at the staff sign-in', async () => {
    // A family account signed in on the family side, then made staff: its session is not a staff session.
    await signUpVerified(product, FAMILY);
    const family = await signedIn(product, FAMILY.email, FAMILY.password);
    await query(`INSERT INTO admin_users (id, name, email, role, auth_user_id) SELECT gen_random_uuid(), 'Finn Family', email, 'admin', id FROM auth_users WHERE email = $1`, [FAMILY.email]);
    for (const path of ['/api/admin/session', '/api/admin/dashboard', '/api/admin/listings']) {
      const res = await family.json(path);
      expect([path, res.status, ProblemDetailsSchema.parse(res.body).code]).toEqual([path, 401, 'NOT_SIGNED_IN']);
    }
    expect((await suspend(family)).status).toBe(401);
    // Now a staff account, it signs in only at the staff sign-in, whose session the guard accepts.
    expect((await familyDoor(from('10.62.0.1'), FAMILY.email, FAMILY.password)).status).toBe(401);
    const staff = from('10.62.0.2');
    expect((await staffDoor(staff, FAMILY.email, FAMILY.password)).status).toBe(200);
    expect((await staff.json('/api/admin/dashboard')).status).toBe(200);
  });

  it("keeps the staff sign-in's lockout and audit whichever sign-in route a guesser uses", async () => {
    const address = '10.63.0.1';
    for (let attempt = 1; attempt <= 4; attempt++) expect((await staffDoor(from(address), STAFF.email, `wrong-password-${attempt}`)).status).toBe(401);
    expect((await staffDoor(from(address), STAFF.email, 'wrong-password-5')).status).toBe(429);
    // Locked at the staff sign-in: the right password at the library's route is no way round it...
    const round = from(address);
    const viaLibrary = await familyDoor(round, STAFF.email, STAFF.password);
    expect(viaLibrary.status).toBe(401);
    expect(viaLibrary.body).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(round.has('session_token')).toBe(false);
    expect((await suspend(round)).status).toBe(401);
    // ...nor are further guesses there an oracle: each is answered as a wrong password (or, past the library's
    // own limit, as too many attempts), never with a session.
    for (let guess = 1; guess <= 10; guess++) {
      const res = await familyDoor(from(address), STAFF.email, guess === 10 ? STAFF.password : `another-guess-${guess}`);
      expect([401, 429]).toContain(res.status);
    }
    expect((await staffDoor(from(address), STAFF.email, STAFF.password)).status).toBe(429);
    expect(await sessionsOf(STAFF.email)).toBe(1); // the first test's staff session only
    const actions = (await query<{ action: string }>(`SELECT action FROM admin_audit_log WHERE ip_address = $1 ORDER BY id`, [address])).map((r) => r.action);
    expect(actions.slice(0, 5)).toEqual(Array(5).fill('admin_sign_in_failed'));
    expect(actions.filter((a) => a === 'admin_sign_in_locked')).toHaveLength(1);
    // Every attempt at the library's route was audited too (those past its own limit were refused before any check).
    expect(actions.filter((a) => a === 'admin_sign_in_failed').length).toBeGreaterThanOrEqual(5 + 1);
  });
});
