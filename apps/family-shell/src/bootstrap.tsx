import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { loadSignInOptions } from './auth/options';
import { startSignedOut } from './auth/session-store';
import { nextTask } from './next-task';
import './styles.css';
import './resources.css';
import './testimonials.css';
import './policy.css';
import './consent.css';
// The account screens' styles load with the shell's, so /login rendered at build time is drawn styled.
import './auth/auth.css';

const container = document.getElementById('root');
if (!container) throw new Error('Afterwards: #root element missing from index.html');

// Asked alongside the session check, so the support address is there when the first page shows.
void loadSignInOptions();
// So is the page's own chunk (App's lazy() then finds it loaded). Asked from here rather than from
// index.ts: a chunk asked for there would carry its own copy of what this chunk holds (the layout, the
// router); /login and the dashboard are asked for there, their chunks being mostly their own code.
// A page drawn by a remote has the remote's manifest, entry and first-render chunks fetched now too
// (not run: the page runs them when it draws), instead of after the session check and the first render.
const preload = (nameOrAlias: string, exposes: string[]) => void preloadRemote([{ nameOrAlias, exposes }]).catch(() => undefined);
const path = location.pathname.replace(/\/+$/, '');
if (path === '') void import('./pages/LandingPage');
else if (path === '/resources') {
  void import('./pages/ResourcesPage');
  preload('directory', ['./Finder']);
} else if (path === '/dashboard') preload('memories', ['./MemoriesDashboard', './SyncIndicator']);
else if (path === '/privacy' || path === '/terms') void import('./pages/PolicyPage');

// The application's modules (the router, the layout, the pages' shared parts) start in the next task: in
// this one with React DOM's and the sign-in options', they made one long task on a slow phone. Eager: the
// module stays in this chunk, so no request is added.
void nextTask()
  .then(() => import(/* webpackMode: "eager" */ './Root'))
  .then(({ Root }) => {
    // A page rendered at build time (decision 0032): the server sends it only without a session cookie, so
    // it starts signed out; hydrating keeps the HTML the visitor is already reading.
    if (container.dataset.prerendered) {
      startSignedOut();
      hydrateRoot(container, <Root />);
    } else {
      // As a transition, React draws the first screen in slices and lets the browser answer in between
      // (hydration already is): a phone is not frozen while the shell draws its first page.
      const root = createRoot(container);
      startTransition(() => root.render(<Root />));
    }
  });
