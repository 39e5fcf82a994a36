import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Response } from 'express';
import { GetMemory } from '../get-memory/get-memory.query';
import { pdfWith } from '@afterwards/testing/memories';
import { memoriesSuite } from '../memory-commands/memories-side.testing';
import { DownloadFileController } from './download-file.http.controller';
import { sendStoredFile } from './send-stored-file';

describe("a document's file, viewed or downloaded", () => {
  const { side, route, ann, bob } = memoriesSuite({ route: (s) => new DownloadFileController(s.sessions, s.prisma, s.files) });
  let server: http.Server;
  let base: string;
  /** What the next request to the server streams: the route as a person calls it, or any stream. */
  let handle: (res: Response) => Promise<void>;
  beforeAll(async () => {
    // A failure is ended as a whole answer here, so only the route itself can cut a response short.
    server = http.createServer((_req, res) => void handle(res as unknown as Response).catch(() => res.destroyed || res.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** A memory of Ann's with one file on its first document, named `fileName`. */
  async function memoryWithFile(fileName: string): Promise<{ id: string; fileId: string; bytes: Buffer }> {
    const id = await side().open(ann);
    const bytes = pdfWith(fileName);
    const stored = await side().files.put(Readable.from([bytes]), { maxBytes: 5_000_000, allowedTypes: ['application/pdf'] });
    const documentId = (await side().queries.execute(new GetMemory(ann, id))).documents[0]!.id;
    await side().run(ann, id, { type: 'AttachDocumentFile', documentId, file: { fileId: stored.fileId, fileName, fileSize: stored.fileSize, fileType: stored.fileType } });
    return { id, fileId: stored.fileId, bytes };
  }

  it('gives the owner the decrypted file inline, or as an attachment when asked, never cached or sniffed, its name kept in UTF-8', async () => {
    const { id, fileId, bytes } = await memoryWithFile('Mémoire "Mum".pdf');
    handle = (res) => route().download(side().request(ann), res, id, fileId);
    const viewed = await fetch(base);
    expect(viewed.status).toBe(200);
    expect(Buffer.from(await viewed.arrayBuffer())).toEqual(bytes);
    expect(Object.fromEntries(['content-type', 'content-disposition', 'cache-control', 'x-content-type-options', 'content-length'].map((h) => [h, viewed.headers.get(h)]))).toEqual(
      {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="M_moire _Mum_.pdf"; filename*=UTF-8''${encodeURIComponent('Mémoire "Mum".pdf')}`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-length': String(bytes.length),
      },
    );
    handle = (res) => route().download(side().request(ann), res, id, fileId, '1');
    expect((await fetch(base)).headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('answers 404 FILE_NOT_FOUND to anyone but its owner, for a file of another memory and for ids that are no ids; 401 signed out', async () => {
    const { id, fileId } = await memoryWithFile('will.pdf');
    const other = await memoryWithFile('deeds.pdf');
    const untouched = {} as Response;
    const notFound = { status: 404, code: 'FILE_NOT_FOUND', message: 'File not found' };
    await expect(route().download(side().request(bob), untouched, id, fileId)).rejects.toMatchObject(notFound);
    await expect(route().download(side().request(ann), untouched, id, other.fileId)).rejects.toMatchObject(notFound);
    await expect(route().download(side().request(ann), untouched, 'nope', 'nope')).rejects.toMatchObject(notFound);
    await expect(route().download(side().request(), untouched, id, fileId)).rejects.toMatchObject({ status: 401, code: 'NOT_SIGNED_IN' });
  });

  it('cuts the response when the stored file fails its check part way, never completing it with bad bytes', async () => {
    handle = (res) =>
      sendStoredFile(
        res,
        Readable.from(
          (async function* () {
            yield Buffer.alloc(64 * 1024, 1);
            throw new Error('authentication tag mismatch');
          })(),
        ),
        { contentType: 'application/pdf', fileName: 'will.pdf', download: false },
      );
    const res = await fetch(base);
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });
});
