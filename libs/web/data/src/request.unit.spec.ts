import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './api-error';
import { queryString, requestJson } from './request';

// A real HTTP server on a loopback port: the wrapper is exercised against answers as the API sends them.
describe('requestJson', () => {
  let server: http.Server;
  let base: string;
  const seen: { method?: string; contentType?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, contentType: req.headers['content-type'], body });
        const send = (status: number, json: unknown, type = 'application/json') => {
          res.writeHead(status, { 'content-type': type });
          res.end(json === undefined ? undefined : JSON.stringify(json));
        };
        if (req.url === '/ok') return send(200, { name: 'Ann', count: 2 });
        if (req.url === '/empty') return send(204, undefined);
        if (req.url === '/echo') return send(200, JSON.parse(body));
        if (req.url === '/problem')
          return send(409, { type: 'about:blank', title: 'Conflict', status: 409, code: 'CASE_CHANGED', detail: 'Changed elsewhere.', errors: [{ path: 'name', message: 'Taken' }] }, 'application/problem+json');
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html>bad gateway</html>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('returns the answer checked against its schema, and refuses a shape it does not expect', async () => {
    expect(await requestJson('GET', `${base}/ok`, { schema: z.object({ name: z.string(), count: z.number() }) })).toEqual({ name: 'Ann', count: 2 });
    const wrong = await requestJson('GET', `${base}/ok`, { schema: z.object({ name: z.number() }) }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect([(wrong as ApiError).code, (wrong as ApiError).message]).toEqual(['UNEXPECTED_RESPONSE', UNEXPECTED_ERROR_MESSAGE]);
  });

  it('sends a body as JSON and answers 204 with nothing', async () => {
    expect(await requestJson('POST', `${base}/echo`, { body: { a: [1, 'two'] } })).toEqual({ a: [1, 'two'] });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json' });
    expect(await requestJson('DELETE', `${base}/empty`)).toBeUndefined();
  });

  it('turns problem details into an ApiError with status, code, message and field errors', async () => {
    const error = (await requestJson('PUT', `${base}/problem`, { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message, error.errors, error.isNetworkError]).toEqual([409, 'CASE_CHANGED', 'Changed elsewhere.', [{ path: 'name', message: 'Taken' }], false]);
  });

  it('gives a generic error for an answer that is not problem details, and the network message without an answer', async () => {
    const gateway = (await requestJson('GET', `${base}/elsewhere`).catch((e: unknown) => e)) as ApiError;
    expect([gateway.status, gateway.code, gateway.message]).toEqual([502, 'HTTP_502', UNEXPECTED_ERROR_MESSAGE]);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = (await requestJson('GET', `http://127.0.0.1:${port}/ok`).catch((e: unknown) => e)) as ApiError;
    expect([offline.status, offline.message, offline.isNetworkError]).toEqual([0, NETWORK_ERROR_MESSAGE, true]);
  });

  it('passes an abort through as an AbortError, not a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = (await requestJson('GET', `${base}/ok`, { signal: controller.signal }).catch((e: unknown) => e)) as Error;
    expect(aborted.name).toBe('AbortError');
  });

  it('builds a query string of the defined, non-empty values', () => {
    expect(queryString({ q: 'York & Leeds', page: 2, empty: '', none: undefined, off: false })).toBe('?q=York+%26+Leeds&page=2&off=false');
    expect(queryString({})).toBe('');
  });
});
