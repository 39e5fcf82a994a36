import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import sharp from 'sharp';
import { expectEventually } from '@afterwards/persistence/testing';
import { EncryptedFileStore } from './encrypted-file-store';
import { FileNotAnImageError, FileNotFoundError, FileTooLargeError, FileTypeNotAllowedError, FileUnreadableError } from './errors';
import { DOCUMENT_FILE_TYPES, FILE_TYPES, PHOTO_FILE_TYPES } from './file-type';
import { createFileStore, loadOrCreateMasterKey, MASTER_KEY_FILE, parseFileStoreKey } from './master-key';
import { sampleDocx, samplePdf, sampleZip } from './samples';

const MB = 1024 * 1024;
const documents = { maxBytes: 5 * MB, allowedTypes: DOCUMENT_FILE_TYPES };
const photos = { maxBytes: 5 * MB, allowedTypes: PHOTO_FILE_TYPES };

let dir: string;
let masterKey: Buffer;
let store: EncryptedFileStore;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-file-store-'));
  masterKey = randomBytes(32);
  store = new EncryptedFileStore({ dir, masterKey });
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Content in 64 KiB pieces, as an upload arrives. */
async function* chunked(content: Buffer, size = 64 * 1024): AsyncGenerator<Buffer> {
  for (let i = 0; i < content.length; i += size) yield content.subarray(i, i + size);
}

/** A PDF of exactly `bytes` bytes. */
function pdfOf(bytes: number, marker = ''): Buffer {
  const head = samplePdf(marker);
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function expectNothingOnDisk(): Promise<void> {
  expect(await store.countBlobs()).toBe(0);
  expect(await store.allFileIds()).toEqual([]);
}

/** A photo with detail in it (a smooth gradient with noise), so its encoded size is realistic. */
async function photo(format: 'png' | 'jpeg', width = 1200, height = 800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x * y) % 256;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

describe('EncryptedFileStore', () => {
  it('stores a 5 MB document and gives back the same bytes, in a blob named after its id', async () => {
    const content = pdfOf(5 * MB);
    const stored = await store.put(chunked(content), documents);
    expect(stored).toEqual({ fileId: expect.stringMatching(/^[0-9a-f-]{36}$/), fileSize: 5 * MB, fileType: FILE_TYPES.pdf });
    expect(fs.existsSync(path.join(dir, stored.fileId.slice(0, 2), stored.fileId))).toBe(true);
    expect(sha256(await store.read(stored.fileId))).toBe(sha256(content));
    // Streamed: many chunks, not one buffer.
    let chunks = 0;
    for await (const _ of await store.open(stored.fileId)) chunks++;
    expect(chunks).toBeGreaterThan(1);
    expect(await store.allFileIds()).toEqual([stored.fileId]);
    expect(await store.countBlobs()).toBe(1);
  });

  it('accepts from a Node Readable as well, and types a .docx from its zip entries', async () => {
    const docx = sampleDocx(200_000);
    const stored = await store.put(Readable.from(chunked(docx, 1000)), documents);
    expect(stored.fileType).toBe(FILE_TYPES.docx);
    expect((await store.read(stored.fileId)).equals(docx)).toBe(true);
  });

  it('accepts exactly maxBytes and refuses maxBytes + 1, leaving nothing behind', async () => {
    const limit = 100_000;
    const exact = await store.put(chunked(pdfOf(limit), 4096), { maxBytes: limit, allowedTypes: DOCUMENT_FILE_TYPES });
    expect(exact.fileSize).toBe(limit);
    await store.delete(exact.fileId);

    await expect(store.put(chunked(pdfOf(limit + 1), 4096), { maxBytes: limit, allowedTypes: DOCUMENT_FILE_TYPES })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    await expectNothingOnDisk();
  });

  it('stops reading an upload as soon as it is too large', async () => {
    let pulled = 0;
    let destroyed = false;
    const endless = new Readable({
      read() {
        pulled++;
        this.push(pulled === 1 ? samplePdf() : Buffer.alloc(64 * 1024, 1));
      },
      destroy(error, callback) {
        destroyed = true;
        callback(error);
      },
    });
    const error = await store.put(endless, { maxBytes: MB, allowedTypes: DOCUMENT_FILE_TYPES }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as FileTooLargeError).code).toBe('FILE_TOO_LARGE');
    expect(destroyed).toBe(true);
    // A few chunks past the limit at most (stream buffering), never the endless rest.
    expect(pulled).toBeLessThan(40);
    await expectNothingOnDisk();
  });

  it('refuses content of a type not allowed, told by content and not by name, leaving nothing behind', async () => {
    const text = Buffer.from('Just text, uploaded as will.pdf\n'.repeat(1000));
    const refused = await store.put(chunked(text), documents).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FileTypeNotAllowedError);
    expect((refused as FileTypeNotAllowedError).code).toBe('FILE_TYPE_NOT_ALLOWED');
    // A PDF is a document, not a photo.
    await expect(store.put(chunked(samplePdf()), photos)).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', detectedType: FILE_TYPES.pdf });
    // A zip is known not to be a .docx only at its end.
    await expect(store.put(chunked(sampleZip({ 'a.txt': 'x'.repeat(300_000) }), 1000), documents)).rejects.toBeInstanceOf(FileTypeNotAllowedError);
    await expect(store.put(chunked(Buffer.alloc(0)), documents)).rejects.toBeInstanceOf(FileTypeNotAllowedError);
    await expectNothingOnDisk();
  });

  it('keeps no plaintext on disk', async () => {
    const marker = 'MARKER-mum-s-will-7f3a9c';
    const content = Buffer.concat([samplePdf(marker), Buffer.from(`${marker}\n`.repeat(5000))]);
    const { fileId } = await store.put(chunked(content), documents);
    const onDisk = fs.readFileSync(path.join(dir, fileId.slice(0, 2), fileId));
    expect(onDisk.length).toBeGreaterThan(content.length);
    expect(onDisk.includes(Buffer.from(marker))).toBe(false);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(fs.statSync(path.join(dir, fileId.slice(0, 2), fileId)).mode & 0o077).toBe(0);
  });

  it('refuses to read a blob changed on disk', async () => {
    const { fileId } = await store.put(chunked(pdfOf(300_000)), documents);
    const file = path.join(dir, fileId.slice(0, 2), fileId);
    const original = fs.readFileSync(file);

    const body = Buffer.from(original);
    body[150_000]! ^= 0x01;
    fs.writeFileSync(file, body);
    await expect(store.read(fileId)).rejects.toBeInstanceOf(FileUnreadableError);

    const header = Buffer.from(original);
    header[20]! ^= 0x01; // inside the wrapped data key
    fs.writeFileSync(file, header);
    await expect(store.open(fileId)).rejects.toBeInstanceOf(FileUnreadableError);

    fs.writeFileSync(file, original.subarray(0, original.length - 10));
    await expect(store.read(fileId)).rejects.toBeInstanceOf(FileUnreadableError);

    fs.writeFileSync(file, original);
    expect((await store.read(fileId)).length).toBe(300_000);
  });

  it('refuses to read with another master key, or a blob moved under another file id', async () => {
    const { fileId } = await store.put(chunked(pdfOf(10_000)), documents);
    const other = new EncryptedFileStore({ dir, masterKey: randomBytes(32) });
    await expect(other.read(fileId)).rejects.toBeInstanceOf(FileUnreadableError);

    const { fileId: secondId } = await store.put(chunked(pdfOf(10_000)), documents);
    fs.copyFileSync(path.join(dir, fileId.slice(0, 2), fileId), path.join(dir, secondId.slice(0, 2), secondId));
    await expect(store.read(secondId)).rejects.toBeInstanceOf(FileUnreadableError);
  });

  it('clears partial uploads a crash left behind, but not an upload another replica has in progress', async () => {
    const tempDir = path.join(dir, '.tmp');
    fs.mkdirSync(tempDir, { recursive: true });
    const stale = path.join(tempDir, 'crashed-upload.part');
    const fresh = path.join(tempDir, 'in-progress.part');
    fs.writeFileSync(stale, 'half an encrypted upload');
    fs.writeFileSync(fresh, 'an upload still arriving');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    fs.utimesSync(stale, anHourAgo, anHourAgo);
    expect(await store.clearStalePartials(15 * 60 * 1000)).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(await new EncryptedFileStore({ dir: path.join(dir, 'never-used'), masterKey }).clearStalePartials(0)).toBe(0);
  });

  /** A write cut off mid-way, as a killed process leaves it: some bytes in, the end never coming. */
  async function stalledPut(scope: readonly string[]) {
    const source = new PassThrough();
    source.write(samplePdf('half a file'));
    const stored = store.put(source, { ...documents, scope }).catch((error: unknown) => error);
    const [partial] = await expectEventually(async () => {
      const found = await store.partialsOf(scope);
      expect(found).toHaveLength(1);
      return found;
    });
    return { partial: partial!, finish: () => (source.end(), stored) };
  }

  it('keeps a write in progress under its owner, and deletePartials removes it at once, leaving other owners', async () => {
    const mine = await stalledPut(['memory-1', 'user-a']);
    const upload = await stalledPut(['memory-1']);
    const theirs = await stalledPut(['memory-2']);
    expect(path.relative(dir, mine.partial)).toBe(path.join('.tmp', 'memory-1', 'user-a', path.basename(mine.partial)));

    await store.deletePartials(['memory-1']);
    expect(fs.existsSync(mine.partial)).toBe(false);
    expect(fs.existsSync(upload.partial)).toBe(false);
    expect(fs.existsSync(theirs.partial)).toBe(true);
    // The writes that lost their files fail when they end, and keep nothing.
    expect(await mine.finish()).toMatchObject({ code: 'ENOENT' });
    expect(await upload.finish()).toMatchObject({ code: 'ENOENT' });
    expect(await store.allFileIds()).toEqual([]);
    expect(await theirs.finish()).toMatchObject({ fileType: FILE_TYPES.pdf });
    expect(await store.partialsOf()).toEqual([]);
    // A write over, its owner's folders go with it: no memory id is left as a folder name.
    await store.put(chunked(samplePdf()), { ...documents, scope: ['memory-3', 'user-b'] });
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
    await expect(store.deletePartials([])).rejects.toThrow(/needs a scope/);
    await expect(store.put(chunked(samplePdf()), { ...documents, scope: ['..'] })).rejects.toThrow(/Not a file store scope/);
  });

  it('clears stale partial files inside owners\' folders too, and the folders left empty', async () => {
    const tempDir = path.join(dir, '.tmp');
    const stale = path.join(tempDir, 'memory-1', 'user-a', 'killed-export.part');
    const fresh = path.join(tempDir, 'memory-2', 'uploading.part');
    fs.mkdirSync(path.dirname(stale), { recursive: true });
    fs.mkdirSync(path.dirname(fresh), { recursive: true });
    fs.writeFileSync(stale, 'half an encrypted zip');
    fs.writeFileSync(fresh, 'an upload still arriving');
    const now = new Date('2026-03-10T12:00:00Z');
    const sixteenMinutesEarlier = new Date(now.getTime() - 16 * 60 * 1000);
    fs.utimesSync(stale, sixteenMinutesEarlier, sixteenMinutesEarlier);
    fs.utimesSync(fresh, now, now);

    expect(await store.clearStalePartials(15 * 60 * 1000, now)).toBe(1);
    expect(fs.existsSync(path.join(tempDir, 'memory-1'))).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });

  it('keeps a staged file as an unfinished upload until it is committed: a stop before that leaves no stored file', async () => {
    const doc = samplePdf('x'.repeat(2000));
    const staged = await store.stage(Readable.from([doc]), { maxBytes: 10_000, allowedTypes: [FILE_TYPES.pdf] });
    expect(staged.fileType).toBe(FILE_TYPES.pdf);
    expect(await store.readStaged(staged.fileId)).toEqual(doc);
    expect(await store.allFileIds()).toEqual([]);
    expect(await store.exists(staged.fileId)).toBe(false);
    // What a crash leaves is swept as any stale partial upload is.
    expect(await store.clearStalePartials(0, new Date(Date.now() + 1000))).toBe(1);
    await expectNothingOnDisk();

    const kept = await store.stage(Readable.from([doc]), { maxBytes: 10_000, allowedTypes: [FILE_TYPES.pdf] });
    await store.commit(kept.fileId);
    expect(await store.allFileIds()).toEqual([kept.fileId]);
    expect(await store.read(kept.fileId)).toEqual(doc);
    await store.delete(kept.fileId);

    const dropped = await store.stage(Readable.from([doc]), { maxBytes: 10_000, allowedTypes: [FILE_TYPES.pdf] });
    await store.discard(dropped.fileId);
    await expectNothingOnDisk();
  });

  it('says a missing or malformed file id is not found', async () => {
    await expect(store.open('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.open('../../etc/passwd')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.thumbnail('00000000-0000-4000-8000-000000000000', { size: 256 })).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it.each(['png', 'jpeg'] as const)('makes a smaller WebP thumbnail of a %s photo, once, kept encrypted', async (format) => {
    const original = await photo(format);
    const { fileId, fileType } = await store.put(chunked(original), photos);
    expect(fileType).toBe(`image/${format}`);

    const first = await store.thumbnail(fileId, { size: 256 });
    expect(first.contentType).toBe('image/webp');
    const preview = Buffer.concat(await first.stream.toArray());
    expect(preview.length).toBeLessThan(original.length);
    expect(await sharp(preview).metadata()).toMatchObject({ format: 'webp', width: 256, height: 171 });

    // Cached beside the original, encrypted; the second call reads the cache.
    const blobs = await store.blobsOf(fileId);
    expect(blobs).toHaveLength(2);
    const cached = blobs.find((b) => b.includes('.thumb-'))!;
    expect(fs.readFileSync(cached).includes(preview.subarray(0, 64))).toBe(false);
    const before = fs.statSync(cached).mtimeMs;
    const second = await store.thumbnail(fileId, { size: 256 });
    expect(Buffer.concat(await second.stream.toArray()).equals(preview)).toBe(true);
    expect(fs.statSync(cached).mtimeMs).toBe(before);
  });

  it('makes no thumbnail of a document that is not an image', async () => {
    const { fileId } = await store.put(chunked(samplePdf()), documents);
    await expect(store.thumbnail(fileId, { size: 256 })).rejects.toBeInstanceOf(FileNotAnImageError);
    expect(await store.blobsOf(fileId)).toHaveLength(1);
  });

  it('deletes a file with its thumbnails, leaving no trace, and deleting again is fine', async () => {
    const { fileId } = await store.put(chunked(await photo('jpeg', 640, 480)), photos);
    const kept = await store.put(chunked(samplePdf()), documents);
    await store.thumbnail(fileId, { size: 256 });
    await store.thumbnail(fileId, { size: 64 });
    expect(await store.blobsOf(fileId)).toHaveLength(3);

    await store.delete(fileId);
    expect(await store.blobsOf(fileId)).toEqual([]);
    expect(await store.allFileIds()).toEqual([kept.fileId]);
    expect(await store.countBlobs()).toBe(1);
    await expect(store.open(fileId)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.thumbnail(fileId, { size: 256 })).rejects.toBeInstanceOf(FileNotFoundError);
    await store.delete(fileId);
    await store.delete(kept.fileId);
    await expectNothingOnDisk();
  });
});

describe('master key', () => {
  it('is made once into DATA_DIR, readable by its owner only, and read back the same', () => {
    const first = loadOrCreateMasterKey(dir);
    expect(first).toHaveLength(32);
    const file = path.join(dir, MASTER_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateMasterKey(dir).equals(first)).toBe(true);
  });

  it('parses a configured FILE_STORE_KEY and refuses a wrong one', () => {
    const key = randomBytes(32);
    expect(parseFileStoreKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseFileStoreKey(key.toString('base64url')).equals(key)).toBe(true);
    expect(() => parseFileStoreKey(randomBytes(16).toString('base64'))).toThrow(/FILE_STORE_KEY must be the base64 of 32 random bytes/);
    expect(() => parseFileStoreKey('not a key')).toThrow(/FILE_STORE_KEY/);
  });

  it('builds the store from the configuration: embedded makes its key, services needs one', async () => {
    const fileStoreDir = path.join(dir, 'files');
    const embedded = createFileStore({ profile: 'embedded', dataDir: dir, fileStoreDir, fileStoreKey: undefined });
    const { fileId } = await embedded.put(chunked(samplePdf()), documents);
    expect(fs.existsSync(path.join(dir, MASTER_KEY_FILE))).toBe(true);
    // A restart reads the same key, so the file still opens.
    const again = createFileStore({ profile: 'embedded', dataDir: dir, fileStoreDir, fileStoreKey: undefined });
    expect((await again.read(fileId)).equals(samplePdf())).toBe(true);

    expect(() => createFileStore({ profile: 'services', dataDir: dir, fileStoreDir, fileStoreKey: undefined })).toThrow(/FILE_STORE_KEY is required/);
    const configured = createFileStore({ profile: 'services', dataDir: dir, fileStoreDir, fileStoreKey: randomBytes(32) });
    await expect(configured.read(fileId)).rejects.toBeInstanceOf(FileUnreadableError);
  });
});
