import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { HttpRequest } from '../http/http-request';
import { methodLabel, routeLabel, statusClass } from './http-metrics';

/** A request as the HTTP server hands it on: Fastify's, with the pattern of the route that answered. */
function answered(url: string, pattern?: string): HttpRequest {
  const raw = new IncomingMessage(new Socket());
  raw.url = url;
  raw.method = 'GET';
  return { method: 'GET', url, headers: {}, socket: raw.socket, raw, routeOptions: { url: pattern } } as HttpRequest;
}

describe('HTTP metric labels', () => {
  it('labels a matched route by its pattern, never by the URL with its ids', () => {
    const id = '0b5e7c1a-2f4d-4c36-9a51-7e0d3f2b9c11';
    expect(routeLabel(answered(`/api/memories/${id}?include=details`, '/api/memories/:id'), 200)).toBe('/api/memories/:id');
    expect(routeLabel(answered('/api/calendar/s3cr3t-token', '/api/calendar/:token'), 410)).toBe('/api/calendar/:token');
    // Refused on its route (a body that is not JSON, a memory that is not the caller's): still the route's.
    expect(routeLabel(answered('/api/memories', '/api/memories'), 400)).toBe('/api/memories');
    expect(routeLabel(answered(`/api/memories/${id}`, '/api/memories/:id'), 404)).toBe('/api/memories/:id');
  });

  it("gives Better Auth's routes one label (some carry a token in the path)", () => {
    expect(routeLabel(answered('/api/auth/reset-password/abc123?callbackURL=%2F', '/api/auth/*'), 302)).toBe('/api/auth/*');
    expect(routeLabel(answered('/api/auth/sign-in/email'), 200)).toBe('/api/auth/*');
  });

  it('labels what no route matched as unmatched, and the web apps as static', () => {
    expect(routeLabel(answered('/api/memories/42/unknown'), 404)).toBe('unmatched');
    // The web apps' catch-all route sends an API path on to the not-found answer.
    expect(routeLabel(answered('/api/memories/42/unknown', '/*'), 404)).toBe('unmatched');
    expect(routeLabel(answered('/wp-login.php', '/*'), 404)).toBe('unmatched');
    expect(routeLabel(answered('/metrics/extra', '/*'), 404)).toBe('unmatched');
    expect(routeLabel(answered('/assets/main.3f9a.js', '/*'), 200)).toBe('static');
    expect(routeLabel(answered('/memories/0b5e7c1a-2f4d-4c36-9a51-7e0d3f2b9c11', '/*'), 200)).toBe('static');
    expect(routeLabel(answered('/admin/', '/admin/*'), 304)).toBe('static');
  });

  it('keeps methods and statuses to small fixed sets', () => {
    expect(['get', 'POST', 'Delete', 'PROPFIND', 'M-SEARCH'].map(methodLabel)).toEqual(['GET', 'POST', 'DELETE', 'OTHER', 'OTHER']);
    expect([200, 204, 304, 401, 404, 503, 99, 600].map(statusClass)).toEqual(['2xx', '2xx', '3xx', '4xx', '4xx', '5xx', 'other', 'other']);
  });
});
