import { Readable } from 'node:stream';
import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ProblemError } from '../problems/problem';
import { ProblemDetailsFilter } from '../problems/problem.filter';
import { streamedAnswer } from './streamed-answer';

const CHUNK = Buffer.alloc(64 * 1024, 1);

/** A stream of `chunks` that fails with `error` after them, if given. */
function streamOf(chunks: Buffer[], error?: Error): Readable {
  return Readable.from(
    (async function* () {
      for (const chunk of chunks) yield chunk;
      if (error) throw error;
    })(),
  );
}

@Controller('streams')
class StreamsController {
  @Get('whole')
  whole() {
    return streamedAnswer(streamOf([CHUNK, CHUNK]), { type: 'application/pdf', disposition: 'inline; filename="a.pdf"', length: 2 * CHUNK.length });
  }

  @Get('empty')
  empty() {
    return streamedAnswer(streamOf([]), { type: 'text/plain', length: 0 });
  }

  @Get('cut')
  cut() {
    return streamedAnswer(streamOf([CHUNK, CHUNK], new Error('authentication tag mismatch')), { type: 'application/pdf' });
  }

  @Get('early')
  early() {
    return streamedAnswer(streamOf([], new ProblemError(404, 'FILE_NOT_FOUND', 'File not found')), { type: 'application/pdf' });
  }

  @Get('early-unknown')
  earlyUnknown() {
    return streamedAnswer(streamOf([], new Error('EIO: i/o error, read')), { type: 'application/pdf' });
  }
}

@Module({ controllers: [StreamsController] })
class StreamsModule {}

/** Streams answered through Nest on Fastify, as the API answers its stored files. */
describe('a streamed answer', () => {
  let app: INestApplication;
  let base: string;
  beforeAll(async () => {
    app = await NestFactory.create(StreamsModule, new FastifyAdapter(), { logger: false });
    app.useGlobalFilters(new ProblemDetailsFilter());
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app.close());

  it('sends every byte of a stream that ends, with its type, disposition and length', async () => {
    const res = await fetch(`${base}/streams/whole`);
    expect(res.status).toBe(200);
    expect([res.headers.get('content-type'), res.headers.get('content-disposition'), res.headers.get('content-length')]).toEqual([
      'application/pdf',
      'inline; filename="a.pdf"',
      String(2 * CHUNK.length),
    ]);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.concat([CHUNK, CHUNK]));
    const empty = await fetch(`${base}/streams/empty`);
    expect([empty.status, await empty.text()]).toEqual([200, '']);
  });

  it('cuts the connection when the stream fails part way, never completing the answer', async () => {
    const res = await fetch(`${base}/streams/cut`);
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it('answers a problem detail when the stream fails before its first bytes', async () => {
    const known = await fetch(`${base}/streams/early`);
    expect([known.status, known.headers.get('content-type'), known.headers.get('content-disposition')]).toEqual([404, 'application/problem+json; charset=utf-8', null]);
    expect(await known.json()).toMatchObject({ status: 404, code: 'FILE_NOT_FOUND' });
    const unknown = await fetch(`${base}/streams/early-unknown`);
    expect(unknown.status).toBe(500);
    expect(await unknown.json()).toMatchObject({ status: 500, code: 'INTERNAL', detail: 'An unexpected error occurred' });
  });
});
