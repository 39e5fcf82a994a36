import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasSessionCookie } from '@afterwards/identity-server';
import { pathOf, urlOf } from '@afterwards/server-kit';

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

function setCacheHeaders(reply: FastifyReply, file: string): void {
  // Entry points and manifests must be re-read after a deploy; hashed assets never change.
  // The build's pre-compressed copies (`.br`, `.gz`) are cached like the file they stand for.
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  if (name.endsWith('.html') || name.endsWith('.json') || name === 'remoteEntry.js') {
    reply.header('Cache-Control', 'no-cache');
  } else {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  }
}

/**
 * One origin for everything: shells at / and /admin/, remotes at /remotes/<name>/. Files are sent as
 * the build's brotli or gzip copy when the browser accepts it (the build writes both beside each text
 * file), so nothing is compressed per request. A path without an extension is a page: the shell's
 * index.html (or, for a visitor with no session cookie, the family page rendered at build time). Anything
 * else not found, and every path the API owns, goes on to the not-found answer (a problem detail).
 * Registered before Nest's routes: the router prefers their exact and parametric paths to these catch-alls.
 */
export async function serveWebApps(fastify: FastifyInstance, roots: WebRoots): Promise<string[]> {
  const missing = [roots.family, roots.admin, ...Object.values(roots.remotes)].filter((dir) => !fs.existsSync(dir));
  await fastify.register(fastifyStatic, { root: roots.family, serve: false, preCompressed: true, index: false, setHeaders: setCacheHeaders });

  const sendPage = (reply: FastifyReply, dir: string, file = 'index.html') => {
    if (!fs.existsSync(path.join(dir, file))) return reply.callNotFound();
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(file, dir);
  };
  const answer = (request: FastifyRequest, reply: FastifyReply, dir: string, prefix: string) => {
    const requestPath = pathOf(request);
    if (NOT_STATIC.test(requestPath)) return reply.callNotFound();
    // Still percent-encoded: the file sender decodes it, and refuses a path that leaves `dir`.
    const file = requestPath.slice(prefix.length).replace(/^\/+/, '');
    if (path.extname(requestPath) || prefix.startsWith('/remotes/')) return file ? reply.sendFile(file, dir) : reply.callNotFound();
    if (dir === roots.admin) return sendPage(reply, roots.admin);
    // The page answered depends on the cookie: no shared cache may give one visitor's to another.
    reply.header('Vary', 'Cookie');
    // Rendered for the bare path: a query (/login?mode=signup) may change what the page draws first.
    const prerendered = hasSessionCookie(request) || urlOf(request).includes('?') ? undefined : prerenderedPage(roots.family, requestPath);
    return prerendered ? sendPage(reply, roots.family, prerendered) : sendPage(reply, roots.family);
  };
  const mount = (prefix: string, dir: string) => {
    const handler = (request: FastifyRequest, reply: FastifyReply): void => void answer(request, reply, dir, prefix);
    for (const url of [`${prefix}/*`, prefix || '/']) fastify.route({ method: ['GET', 'HEAD'], url, handler });
  };
  for (const [name, dir] of Object.entries(roots.remotes)) mount(`/remotes/${name}`, dir);
  mount('/admin', roots.admin);
  mount('', roots.family);
  return missing;
}

/**
 * A page of the family shell rendered at build time (`pages/<name>.html`, decision 0032), for a browser
 * without a session cookie: it reads as a signed-out visitor's page before any script has run. With a
 * cookie, the shell draws the page itself once it knows who is signed in.
 */
function prerenderedPage(familyDir: string, requestPath: string): string | undefined {
  if (!/^\/[a-z-]*$/.test(requestPath)) return undefined;
  const file = path.join('pages', `${requestPath === '/' ? 'home' : requestPath.slice(1)}.html`);
  return fs.existsSync(path.join(familyDir, file)) ? file : undefined;
}
