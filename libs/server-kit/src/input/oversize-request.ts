import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { pathOf, urlOf, type HttpRequest } from '../http/http-request';
import { problem } from '../problems/problem';

/**
 * The longest address (path and query) the API reads: no route needs more, and below Node's own limit on a
 * request's head (16 KB with the cookies and headers), so a long query gets this answer, logged and measured.
 */
export const MAX_URL_LENGTH = 8 * 1024;
export const URL_TOO_LONG_MESSAGE = 'This address is too long for the server. Please shorten the search or the link and try again.';
export const HEADERS_TOO_LARGE_MESSAGE = "This request's address and headers are too long for the server. Please shorten the link, or clear this site's cookies, and try again.";

export const PROBLEM_TYPE = 'application/problem+json';

/**
 * The 431 `URL_TOO_LONG` problem detail (its JSON) for an address longer than `maxLength`, to answer before
 * any route reads it; undefined for any other request.
 */
export function oversizeUrlProblem(req: HttpRequest, maxLength = MAX_URL_LENGTH): string | undefined {
  if (urlOf(req).length <= maxLength) return undefined;
  return JSON.stringify({ ...problem(431, 'URL_TOO_LONG', URL_TOO_LONG_MESSAGE), instance: pathOf(req).slice(0, 200) });
}

/** The answer Node's HTTP parser gives a request it cannot read, as a problem detail. */
export function clientErrorResponse(code: string | undefined): string {
  const [status, body] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [431, problem(431, 'HEADERS_TOO_LARGE', HEADERS_TOO_LARGE_MESSAGE)]
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, problem(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive. Please try again.')]
        : [400, problem(400, 'MALFORMED_REQUEST', 'The server could not read this request.')];
  const json = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_TYPE}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`;
}

/**
 * Node answers a request it cannot parse (a head over --max-http-header-size, a broken request line, a
 * header it refuses) itself, before the HTTP adapter, with an empty body. This gives the same statuses as
 * Node (431, 408, 400) as problem details. As Node does, nothing is written once the response in flight on the
 * connection has begun. The parser fails again on each further chunk the client sends: the answer is
 * written once, and what follows is read and dropped for a moment (closing with it unread would reset the
 * connection before the client reads the answer).
 */
export function answerClientErrorsWithProblems(server: Server): void {
  server.on('clientError', clientErrorAnswerer());
}

/** The `clientError` handler of `answerClientErrorsWithProblems`, for a server that takes its own (Fastify's option). */
export function clientErrorAnswerer(): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  const answered = new WeakSet<Duplex>();
  return (error: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent?: boolean } | null }) => {
    if (answered.has(socket)) return;
    // `_httpMessage` is the response in flight on this connection: Node's own handler reads it the same way.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    socket.end(clientErrorResponse(error.code));
    socket.resume();
    setTimeout(() => socket.destroy(), 2_000).unref();
  };
}
