import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Browser security headers for every answer (pages, remotes and the API), through helmet.
 * - CSP: scripts only from this origin, never inline; styles also inline, because the host pages'
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
        scriptSrc: ["'self'"],
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
