import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Express, Request, Response, NextFunction } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { hasSessionCookie } from '@afterwards/identity-server';

/** The remotes served at /remotes/<name>/. */
export const REMOTES = ['directory', 'admin-access', 'account', 'memories', 'admin-office', 'admin-listings', 'admin-promotions', 'admin-coverage', 'admin-documents', 'admin-history', 'admin-organisations'] as const;

export interface WebRoots {
  readonly family: string;
  readonly admin: string;
  readonly remotes: Record<string, string>;
}

/**
 * Where the built web apps are. WEB_DIST_DIR holds `family-shell/`, `admin-shell/` and
 * `remotes/<name>/`; without it, the apps' own dist folders in this checkout are used.
 */
export function webRoots(webDistDir: string | undefined, appsDir: string): WebRoots {
  if (webDistDir) {
    return {
      family: path.join(webDistDir, 'family-shell'),
      admin: path.join(webDistDir, 'admin-shell'),
      remotes: Object.fromEntries(REMOTES.map((r) => [r, path.join(webDistDir, 'remotes', r)])),
    };
  }
  return {
    family: path.join(appsDir, 'family-shell', 'dist'),
    admin: path.join(appsDir, 'admin-shell', 'dist'),
    remotes: Object.fromEntries(REMOTES.map((r) => [r, path.join(appsDir, r, 'dist')])),
  };
}

/** Paths the API, the socket and the metrics own: no static lookup (and no disk access), and no page, for them. */
const NOT_STATIC = /^\/(api|socket\.io|metrics)(\/|$)/;

function setCacheHeaders(res: ServerResponse, file: string): void {
  // Entry points and manifests must be re-read after a deploy; hashed assets never change.
  // The build's pre-compressed copies (`.br`, `.gz`) are cached like the file they stand for.
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  if (name.endsWith('.html') || name.endsWith('.json') || name === 'remoteEntry.js') {
    res.setHeader('Cache-Control', 'no-cache');
  } else {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  }
}

/**
 * One origin for everything: shells at / and /admin/, remotes at /remotes/<name>/. Files are sent as
 * the build's brotli or gzip copy when the browser accepts it (the build writes both beside each text
 * file), so nothing is compressed per request.
 */
export function serveWebApps(app: Express, roots: WebRoots): string[] {
  const missing: string[] = [];
  const mount = (prefix: string, dir: string) => {
    if (!fs.existsSync(dir)) missing.push(dir);
    const files = expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { index: false, setHeaders: setCacheHeaders, fallthrough: true },
    });
    app.use(prefix, (req: Request, res: Response, next: NextFunction) => (NOT_STATIC.test(req.originalUrl) ? next() : files(req, res, next)));
  };
  for (const [name, dir] of Object.entries(roots.remotes)) mount(`/remotes/${name}`, dir);
  mount('/admin', roots.admin);
  mount('/', roots.family);

  const sendIndex = (dir: string) => (req: Request, res: Response, next: NextFunction) => {
    const index = path.join(dir, 'index.html');
    if (!fs.existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  const isPage = (req: Request) =>
    (req.method === 'GET' || req.method === 'HEAD') && !NOT_STATIC.test(req.path) && !/^\/remotes(\/|$)/.test(req.path) && !path.extname(req.path);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isPage(req)) return next();
    if (req.path === '/admin' || req.path.startsWith('/admin/')) return sendIndex(roots.admin)(req, res, next);
    // The page answered depends on the cookie: no shared cache may give one visitor's to another.
    res.setHeader('Vary', 'Cookie');
    // Rendered for the bare path: a query (/login?mode=signup) may change what the page draws first.
    const prerendered = hasSessionCookie(req) || req.originalUrl.includes('?') ? undefined : prerenderedPage(roots.family, req.path);
    if (prerendered) {
      res.setHeader('Cache-Control', 'no-cache');
      return res.sendFile(prerendered);
    }
    // Unknown paths get the family shell, whose router sends them to '/'.
    return sendIndex(roots.family)(req, res, next);
  });
  return missing;
}

/**
 * A page of the family shell rendered at build time (`pages/<name>.html`, decision 0032), for a browser
 * without a session cookie: it reads as a signed-out visitor's page before any script has run. With a
 * cookie, the shell draws the page itself once it knows who is signed in.
 */
function prerenderedPage(familyDir: string, requestPath: string): string | undefined {
  if (!/^\/[a-z-]*$/.test(requestPath)) return undefined;
  const file = path.join(familyDir, 'pages', `${requestPath === '/' ? 'home' : requestPath.slice(1)}.html`);
  return fs.existsSync(file) ? file : undefined;
}
