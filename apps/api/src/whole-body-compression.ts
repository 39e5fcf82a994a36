import zlib from 'node:zlib';
import compressible from 'compressible';
import type { NextFunction, Request, Response } from 'express';
import Negotiator from 'negotiator';

export interface WholeBodyCompressionOptions {
  /** Smaller bodies go as they are, as `compression`'s default threshold does. */
  readonly threshold: number;
  /** Larger bodies are left to `compression`'s stream, so one answer never holds the event loop long. */
  readonly maxBytes: number;
}

const DEFAULTS: WholeBodyCompressionOptions = { threshold: 1024, maxBytes: 256 * 1024 };

/**
 * Compresses an answer whose whole body is handed to `res.end` at once (every JSON answer, the host pages) in
 * this thread, and sends it in one write with its length. `compression`'s stream would compress it on
 * libuv's thread pool, a hand-over and a wake-up each way per call (two calls: the data, then the end), and
 * send it chunked in two or three writes; on a virtual machine every wake-up of another CPU costs more than
 * compressing a few kilobytes (decision 0026). Anything written in parts, or above `maxBytes`, is left to
 * `compression`, registered before this so that this wrapper runs first: it sees the Content-Encoding set
 * here and leaves the answer alone.
 */
export function compressWholeBodies(options: Partial<WholeBodyCompressionOptions> = {}) {
  const { threshold, maxBytes } = { ...DEFAULTS, ...options };
  return (req: Request, res: Response, next: NextFunction): void => {
    const write = res.write;
    const end = res.end;
    let streamed = false;
    res.write = function (this: Response, ...args: Parameters<Response['write']>) {
      streamed = true;
      return write.apply(this, args);
    } as Response['write'];
    res.end = function (this: Response, ...args: unknown[]) {
      const [chunk, encoding] = args;
      const body = streamed || res.headersSent || req.method === 'HEAD' ? undefined : asBuffer(chunk, encoding);
      if (body && body.length >= threshold && body.length <= maxBytes && wantsCompression(res)) {
        res.vary('Accept-Encoding');
        const method = encodingFor(req);
        if (method === 'br' || method === 'gzip') {
          const compressed =
            method === 'br'
              ? brotliAnswer(body)
              : zlib.gzipSync(body);
          res.setHeader('Content-Encoding', method);
          res.setHeader('Content-Length', compressed.length);
          const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
          return (end as (...a: unknown[]) => Response).call(this, compressed, ...(callback ? [callback] : []));
        }
      }
      return (end as (...a: unknown[]) => Response).apply(this, args);
    } as Response['end'];
    next();
  };
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
function encodingFor(req: Request): string | undefined {
  const negotiator = new Negotiator(req) as unknown as { encoding(available: string[], options: { preferred: string[] }): string | undefined };
  return negotiator.encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] });
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return undefined;
}

/** What `compression` itself would compress: a compressible type, not already encoded, no `no-transform`. */
function wantsCompression(res: Response): boolean {
  const type = res.getHeader('Content-Type');
  if (typeof type !== 'string' || !compressible(type)) return false;
  const encoding = res.getHeader('Content-Encoding');
  if (encoding && encoding !== 'identity') return false;
  return !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''));
}
