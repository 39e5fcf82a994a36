import { fakeFetch } from '@afterwards/testing/fetch';
import { checkSession, displayName, greeting, parseSessionBody } from './session';

const { answer } = fakeFetch();

describe('session check', () => {
  it('is signed in only on 200 with a user', async () => {
    answer(200, { user: { id: 'u1', email: 'sam@example.com' } });
    expect(await checkSession()).toEqual({ status: 'signed-in', user: expect.objectContaining({ email: 'sam@example.com' }) });
  });

  it('is signed out on 200 with no user, and treats 401, 5xx, odd bodies and network failures as signed out', async () => {
    answer(200, { user: null });
    expect(await checkSession()).toEqual({ status: 'signed-out', reason: 'unauthenticated' });
    answer(401, { title: 'Unauthorized' });
    expect(await checkSession()).toEqual({ status: 'signed-out', reason: 'unauthenticated' });
    answer(503, { title: 'Unavailable' });
    expect(await checkSession()).toEqual({ status: 'signed-out', reason: 'unavailable' });
    answer(200, { user: 'nobody' });
    expect(await checkSession()).toEqual({ status: 'signed-out', reason: 'unavailable' });
    globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await checkSession()).toEqual({ status: 'signed-out', reason: 'offline' });
  });

  it('greets by full name, else first name, else the email before the @, else User', () => {
    expect(displayName(parseSessionBody({ user: { fullName: 'Sam Taylor', firstName: 'Sam' } })!)).toBe('Sam Taylor');
    expect(displayName(parseSessionBody({ user: { first_name: 'Sam', email: 'x@y.z' } })!)).toBe('Sam');
    expect(displayName(parseSessionBody({ user: { email: 'sam.t@example.com' } })!)).toBe('sam.t');
    expect(displayName(parseSessionBody({ user: {} })!)).toBe('User');
  });
});

describe('the greeting (issue 40, item 10)', () => {
  it("says 'Welcome' only when the server says this is the first sign-in, 'Welcome back' otherwise", () => {
    expect(greeting(parseSessionBody({ user: { email: 'a@b.c', returning: false } })!)).toBe('Welcome');
    expect(greeting(parseSessionBody({ user: { email: 'a@b.c', returning: true } })!)).toBe('Welcome back');
    // An answer without the fact (an older server) keeps the spec's word.
    expect(greeting(parseSessionBody({ user: { email: 'a@b.c' } })!)).toBe('Welcome back');
  });
});
