import { methodLabel, routeLabel, statusClass } from './http-metrics';

describe('HTTP metric labels', () => {
  it('labels a matched route by its pattern, never by the URL with its ids', () => {
    const id = '0b5e7c1a-2f4d-4c36-9a51-7e0d3f2b9c11';
    expect(routeLabel({ route: { path: '/api/memories/:id' }, baseUrl: '', originalUrl: `/api/memories/${id}?include=details` }, 200)).toBe('/api/memories/:id');
    expect(routeLabel({ route: { path: '/api/calendar/:token' }, originalUrl: '/api/calendar/s3cr3t-token' }, 410)).toBe('/api/calendar/:token');
    // A route mounted under a router keeps its mount path.
    expect(routeLabel({ route: { path: '/:id' }, baseUrl: '/api/things', originalUrl: '/api/things/42' }, 200)).toBe('/api/things/:id');
  });

  it("gives Better Auth's routes one label (some carry a token in the path)", () => {
    expect(routeLabel({ originalUrl: '/api/auth/reset-password/abc123?callbackURL=%2F' }, 302)).toBe('/api/auth/*');
    expect(routeLabel({ originalUrl: '/api/auth/sign-in/email' }, 200)).toBe('/api/auth/*');
  });

  it('labels what no route matched as unmatched, and the web apps as static', () => {
    expect(routeLabel({ originalUrl: '/api/memories/42/unknown' }, 404)).toBe('unmatched');
    expect(routeLabel({ originalUrl: '/api/memories' }, 400)).toBe('unmatched'); // refused before routing (a body that is not JSON)
    expect(routeLabel({ originalUrl: '/wp-login.php' }, 404)).toBe('unmatched');
    expect(routeLabel({ originalUrl: '/metrics/extra' }, 404)).toBe('unmatched');
    expect(routeLabel({ originalUrl: '/assets/main.3f9a.js' }, 200)).toBe('static');
    expect(routeLabel({ originalUrl: '/memories/0b5e7c1a-2f4d-4c36-9a51-7e0d3f2b9c11' }, 200)).toBe('static');
    expect(routeLabel({ originalUrl: '/admin/' }, 304)).toBe('static');
  });

  it('ignores a route whose pattern is not a string', () => {
    expect(routeLabel({ route: { path: /^\/x/ }, originalUrl: '/api/x' }, 200)).toBe('unmatched');
  });

  it('keeps methods and statuses to small fixed sets', () => {
    expect(['get', 'POST', 'Delete', 'PROPFIND', 'M-SEARCH'].map(methodLabel)).toEqual(['GET', 'POST', 'DELETE', 'OTHER', 'OTHER']);
    expect([200, 204, 304, 401, 404, 503, 99, 600].map(statusClass)).toEqual(['2xx', '2xx', '3xx', '4xx', '4xx', '5xx', 'other', 'other']);
  });
});
