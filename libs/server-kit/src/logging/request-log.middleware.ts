import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { rememberRequestIds } from '../http/http-request';

/** One log line per request, with a request id that is also returned to the client. */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const incoming = req.header('x-request-id');
    // The server's own id for this request, and the correlation id a client may carry across several.
    const requestId = randomUUID();
    const correlationId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : requestId;
    rememberRequestIds(req, { requestId, correlationId });
    res.setHeader('x-request-id', correlationId);
    res.on('finish', () => {
      if (!req.originalUrl.startsWith('/api/')) return; // static assets would drown the log
      logger.info(
        {
          requestId,
          ...(correlationId !== requestId ? { correlationId } : {}),
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  };
}
