import { decideRoute, isOutsideShell, normalisePath } from './routes';

describe('family shell routes', () => {
  it.each([
    ['/', 'home'],
    ['/login', 'login'],
    ['/resources', 'resources'],
    ['/privacy', 'privacy'],
    ['/terms', 'terms'],
  ])('shows %s to everyone', (path, page) => {
    expect(decideRoute(path, false)).toEqual({ kind: 'page', page });
  });

  it('shows the landing pages of the e-mailed links to everyone', () => {
    expect(decideRoute('/reset-password', false)).toEqual({ kind: 'page', page: 'reset-password' });
    expect(decideRoute('/email-verified', true)).toEqual({ kind: 'page', page: 'email-verified' });
  });

  it('draws the pages that are the same for everyone before the session check answers, and waits for it on the others', () => {
    for (const [path, page] of [['/', 'home'], ['/resources', 'resources'], ['/privacy', 'privacy'], ['/terms', 'terms'], ['/reset-password', 'reset-password']] as const) {
      expect(decideRoute(path, null)).toEqual({ kind: 'page', page });
    }
    for (const path of ['/login', '/dashboard', '/dashboard/', '/email-verified', '/invitation']) expect(decideRoute(path, null)).toEqual({ kind: 'wait' });
    expect(decideRoute('/resources/', null)).toEqual({ kind: 'redirect', to: '/resources' });
    expect(decideRoute('/no/such/page', null)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends any other path to the home page', () => {
    expect(decideRoute('/no/such/page', false)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute('/cookies', true)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends signed-out visitors from /dashboard to /login, and signed-in ones from /login to /dashboard', () => {
    expect(decideRoute('/dashboard', false)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute('/dashboard', true)).toEqual({ kind: 'page', page: 'dashboard' });
    expect(decideRoute('/login', true)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('tidies trailing slashes before deciding', () => {
    expect(normalisePath('/resources/')).toBe('/resources');
    expect(normalisePath('//terms')).toBe('/terms');
    expect(normalisePath('/index.html')).toBe('/');
    expect(decideRoute('/resources/', false)).toEqual({ kind: 'redirect', to: '/resources' });
    expect(decideRoute('/dashboard/', false)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('leaves the app for the staff area', () => {
    expect(decideRoute('/admin', false)).toEqual({ kind: 'leave', to: '/admin/' });
    expect(isOutsideShell('/admin/')).toBe(true);
    expect(isOutsideShell('/api/session')).toBe(true);
    expect(isOutsideShell('/remotes/directory/mf-manifest.json')).toBe(true);
    expect(isOutsideShell('/administrator')).toBe(false);
    expect(isOutsideShell('/resources')).toBe(false);
  });
});
