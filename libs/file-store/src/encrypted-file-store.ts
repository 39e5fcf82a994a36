import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { FileNotAnImageError, FileNotFoundError, FileTooLargeError, FileTypeNotAllowedError } from './errors';
import { detectFileType, FileTypeSniffer } from './file-type';
import { blobEncryptor, isMissing, KEY_BYTES, openBlob } from './blob-cipher';


const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const THUMBNAIL_SUFFIX = '.thumb-';
const TEMP_DIR = '.tmp';
/** One folder name of a scope (a memory id, a user id): nothing that could climb out of the temp folder. */
const SCOPE_SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;
/** Thumbnails are decoded from untrusted images: refuse pixel bombs well before they fill memory. */
const MAX_THUMBNAIL_INPUT_PIXELS = 50_000_000;

export interface EncryptedFileStoreOptions {
  /** Folder of the blobs; created on first write. */
  readonly dir: string;
  /** 32 bytes; wraps every blob's data key. */
  readonly masterKey: Buffer;
}

export interface PutOptions {
  /** More bytes than this and the upload is refused as it arrives. */
  readonly maxBytes: number;
  /**
   * MIME types (see FILE_TYPES) the content may turn out to be; `'any'` only for content the product wrote
   * itself (a memory's prepared zip), which nobody uploaded and so needs no check of its type.
   */
  readonly allowedTypes: readonly string[] | 'any';
  /**
   * Whose file this will be (e.g. `[memoryId]`, or `[memoryId, userId]` for one person's zip of it): the
   * partial file is written under that folder, so erasing the owner finds it with `deletePartials` even
   * when the process writing it was killed.
   */
  readonly scope?: TempScope;
}

/** Folder names under the temp folder, outermost first; each a plain id (letters, digits, `-`, `_`). */
export type TempScope = readonly string[];

export interface StoredFile {
  readonly fileId: string;
  readonly fileSize: number;
  readonly fileType: string;
}

export interface Thumbnail {
  readonly stream: Readable;
  readonly contentType: string;
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('File content must be bytes');
}

/** Every file in `dir` and the folders inside it; none when `dir` does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export class EncryptedFileStore {
  private readonly dir: string;
  private readonly masterKey: Buffer;

  constructor(options: EncryptedFileStoreOptions) {
    if (!Buffer.isBuffer(options.masterKey) || options.masterKey.length !== KEY_BYTES) {
      throw new Error(`The file store master key must be ${KEY_BYTES} bytes`);
    }
    this.dir = path.resolve(options.dir);
    this.masterKey = Buffer.from(options.masterKey);
  }

  /**
   * Streams `source` into a new encrypted blob. Refuses it (leaving nothing behind, and reading no
   * further) once more than `maxBytes` arrive or once its content can no longer be an allowed type.
   */
  async put(source: AsyncIterable<Buffer | Uint8Array | string> | Readable, options: PutOptions): Promise<StoredFile> {
    return this.receive(source, options, 'commit');
  }

  /**
   * Like `put`, but the blob stays an unfinished upload (a `.part` at the top of the temp folder, which
   * `clearStalePartials` removes once stale) until `commit` moves it into place: a caller that must
   * record the file first (a row that points at it) leaves nothing behind if it stops in between.
   * Staged files have no owner's scope: they are found by their id alone.
   */
  async stage(source: AsyncIterable<Buffer | Uint8Array | string> | Readable, options: Omit<PutOptions, 'scope'>): Promise<StoredFile> {
    // Only these two: a scope slipped in (a PutOptions passed whole) would put the .part where commit cannot find it.
    return this.receive(source, { maxBytes: options.maxBytes, allowedTypes: options.allowedTypes }, 'stage');
  }

  private async receive(source: AsyncIterable<Buffer | Uint8Array | string> | Readable, options: PutOptions, mode: 'commit' | 'stage'): Promise<StoredFile> {
    const { maxBytes, allowedTypes } = options;
    const fileId = randomUUID();
    const scope = options.scope ?? [];
    // Unscoped, this is stagedPath(fileId): where commit looks for a staged file.
    const temp = path.join(this.tempDirOf(scope), `${fileId}.part`);
    const sniffer = new FileTypeSniffer();
    let fileSize = 0;
    const encryptor = blobEncryptor(this.masterKey, fileId);
    // Open the partial file before streaming: a write stream opens it later, on its own, and a refusal in
    // the first chunk could remove the file before that open created it, leaving a .part behind.
    const partial = await openPartial(temp);
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<unknown>) {
          yield encryptor.header;
          for await (const raw of chunks) {
            const chunk = toBuffer(raw);
            fileSize += chunk.length;
            if (fileSize > maxBytes) throw new FileTooLargeError(maxBytes);
            if (allowedTypes !== 'any') {
              sniffer.push(chunk);
              if (!sniffer.candidates().some((type) => allowedTypes.includes(type))) {
                throw new FileTypeNotAllowedError(sniffer.candidates()[0] ?? null, allowedTypes);
              }
            }
            const out = encryptor.cipher.update(chunk);
            if (out.length > 0) yield out;
          }
          const last = encryptor.cipher.final();
          if (last.length > 0) yield last;
          yield encryptor.cipher.getAuthTag();
        },
        partial.createWriteStream(),
      );
      let fileType = 'application/octet-stream';
      if (allowedTypes !== 'any') {
        const sniffed = sniffer.finish();
        if (!sniffed || !allowedTypes.includes(sniffed)) throw new FileTypeNotAllowedError(sniffed, allowedTypes);
        fileType = sniffed;
      }
      if (mode === 'commit') await this.moveIntoPlace(temp, fileId);
      return { fileId, fileSize, fileType };
    } catch (error) {
      await partial.close().catch(() => undefined); // already closed when the stream was destroyed
      await fs.rm(temp, { force: true });
      if (source instanceof Readable && !source.destroyed) source.destroy();
      throw error;
    } finally {
      await this.tidy(scope);
    }
  }

  /** The decrypted content of a staged (not yet committed) file. */
  async readStaged(fileId: string): Promise<Buffer> {
    return buffer(await openBlob(this.masterKey, fileId, this.blobName(fileId), this.stagedPath(fileId)));
  }

  /** Moves a staged file into place: from here on it is a stored file like any other. */
  async commit(fileId: string): Promise<void> {
    const temp = this.stagedPath(fileId);
    try {
      await this.moveIntoPlace(temp, fileId);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  private async moveIntoPlace(temp: string, fileId: string): Promise<void> {
    const target = this.pathOf(fileId);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.rename(temp, target);
  }

  /** Removes a staged file that will not be committed; a missing one is fine. */
  async discard(fileId: string): Promise<void> {
    await fs.rm(this.stagedPath(fileId), { force: true });
  }

  /**
   * Removes partial files left by a process that stopped mid-write (a crash or kill): encrypted `.part`
   * files, in any scope, older than `olderThanMs`, and scope folders left empty. Younger ones may be
   * another replica's upload in progress on a shared volume, so they stay. Returns how many were removed.
   */
  async clearStalePartials(olderThanMs: number, now: Date = new Date()): Promise<number> {
    const sweep = async (dir: string): Promise<number> => {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      let removed = 0;
      for (const entry of entries) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          removed += await sweep(file);
          // Only once empty (rmdir refuses otherwise): a write starting in it retries its folder (openPartial).
          await fs.rmdir(file).catch(() => undefined);
          continue;
        }
        if (!entry.name.endsWith('.part')) continue;
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat || now.getTime() - stat.mtimeMs < olderThanMs) continue;
        await fs.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    };
    return sweep(path.join(this.dir, TEMP_DIR));
  }

  /**
   * Removes every partial file of a scope and of the scopes inside it, however young: its owner is being
   * erased. A write still going on in it (another process's) loses its file and fails when it finishes.
   */
  async deletePartials(scope: TempScope): Promise<void> {
    if (scope.length === 0) throw new Error('deletePartials needs a scope: the whole temp folder is not one owner');
    await fs.rm(this.tempDirOf(scope), { recursive: true, force: true });
  }

  /** The partial files of a scope and the scopes inside it (for tests and checks). */
  async partialsOf(scope: TempScope = []): Promise<string[]> {
    return filesUnder(this.tempDirOf(scope));
  }

  /** The decrypted content; the stream errors with FileUnreadableError at its end if the blob was changed. */
  async open(fileId: string): Promise<Readable> {
    const name = this.blobName(fileId);
    return openBlob(this.masterKey, fileId, name, this.pathOf(name));
  }

  async read(fileId: string): Promise<Buffer> {
    return buffer(await this.open(fileId));
  }

  async exists(fileId: string): Promise<boolean> {
    if (!FILE_ID.test(fileId)) return false;
    return fs.stat(this.pathOf(fileId)).then(
      () => true,
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
  }

  /** Removes the file and everything derived from it (thumbnails); deleting a missing file is fine. */
  async delete(fileId: string): Promise<void> {
    if (!FILE_ID.test(fileId)) return;
    for (const blob of await this.blobsOf(fileId)) await fs.rm(blob, { force: true });
  }

  /**
   * A small WebP preview of an image blob, at most `size` pixels wide (never enlarged), made once and
   * kept encrypted beside the original. Documents that are not images get FileNotAnImageError.
   */
  async thumbnail(fileId: string, options: { size: number; scope?: TempScope }): Promise<Thumbnail> {
    const { size } = options;
    if (!Number.isInteger(size) || size < 16 || size > 1024) throw new RangeError('Thumbnail size must be a whole number from 16 to 1024');
    const name = `${this.blobName(fileId)}${THUMBNAIL_SUFFIX}${size}`;
    const contentType = 'image/webp';
    try {
      return { stream: await openBlob(this.masterKey, fileId, name, this.pathOf(name)), contentType };
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
    }
    const original = await this.read(fileId);
    if (!detectFileType(original.subarray(0, 16))?.startsWith('image/')) throw new FileNotAnImageError(fileId);
    const { default: sharp } = await import('sharp');
    let preview: Buffer;
    try {
      preview = await sharp(original, { limitInputPixels: MAX_THUMBNAIL_INPUT_PIXELS })
        .rotate() // upright by its EXIF orientation; metadata (e.g. where a photo was taken) is not copied
        .resize({ width: size, withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
    } catch {
      throw new FileNotAnImageError(fileId);
    }
    await this.writeBlob(name, [preview], options.scope ?? []);
    // Deleted while the preview was being made: leave no trace of it either.
    if (!(await this.exists(fileId))) {
      await this.delete(fileId);
      throw new FileNotFoundError(fileId);
    }
    return { stream: Readable.from([preview]), contentType };
  }

  /** Every file id held (not thumbnails): for tests and checks that nothing of a deleted memory remains. */
  async allFileIds(): Promise<string[]> {
    const ids: string[] = [];
    for (const file of await filesUnder(this.dir)) {
      const name = path.basename(file);
      if (FILE_ID.test(name)) ids.push(name);
    }
    return ids.sort();
  }

  /** Every file on disk under the store, thumbnails and unfinished uploads included. */
  async countBlobs(): Promise<number> {
    return (await filesUnder(this.dir)).length;
  }

  /** Paths of the file's blob and of everything derived from it. */
  async blobsOf(fileId: string): Promise<string[]> {
    if (!FILE_ID.test(fileId)) return [];
    const shard = path.dirname(this.pathOf(fileId));
    const names = await fs.readdir(shard).catch((error: unknown) => {
      if (isMissing(error)) return [] as string[];
      throw error;
    });
    return names.filter((n) => n === fileId || n.startsWith(`${fileId}${THUMBNAIL_SUFFIX}`)).map((n) => path.join(shard, n));
  }

  private tempDirOf(scope: TempScope): string {
    for (const segment of scope) if (!SCOPE_SEGMENT.test(segment)) throw new Error(`Not a file store scope: ${JSON.stringify(segment)}`);
    return path.join(this.dir, TEMP_DIR, ...scope);
  }

  private blobName(fileId: string): string {
    if (!FILE_ID.test(fileId)) throw new FileNotFoundError(fileId);
    return fileId;
  }

  private stagedPath(fileId: string): string {
    return path.join(this.dir, TEMP_DIR, `${this.blobName(fileId)}.part`);
  }

  private pathOf(blobName: string): string {
    return path.join(this.dir, blobName.slice(0, 2), blobName);
  }

  /** Small derived blobs (thumbnails) that are already in memory: temp file, then an atomic rename. */
  private async writeBlob(blobName: string, content: Buffer[], scope: TempScope): Promise<void> {
    const { header, cipher } = blobEncryptor(this.masterKey, blobName);
    const parts = [header, ...content.map((c) => cipher.update(c)), cipher.final(), cipher.getAuthTag()];
    const temp = path.join(this.tempDirOf(scope), `${randomUUID()}.part`);
    const partial = await openPartial(temp);
    try {
      try {
        await partial.writeFile(Buffer.concat(parts));
      } finally {
        await partial.close();
      }
      const target = this.pathOf(blobName);
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    } finally {
      await this.tidy(scope);
    }
  }

  /**
   * Removes the scope's folders once a write in them is over, innermost first, as far as they are empty:
   * a memory's id stays no longer on disk than a file of it is being written.
   */
  private async tidy(scope: TempScope): Promise<void> {
    for (let depth = scope.length; depth > 0; depth -= 1) {
      // rmdir refuses a folder in use; a write about to start in it makes it again (openPartial).
      const removed = await fs.rmdir(this.tempDirOf(scope.slice(0, depth))).then(
        () => true,
        () => false,
      );
      if (!removed) return;
    }
  }
}

/**
 * Creates the partial file (and its folders). The sweep removes empty scope folders: one removed between
 * our mkdir and open is made again rather than failing the upload.
 */
async function openPartial(file: string): Promise<fs.FileHandle> {
  for (let attempt = 1; ; attempt += 1) {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      return await fs.open(file, 'wx', 0o600);
    } catch (error) {
      if (!isMissing(error) || attempt >= 3) throw error;
    }
  }
}
