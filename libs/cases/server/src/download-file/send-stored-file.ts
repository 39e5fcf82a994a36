import type { Readable } from 'node:stream';
import type { StreamableFile } from '@nestjs/common';
import { setAnswerHeader, streamedAnswer, type HttpReply } from '@afterwards/server-kit';

/**
 * A decrypted file for its owner, streamed: never cached by shared caches, never sniffed into another type.
 * A blob that fails its integrity check part way has the response cut, never completed with bad bytes.
 */
export async function storedFileAnswer(
  reply: HttpReply,
  stream: Readable,
  file: { contentType: string; fileName: string; download: boolean; size?: number },
): Promise<StreamableFile> {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const answer = await streamedAnswer(stream, {
    type: file.contentType,
    disposition: `${file.download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    length: file.size,
  });
  // Set once the file has begun to read, so that a problem detail never carries them.
  setAnswerHeader(reply, 'Cache-Control', 'private, no-store');
  setAnswerHeader(reply, 'X-Content-Type-Options', 'nosniff');
  return answer;
}
