import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import compressible from 'compressible';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import Negotiator from 'negotiator';

export interface AnswerCompressionOptions {
  /** Smaller bodies go as they are: compressing them saves less than it costs. */
  readonly threshold: number;
  /** Larger whole bodies are compressed as a stream, so one answer never holds the event loop long. */
  readonly maxBytes: number;
}

const DEFAULTS: AnswerCompressionOptions = { threshold: 1024, maxBytes: 256 * 1024 };
/** A streamed answer (an export, a file list) in brotli at quality 4, as `compression` did before. */
const STREAM_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses answers made per request (JSON, CSV, exports, pages), brotli first. A body given whole (every
 * JSON answer) is compressed here, in this thread, and sent in one write with its length: a stream would
 * compress it on libuv's thread pool, a hand-over and a wake-up each way, and on a virtual machine every
 * wake-up of another CPU costs more than compressing a few kilobytes (decision 0026). A streamed answer, or
 * a whole one above `maxBytes`, goes through a compression stream. Files sent as the build's
 * pre-compressed copies already carry their Content-Encoding and are left alone.
 */
export function compressAnswers(options: Partial<AnswerCompressionOptions> = {}): onSendHookHandler {
  const { threshold, maxBytes } = { ...DEFAULTS, ...options };
  return (request, reply, payload, done) => {
    if (request.method === 'HEAD' || payload === null || payload === undefined || !wantsCompression(reply)) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    if (body) {
      if (body.length < threshold) return done(null, payload);
      addVary(reply);
      const method = encodingFor(request);
      if (method !== 'br' && method !== 'gzip') return done(null, payload);
      reply.header('content-encoding', method);
      if (body.length <= maxBytes) return done(null, method === 'br' ? brotliAnswer(body) : zlib.gzipSync(body));
      reply.removeHeader('content-length');
      return done(null, compressStream(Readable.from([body]), method));
    }
    if (!(payload instanceof Readable) && typeof (payload as { pipe?: unknown }).pipe !== 'function') return done(null, payload);
    const length = Number(reply.getHeader('content-length'));
    if (Number.isFinite(length) && length < threshold) return done(null, payload);
    addVary(reply);
    const method = encodingFor(request);
    if (method !== 'br' && method !== 'gzip') return done(null, payload);
    reply.header('content-encoding', method);
    reply.removeHeader('content-length');
    return done(null, compressStream(payload as NodeJS.ReadableStream, method));
  };
}

/** The stream's bytes compressed; a failure of the source destroys the compressed stream, cutting the answer. */
function compressStream(source: NodeJS.ReadableStream, method: 'br' | 'gzip'): NodeJS.ReadableStream {
  const compressor = method === 'br' ? zlib.createBrotliCompress(STREAM_BROTLI) : zlib.createGzip();
  return pipeline(source, compressor, () => undefined);
}

/**
 * An answer made per request, in brotli at quality 2 with its size as a hint: half quality 4's CPU for about
 * 5% more bytes (decision 0026, amended).
 */
export function brotliAnswer(body: Buffer): Buffer {
  return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/**
 * The encoding to send, brotli first when the browser takes both at the same weight (browsers list gzip
 * first). negotiator 1.x takes the preference as `{ preferred }`; its published types are still 0.6's.
 */
function encodingFor(request: FastifyRequest): string | undefined {
  const accept = request.headers['accept-encoding'];
  return negotiatedEncoding(typeof accept === 'string' ? accept : '');
}

const negotiatedEncoding = memoised((accept: string) => {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accept } }) as unknown as { encoding(available: string[], options: { preferred: string[] }): string | undefined };
  return negotiator.encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] });
});

const isCompressible = memoised((type: string) => compressible(type) === true);

/**
 * `decide` for each text, remembered: browsers send a handful of Accept-Encoding values and the product
 * a handful of types, each worked out once instead of on every answer. Short texts only, and at most 64
 * kept, so odd headers cannot grow it.
 */
function memoised<T>(decide: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text)!;
    const value = decide(text);
    if (text.length <= 256) {
      if (known.size >= 64) known.clear();
      known.set(text, value);
    }
    return value;
  };
}

/** The answer differs by Accept-Encoding: a shared cache must keep one copy per encoding. */
function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = current === undefined ? [] : String(current).split(',').map((v) => v.trim()).filter(Boolean);
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'Accept-Encoding'].join(', '));
}

/** A compressible type, not already encoded, no `no-transform`. */
function wantsCompression(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !isCompressible(type)) return false;
  const encoding = reply.getHeader('content-encoding');
  if (encoding && encoding !== 'identity') return false;
  return !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(reply.getHeader('cache-control') ?? ''));
}
