import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import { CONSENT_PREPAINT_SCRIPT } from '@afterwards/contracts';

/** The one inline script allowed, by its hash: the consent mark in the head of a page rendered at build time. */
export const PREPAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(CONSENT_PREPAINT_SCRIPT).digest('base64')}'`;

/**
 * Browser security headers for every answer (pages, remotes and the API), through helmet.
 * - CSP: scripts only from this origin, and no inline script but the consent mark, allowed by its hash
 *   (decision 0033); styles also inline, because the host pages'
 *   loading screen is an inline <style> and React sets style attributes; images from data: and blob:
 *   (the inline favicon, photo previews); the socket to this origin; no framing at all.
 * - HSTS only when the product is served over HTTPS (PUBLIC_URL), and no upgrade of plain-HTTP
 *   subresources on a local http:// start.
 */
export function securityHeaders(publicUrl: string): RequestHandler {
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  const socketOrigin = `${https ? 'wss' : 'ws'}://${url.host}`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", PREPAINT_SCRIPT_SOURCE],
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
