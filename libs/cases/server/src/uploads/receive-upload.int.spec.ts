import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { EncryptedFileStore } from '@afterwards/file-store';
import type { HttpRequest } from '@afterwards/server-kit';
import { CASE_MESSAGES, MAX_FILE_BYTES } from '@afterwards/cases-domain';
import { memoryTempScope } from '../file-purge/memory-temp-files';
import { receiveDocumentFile } from './receive-upload';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const CASE_ID = '6f1c2a9e-8d1b-4c55-9a57-0d6f2f1b7e10';

describe("receiving a document's file into the encrypted store", () => {
  let dir: string;
  let files: EncryptedFileStore;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receive-upload-'));
    files = new EncryptedFileStore({ dir, masterKey: Buffer.alloc(32, 3) });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The request body as it streams in, with the headers the screens send (the length when `declared`). */
  const sent = (chunks: Buffer[], fileName: string, declared?: number) => {
    const headers: Record<string, string> = { 'x-file-name': encodeURIComponent(fileName), ...(declared !== undefined ? { 'content-length': String(declared) } : {}) };
    return Object.assign(Readable.from(chunks), { method: 'POST', url: '/api/memories', headers }) as unknown as HttpRequest & Readable;
  };
  /** The memory's side of it: takes every file it is given, and keeps what it was given. */
  const attached = <T>(value: T) => {
    const given: { fileId: string }[] = [];
    return Object.assign(async (file: { fileId: string }) => (given.push(file), { value, file }), { given });
  };

  it('stores the file typed by its content, named as the person chose it without any path, and hands it to the memory', async () => {
    const attach = attached('kept');
    const result = await receiveDocumentFile(sent([pdf], 'C:\\Users\\ann\\Will\u0007.pdf', pdf.length), files, CASE_ID, attach);
    expect(result.value).toBe('kept');
    expect(attach.given).toEqual([{ fileId: expect.any(String), fileName: 'Will.pdf', fileSize: pdf.length, fileType: 'application/pdf' }]);
    expect(await files.read(attach.given[0]!.fileId)).toEqual(pdf);
  });

  it('drops the stored file again when the memory refuses it, and says why', async () => {
    const blobs = await files.countBlobs();
    const refusal = new Error('FILE_LIMIT_REACHED');
    await expect(receiveDocumentFile(sent([pdf], 'will.pdf', pdf.length), files, CASE_ID, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await files.countBlobs()).toBe(blobs);
  });

  // The server drops what is left of a refused body once it has answered (dropUnreadBody); destroying the request
  // would reset the connection before the person's browser reads the refusal.
  it('refuses a declared length over 5 MB before reading, with the spec message, leaving the body unread', async () => {
    const attach = attached('never');
    const req = sent([pdf], 'huge.pdf', MAX_FILE_BYTES + 1);
    await expect(receiveDocumentFile(req, files, CASE_ID, attach)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', message: CASE_MESSAGES.fileTooLarge('huge.pdf') });
    expect([req.destroyed, req.readableFlowing]).toEqual([false, null]);
    expect(attach.given).toEqual([]);
  });

  it('counts an undeclared body while it streams, and types it by content: over 5 MB or not a document, refused, no partial file left', async () => {
    const blobs = await files.countBlobs();
    const big = sent([pdf, Buffer.alloc(MAX_FILE_BYTES, 1), Buffer.alloc(1024, 1)], 'big.pdf');
    await expect(receiveDocumentFile(big, files, CASE_ID, attached('never'))).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: CASE_MESSAGES.fileTooLarge('big.pdf'),
    });
    const words = sent([Buffer.from('plain words'), Buffer.from(' and more')], 'will.pdf');
    await expect(receiveDocumentFile(words, files, CASE_ID, attached('never'))).rejects.toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: CASE_MESSAGES.fileType('will.pdf'),
    });
    // Stopped part-way, not destroyed: the rest is the server's to drop after the answer.
    expect([big.destroyed, words.destroyed]).toEqual([false, false]);
    expect(await files.countBlobs()).toBe(blobs);
    expect(await files.partialsOf(memoryTempScope(CASE_ID))).toEqual([]);
  });

  it("reads the body from Node's request where the adapter's request wraps it (Fastify's `raw`), and leaves it there when refused", async () => {
    const wrap = (raw: HttpRequest & Readable) => ({ method: raw.method, url: raw.url, headers: raw.headers, socket: {}, raw }) as unknown as HttpRequest;
    const attach = attached('kept');
    await receiveDocumentFile(wrap(sent([pdf], 'will.pdf', pdf.length)), files, CASE_ID, attach);
    expect(await files.read(attach.given[0]!.fileId)).toEqual(pdf);
    const refused = sent([pdf], 'huge.pdf', MAX_FILE_BYTES + 1);
    await expect(receiveDocumentFile(wrap(refused), files, CASE_ID, attached('never'))).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(refused.destroyed).toBe(false);
  });
});
