import { nextTask } from './next-task';

// Async boundary: lets Module Federation negotiate shared modules (React) before the app runs.
// The page's own chunk, where it has one, is asked for alongside the app's rather than after it has run:
// one round trip fewer before /login or the dashboard can draw (App's lazy() then finds it loaded).
// Asked for in the next task, not this one: this one has just started the federation runtime (shares and
// remotes registered), and asking for chunks negotiates the shared modules; in one task the two were the
// longest task of a first load on a slow phone.
void nextTask().then(() => {
  const path = location.pathname.replace(/\/+$/, '');
  if (path === '/login') void import('./pages/LoginPage');
  else if (path === '/dashboard') void import('./pages/DashboardPage');
  return import('./bootstrap');
});
