import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { helmetFor, helmetHeaders } from './security-headers';

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/** The headers a real answer carries after `middleware`, from a real Node server. */
async function headersAfter(middleware: Middleware): Promise<Record<string, string | null>> {
  const server = http.createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/memories`);
    const headers: Record<string, string | null> = {};
    res.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers taken from helmet once', () => {
  it.each(['http://127.0.0.1:3000', 'https://afterwards.example'])('are the headers helmet sets on each answer, for %s', async (publicUrl) => {
    // As the API sets them: each of helmet's headers, taken once, on every answer.
    const once = await headersAfter((_req, res, next) => {
      for (const [name, value] of helmetHeaders(publicUrl)) res.setHeader(name, value);
      next();
    });
    expect(once).toEqual(await headersAfter(helmetFor(publicUrl) as Middleware));
    expect(once['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(Boolean(once['strict-transport-security'])).toBe(publicUrl.startsWith('https:'));
  });
});
