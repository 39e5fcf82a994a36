import { fakeFetch } from '@afterwards/testing/fetch';
import { checkAdminSession, welcomeName } from './session';

describe('staff session check', () => {
  const { answer } = fakeFetch();

  it('greets by name, else Admin', () => {
    expect(welcomeName({ name: 'Priya Shah' })).toBe('Priya Shah');
    expect(welcomeName({ name: '  ' })).toBe('Admin');
    expect(welcomeName(null)).toBe('Admin');
  });

  it('is signed in with an admin body', async () => {
    answer(200, { admin: { id: 'a1', name: 'Priya', email: 'p@example.com', role: 'admin' } });
    expect(await checkAdminSession()).toEqual({ status: 'signed-in', admin: { id: 'a1', name: 'Priya', email: 'p@example.com', role: 'admin' } });
  });

  it("carries the server's lock from a 401", async () => {
    const retryAt = new Date(Date.now() + 60_000).toISOString();
    answer(401, { type: 'about:blank', title: 'Unauthorized', status: 401, code: 'locked', retryAt });
    expect(await checkAdminSession()).toEqual({ status: 'signed-out', lockedUntil: Date.parse(retryAt) });
    answer(401, { type: 'about:blank', title: 'Unauthorized', status: 401, code: 'unauthenticated' });
    expect(await checkAdminSession()).toEqual({ status: 'signed-out' });
  });

  it("shows the refusal of a family account that is not staff", async () => {
    answer(403, { type: 'about:blank', title: 'Forbidden', status: 403, code: 'not_admin', detail: 'You do not have admin access to this system. Contact the system administrator.' });
    expect(await checkAdminSession()).toEqual({
      status: 'signed-out',
      notice: 'You do not have admin access to this system. Contact the system administrator.',
    });
  });

  it('treats a network failure as signed out', async () => {
    globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await checkAdminSession()).toEqual({ status: 'signed-out' });
  });
});
