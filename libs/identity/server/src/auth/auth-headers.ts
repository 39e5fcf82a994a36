import { fromNodeHeaders } from 'better-auth/node';
import { clientAddressOf, type HttpRequest } from '@afterwards/server-kit';
import { CLIENT_IP_HEADER } from './auth';

/**
 * The headers a call into better-auth carries for a request: the request's own, with the client address
 * the server derived (the socket, or X-Forwarded-For from a proxy TRUST_PROXY names) under the internal
 * header its limits read, in place of any header of that name the client sent. Every call the product makes
 * for an HTTP request takes its headers from here, so nobody can pick the address their limit is counted
 * against (a socket's session lookup passes its handshake's headers; it counts no limit).
 */
export function authHeaders(req: HttpRequest): Headers {
  const headers = fromNodeHeaders(req.headers);
  headers.set(CLIENT_IP_HEADER, clientAddressOf(req));
  return headers;
}
