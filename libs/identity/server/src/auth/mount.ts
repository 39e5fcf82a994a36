import type { Express, NextFunction, Request, Response } from 'express';
import { toNodeHandler } from 'better-auth/node';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './auth';

/**
 * Mounts better-auth's handler at /api/auth on the Express instance, before Nest's body parser
 * (better-auth reads the raw body itself). The client address Express derived (trusting only
 * loopback proxies) replaces any header of the same name the client sent.
 */
export function mountAuth(app: Express, auth: Auth): void {
  const handler = toNodeHandler(auth);
  app.use('/api/auth', (req: Request, res: Response, next: NextFunction) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    handler(req, res).catch(next);
  });
}
