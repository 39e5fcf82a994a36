import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import compression from 'compression';
import express from 'express';
import { compressWholeBodies } from './whole-body-compression';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Register the death ${i}`, status: i % 3 ? 'pending' : 'complete' })) };

describe('compressWholeBodies, in front of compression', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.use(compressWholeBodies());
    app.get('/big', (_req, res) => void res.json(big));
    app.get('/small', (_req, res) => void res.json({ ok: true }));
    app.get('/streamed', (_req, res) => {
      res.type('text/plain');
      res.write('a'.repeat(5000));
      res.end('b'.repeat(5000));
    });
    app.get('/huge', (_req, res) => void res.type('text/plain').send('c'.repeat(300 * 1024)));
    app.get('/encoded', (_req, res) => void res.set('Content-Encoding', 'gzip').type('text/plain').send(zlib.gzipSync('d'.repeat(5000))));
    app.get('/no-transform', (_req, res) => void res.set('Cache-Control', 'no-transform').json(big));
    app.get('/image', (_req, res) => void res.type('image/png').send(Buffer.alloc(5000, 1)));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, acceptEncoding?: string, method = 'GET'): Promise<Raw> =>
    new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('sends a whole JSON body as brotli with its length when the browser takes it (brotli before gzip at the same weight)', async () => {
    const res = await get('/big', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString())).toEqual(big);
  });

  it('sends gzip to a client that takes only gzip, and the body as it is to one that asks for nothing', async () => {
    const gzip = await get('/big', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(big);
    const plain = await get('/big', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(big);
  });

  it('leaves small bodies, HEAD, other encodings, no-transform and images alone', async () => {
    expect((await get('/small', 'br')).headers['content-encoding']).toBeUndefined();
    const head = await get('/big', 'br', 'HEAD');
    expect(head.body.length).toBe(0);
    const encoded = await get('/encoded', 'br');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(encoded.body).toString()).toBe('d'.repeat(5000));
    const noTransform = await get('/no-transform', 'br');
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(noTransform.body.toString())).toEqual(big);
    expect((await get('/image', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves a body written in parts, or over the size limit, to the compression stream', async () => {
    const streamed = await get('/streamed', 'br');
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(zlib.brotliDecompressSync(streamed.body).toString()).toBe('a'.repeat(5000) + 'b'.repeat(5000));
    const huge = await get('/huge', 'br');
    expect(huge.headers['transfer-encoding']).toBe('chunked');
    expect(zlib.brotliDecompressSync(huge.body).toString()).toBe('c'.repeat(300 * 1024));
  });
});
