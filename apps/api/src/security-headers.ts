import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { ServerResponse } from 'node:http';
import { CONSENT_PREPAINT_SCRIPT, ENTRY_AFTER_PAINT_SCRIPT } from '@afterwards/contracts';

/**
 * The only inline scripts allowed, by their hashes: those of a page rendered at build time, the consent mark
 * in its head and the script that starts the application once the page is drawn (decisions 0033 and 0034).
 */
const INLINE_SCRIPT_SOURCES = [CONSENT_PREPAINT_SCRIPT, ENTRY_AFTER_PAINT_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

/**
 * Browser security headers for every answer (pages, remotes and the API), through helmet. Helmet would
 * build these same values on every answer (the CSP string joined anew); none depends on the request, so
 * the API takes them from it once (`helmetHeaders`) and sets them as they are.
 * - CSP: scripts only from this origin, and no inline script but the two of a page rendered at build time,
 *   allowed by their hashes; styles also inline, because the host pages carry their loading screen and
 *   their critical rules in an inline <style> and React sets style attributes; images from data: and blob:
 *   (the inline favicon, photo previews); the socket to this origin; no framing at all.
 * - HSTS only when the product is served over HTTPS (PUBLIC_URL), and no upgrade of plain-HTTP
 *   subresources on a local http:// start.
 */
/** What helmet, configured as below, sets on an answer: its headers' names and values, in its order. */
export function helmetHeaders(publicUrl: string): ReadonlyArray<readonly [string, string]> {
  const set: Array<[string, string]> = [];
  const res = {
    setHeader: (name: string, value: string) => void set.push([name, value]),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  let called = false;
  helmetFor(publicUrl)({} as never, res, () => (called = true));
  if (!called) throw new Error('helmet did not pass the answer on');
  return set;
}

/** Helmet as configured for this product (what `helmetHeaders` replays). */
export function helmetFor(publicUrl: string): ReturnType<typeof helmet> {
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  const socketOrigin = `${https ? 'wss' : 'ws'}://${url.host}`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...INLINE_SCRIPT_SOURCES],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
