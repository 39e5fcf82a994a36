import { nextTask } from './next-task';

// Async boundary: lets Module Federation negotiate shared modules (React) before the app runs.
// The page's own chunk, where it has one, is asked for alongside the app's rather than after it has run:
// one round trip fewer before /login or the dashboard can draw (App's lazy() then finds it loaded).
// Asked for in the next task, not this one: this one has just started the federation runtime (shares and
// remotes registered), and asking for chunks negotiates the shared modules; in one task the two were the
// longest task of a first load on a slow phone. The page's chunks and the application's are asked for in
// two tasks too: each ask adds a script element per chunk and consumes the shared modules, and together they
// were the longest task of the signed-in dashboard's first load.
void nextTask()
  .then(() => {
    const path = location.pathname.replace(/\/+$/, '');
    if (path === '/login') void import('./pages/LoginPage');
    else if (path === '/dashboard') void import('./pages/DashboardPage');
    else return;
    return nextTask();
  })
  .then(() => import('./bootstrap'));
