import { ProblemDetailsSchema } from '@afterwards/contracts';
import { HttpSession, signedIn, signUpVerified, startProduct, type RunningProduct } from '@afterwards/testing';

const FAMILY = { email: 'nia.nul@example.test', password: 'quiet-harbour-91' };

/** Input that used to crash a request (500) is a 400 problem detail everywhere. */
describe('unstorable or malformed input answers 400, never 500 (services profile)', () => {
  let product: RunningProduct;
  let family: HttpSession;
  let memoryId: string;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    await signUpVerified(product, FAMILY);
    family = await signedIn(product, FAMILY.email, FAMILY.password);
    const created = await family.json<{ memory: { id: string } }>('/api/memories', { method: 'POST', json: { name: 'Mum', deceasedName: 'Ann Lee', jurisdiction: 'England' } });
    expect(created.status).toBe(201);
    memoryId = created.body.memory.id;
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  const expectProblem400 = (res: { status: number; body: unknown }, label: string) => {
    expect([label, res.status]).toEqual([label, 400]);
    expect(ProblemDetailsSchema.safeParse(res.body).success).toBe(true);
  };

  it.each([
    ['a NUL', 'Mum\u0000'],
    ['a lone surrogate', 'Mum \uD83D'],
  ])('refuses %s in a memory, a note and the profile', async (_what, text) => {
    expectProblem400(await family.json('/api/memories', { method: 'POST', json: { name: text, deceasedName: 'Ann Lee', jurisdiction: 'England' } }), 'memory');
    expectProblem400(await family.json(`/api/memories/${memoryId}/notes`, { method: 'POST', json: { title: 'Call', content: text } }), 'note');
    expectProblem400(await family.json('/api/profile', { method: 'PUT', json: { firstName: text } }), 'profile');
  });

  it('refuses them in sign-in, tokens and account updates too', async () => {
    const anonymous = new HttpSession(product.url);
    expectProblem400(await anonymous.json('/api/auth/sign-in/email', { method: 'POST', json: { email: 'nia\u0000@example.test', password: 'x-password-1' } }), 'sign-in e-mail');
    expectProblem400(await anonymous.json('/api/auth/verify-email?token=abc%00def'), 'verification token');
    expectProblem400(await family.json('/api/auth/update-user', { method: 'POST', json: { name: null } }), 'update-user name null');
    expectProblem400(await family.json('/api/auth/update-user', { method: 'POST', json: { name: 'Nia\u0000' } }), 'update-user NUL');
    const long = `${'a'.repeat(3_000)}@example.test`;
    expectProblem400(await anonymous.json('/api/auth/sign-up/email', { method: 'POST', json: { email: long, password: 'quiet-harbour-92', name: '' } }), 'sign-up 3,000-character e-mail');
  });
});
