import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { helmetFor, securityHeaders } from './security-headers';

/** The headers a real answer carries after `middleware`, from a real Node server. */
async function headersAfter(middleware: RequestHandler): Promise<Record<string, string | null>> {
  const server = http.createServer((req, res) => middleware(req as never, res as never, () => res.end('ok')));
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
    const once = await headersAfter(securityHeaders(publicUrl));
    expect(once).toEqual(await headersAfter(helmetFor(publicUrl)));
    expect(once['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(Boolean(once['strict-transport-security'])).toBe(publicUrl.startsWith('https:'));
  });
});
