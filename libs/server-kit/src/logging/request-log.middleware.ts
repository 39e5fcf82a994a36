import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { headerOf, rawRequestOf, rememberRequestIds, urlOf, type HttpRequest } from '../http/http-request';

/**
 * One log line per API request, with a request id. Called first thing for every request (the HTTP server's
 * first hook); gives back the id to return to the client in `x-request-id` (the correlation id).
 */
export function requestLog(logger: Logger) {
  return (req: HttpRequest, res: ServerResponse): string => {
    const started = process.hrtime.bigint();
    const incoming = headerOf(req, 'x-request-id');
    // The server's own id for this request, and the correlation id a client may carry across several.
    const requestId = randomUUID();
    const correlationId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : requestId;
    rememberRequestIds(rawRequestOf(req), { requestId, correlationId });
    const url = urlOf(req);
    // Static assets would drown the log; below info there is no line to write.
    if (!url.startsWith('/api/') || !logger.isLevelEnabled('info')) return correlationId;
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
    return correlationId;
  };
}
