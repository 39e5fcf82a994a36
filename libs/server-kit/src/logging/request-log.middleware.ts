import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { headerOf, rawRequestOf, rememberRequestIds, urlOf, type HttpRequest } from '../http/http-request';

/**
 * One log line per API request, with a request id that is also returned to the client. Called first thing
 * for every request (the HTTP server's first hook).
 */
export function requestLog(logger: Logger) {
  return (req: HttpRequest, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    const incoming = headerOf(req, 'x-request-id');
    // The server's own id for this request, and the correlation id a client may carry across several.
    const requestId = randomUUID();
    const correlationId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : requestId;
    rememberRequestIds(rawRequestOf(req), { requestId, correlationId });
    res.setHeader('x-request-id', correlationId);
    const url = urlOf(req);
    // Static assets would drown the log; below info there is no line to write.
    if (!url.startsWith('/api/') || !logger.isLevelEnabled('info')) return;
    res.on('finish', () => {
      logger.info(
        {
          requestId,
          ...(correlationId !== requestId ? { correlationId } : {}),
          method: req.method,
          path: url.split('?')[0],
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
  };
}
