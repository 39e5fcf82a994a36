// The blob format of the file store: each blob encrypted with its own key, wrapped by the master key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline as pipelineCallback } from 'node:stream';
import { FileNotFoundError, FileUnreadableError } from './errors';

/**
 * Blob layout (version 1), everything after the header is the AES-256-GCM ciphertext of the file:
 *
 *   "AWFS" | version (1) | wrap IV (12) | wrapped data key (32) | wrap tag (16) | data IV (12) | ciphertext | data tag (16)
 *
 * Each blob has its own random data key, wrapped by the master key with the blob's name as associated
 * data, so a blob moved under another file id does not open. The whole header is the associated data
 * of the file's own encryption, so no header byte can be changed either.
 */
const MAGIC = Buffer.from('AWFS');
const FORMAT_VERSION = 1;
const IV_BYTES = 12;
export const KEY_BYTES = 32;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES + KEY_BYTES + TAG_BYTES + IV_BYTES;
const ALGORITHM = 'aes-256-gcm';

/** The file is not there (ENOENT). */
export const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** A new blob's header and the cipher of its content (the content's tag follows the ciphertext). */
export function blobEncryptor(masterKey: Buffer, blobName: string) {
  const dataKey = randomBytes(KEY_BYTES);
  const wrapIv = randomBytes(IV_BYTES);
  const prefix = Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION])]);
  const wrap = createCipheriv(ALGORITHM, masterKey, wrapIv);
  wrap.setAAD(Buffer.concat([prefix, Buffer.from(blobName)]));
  const wrappedKey = Buffer.concat([wrap.update(dataKey), wrap.final()]);
  const dataIv = randomBytes(IV_BYTES);
  const header = Buffer.concat([prefix, wrapIv, wrappedKey, wrap.getAuthTag(), dataIv]);
  const cipher = createCipheriv(ALGORITHM, dataKey, dataIv);
  cipher.setAAD(header);
  return { header, cipher };
}


/** The decrypted content of the blob in `file`; a changed blob fails the stream at its end. */
export async function openBlob(masterKey: Buffer, fileId: string, blobName: string, file: string): Promise<Readable> {
  const handle = await fs.open(file, 'r').catch((error: unknown) => {
    throw isMissing(error) ? new FileNotFoundError(fileId) : error;
  });
  let decipher;
  let size: number;
  try {
    size = (await handle.stat()).size;
    if (size < HEADER_BYTES + TAG_BYTES) throw new FileUnreadableError(fileId);
    const header = Buffer.alloc(HEADER_BYTES);
    await handle.read(header, 0, HEADER_BYTES, 0);
    const tag = Buffer.alloc(TAG_BYTES);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    decipher = decipherFor(masterKey, fileId, blobName, header);
    decipher.setAuthTag(tag);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const d = decipher;
  const decrypt = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, d.update(chunk));
    },
    flush(callback) {
      // GCM checks the tag only here, after the last byte: a changed blob fails at the end of the stream.
      try {
        callback(null, d.final());
      } catch {
        callback(new FileUnreadableError(fileId));
      }
    },
  });
  const bodyEnd = size - TAG_BYTES;
  const body = bodyEnd > HEADER_BYTES ? handle.createReadStream({ start: HEADER_BYTES, end: bodyEnd - 1 }) : emptyThenClose(handle);
  // Errors reach the caller through `decrypt`; a caller that stops early closes the file through this.
  pipelineCallback(body, decrypt, () => undefined);
  return decrypt;
}

function decipherFor(masterKey: Buffer, fileId: string, blobName: string, header: Buffer) {
  let offset = 0;
  const take = (n: number) => header.subarray(offset, (offset += n));
  const magic = take(MAGIC.length);
  const version = take(1)[0];
  if (!magic.equals(MAGIC) || version !== FORMAT_VERSION) throw new FileUnreadableError(fileId);
  const wrapIv = take(IV_BYTES);
  const wrappedKey = take(KEY_BYTES);
  const wrapTag = take(TAG_BYTES);
  const dataIv = take(IV_BYTES);
  let dataKey: Buffer;
  try {
    const unwrap = createDecipheriv(ALGORITHM, masterKey, wrapIv);
    unwrap.setAAD(Buffer.concat([header.subarray(0, MAGIC.length + 1), Buffer.from(blobName)]));
    unwrap.setAuthTag(wrapTag);
    dataKey = Buffer.concat([unwrap.update(wrappedKey), unwrap.final()]);
  } catch {
    throw new FileUnreadableError(fileId);
  }
  const decipher = createDecipheriv(ALGORITHM, dataKey, dataIv);
  decipher.setAAD(header);
  return decipher;
}

function emptyThenClose(handle: fs.FileHandle): Readable {
  return Readable.from(
    // An empty stream that closes the handle when read: nothing to yield.
    // eslint-disable-next-line require-yield
    (async function* () {
      await handle.close();
    })(),
  );
}
