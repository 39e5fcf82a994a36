import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';

type StreamableFileOptions = NonNullable<ConstructorParameters<typeof StreamableFile>[1]>;
type StreamableHandlerResponse = Parameters<Parameters<StreamableFile['setErrorHandler']>[0]>[1];

/**
 * A stream (a stored file, an export) as an answer Nest sends on either adapter, streamed as it is read and
 * never completed when the stream fails. A stream that fails before its first bytes fails here, so the
 * route throws and the global filter answers with a problem detail; one that fails later has the connection
 * cut, so that no client takes the bytes it got for the whole file. Nest's own handler would answer 400, or
 * end the answer cleanly once the stream had ended.
 */
export async function streamedAnswer(stream: Readable, options: StreamableFileOptions = {}): Promise<StreamableFile> {
  // Made first: it listens for the stream's errors from now on, so one between here and Nest's pipe is no crash.
  const answer = new StreamableFile(stream, options).setErrorHandler(cutAnswer);
  await firstBytes(stream);
  // Failed in the same turn as its first bytes arrived: nothing is sent yet.
  if (stream.errored) throw stream.errored;
  return answer;
}

/** Ends the answer without completing it: the client sees a broken download, never a short file. */
function cutAnswer(error: Error, res: StreamableHandlerResponse): void {
  // Express hands over its response (Node's own); an adapter that hands over its reply keeps Node's as `raw`.
  const raw = (res as { raw?: ServerResponse }).raw ?? (res as unknown as ServerResponse);
  if (!raw.destroyed) raw.destroy(error);
}

/** Resolves once the stream has bytes to give (or has ended empty); rejects if it fails or closes first. */
function firstBytes(stream: Readable): Promise<void> {
  if (stream.errored) return Promise.reject(stream.errored);
  if (stream.destroyed) return Promise.reject(new Error('The stream was closed before it was answered'));
  if (stream.readableLength > 0 || stream.readableEnded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('readable', ready).off('error', settle).off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const ready = () => settle();
    const closed = () => settle(stream.errored ?? new Error('The stream was closed before its first bytes'));
    // 'readable' starts the first read without taking its bytes: Nest's pipe sends them.
    stream.on('readable', ready).on('error', settle).on('close', closed);
  });
}
