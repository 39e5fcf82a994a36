import type { HttpRequest } from '@afterwards/server-kit';
import { CLIENT_IP_HEADER } from './auth';
import { authHeaders } from './auth-headers';

describe('authHeaders', () => {
  it("passes the request's headers on with the address the server derived, whatever the client claimed", () => {
    const req = { headers: { cookie: 'better-auth.session_token=signed.value', [CLIENT_IP_HEADER]: '198.51.100.7', 'user-agent': 'browser' }, ip: '203.0.113.1' } as unknown as HttpRequest;
    const headers = authHeaders(req);
    expect(headers.get(CLIENT_IP_HEADER)).toBe('203.0.113.1');
    expect(headers.get('cookie')).toBe('better-auth.session_token=signed.value');
    expect(headers.get('user-agent')).toBe('browser');
  });

  it("falls back to the socket's address", () => {
    const req = { headers: {}, socket: { remoteAddress: '192.0.2.4' } } as unknown as HttpRequest;
    expect(authHeaders(req).get(CLIENT_IP_HEADER)).toBe('192.0.2.4');
  });
});
