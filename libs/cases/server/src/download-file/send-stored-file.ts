import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Response } from 'express';

/** Streams a decrypted file to its owner: never cached by shared caches, never sniffed into another type. */
export async function sendStoredFile(res: Response, stream: Readable, file: { contentType: string; fileName: string; download: boolean; size?: number }): Promise<void> {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `${file.download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (file.size !== undefined) res.setHeader('Content-Length', String(file.size));
  try {
    await pipeline(stream, res);
  } catch (error) {
    // A blob that fails its integrity check mid-stream: the response is cut, never completed with bad bytes.
    if (!res.headersSent) throw error;
    res.destroy(error as Error);
  }
}
