import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { compressAnswers } from './answer-compression';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Register the death ${i}`, status: i % 3 ? 'pending' : 'complete' })) };

describe('compressAnswers, on every answer the server sends', () => {
  let server: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    server = Fastify();
    server.addHook('onSend', compressAnswers());
    server.get('/big', async () => big);
    server.get('/small', async () => ({ ok: true }));
    server.get('/streamed', (_req, reply) => {
      const body = new PassThrough();
      void reply.type('text/plain').send(body);
      body.write('a'.repeat(5000));
      setImmediate(() => body.end('b'.repeat(5000)));
    });
    server.get('/huge', (_req, reply) => void reply.type('text/plain').send('c'.repeat(300 * 1024)));
    server.get('/encoded', (_req, reply) => void reply.header('Content-Encoding', 'gzip').type('text/plain').send(zlib.gzipSync('d'.repeat(5000))));
    server.get('/no-transform', (_req, reply) => void reply.header('Cache-Control', 'no-transform').send(big));
    server.get('/image', (_req, reply) => void reply.type('image/png').send(Buffer.alloc(5000, 1)));
    server.get('/broken', (_req, reply) => {
      const body = new PassThrough();
      void reply.type('text/csv').send(body);
      // Enough that the compressor sends part of the answer; the source fails once that part is out.
      body.write(randomBytes(512 * 1024).toString('base64'));
      const started = Date.now();
      const failOnceSending = setInterval(() => {
        if (!reply.raw.headersSent && Date.now() - started < 2_000) return;
        clearInterval(failOnceSending);
        body.destroy(new Error('the source failed'));
      }, 5);
    });
    base = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (path: string, acceptEncoding?: string, method = 'GET'): Promise<Raw> =>
    new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
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
    // Each header value's choice is remembered for that value only.
    expect((await get('/big', undefined)).headers['content-encoding']).toBeUndefined();
    expect((await get('/big', 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await get('/big', 'gzip')).headers['content-encoding']).toBe('gzip');
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

  it('compresses a body written in parts, or over the size limit, as a stream', async () => {
    const streamed = await get('/streamed', 'br');
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(zlib.brotliDecompressSync(streamed.body).toString()).toBe('a'.repeat(5000) + 'b'.repeat(5000));
    const huge = await get('/huge', 'br');
    expect(huge.headers['transfer-encoding']).toBe('chunked');
    expect(zlib.brotliDecompressSync(huge.body).toString()).toBe('c'.repeat(300 * 1024));
  });

  it('cuts a streamed answer whose source fails, never ending it cleanly', async () => {
    // gzip, which sends as it goes (brotli may hold this much until the end).
    await expect(get('/broken', 'gzip')).rejects.toThrow();
  });
});
