import { Readable } from 'node:stream';
import { Controller, Get, Res, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { PRISMA, ProblemDetailsFilter, type HttpReply } from '@afterwards/server-kit';
import { SessionCache } from '@afterwards/identity-server';
import { GetMemory } from '../get-memory/get-memory.query';
import { pdfWith } from '@afterwards/testing/memories';
import { memoriesSuite } from '../memory-commands/memories-side.testing';
import { FILE_STORE } from '../tokens';
import { DownloadFileController } from './download-file.http.controller';
import { storedFileAnswer } from './send-stored-file';

/** A stored file whose blob fails its integrity check after `chunks` chunks of 64 KiB. */
function failingBlob(chunks: number): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < chunks; i++) yield Buffer.alloc(64 * 1024, 1);
      throw new Error('authentication tag mismatch');
    })(),
  );
}

@Controller('failing')
class FailingFileController {
  @Get('late')
  late(@Res({ passthrough: true }) reply: HttpReply) {
    return storedFileAnswer(reply, failingBlob(2), { contentType: 'application/pdf', fileName: 'will.pdf', download: false });
  }

  @Get('early')
  early(@Res({ passthrough: true }) reply: HttpReply) {
    return storedFileAnswer(reply, failingBlob(0), { contentType: 'application/pdf', fileName: 'will.pdf', download: false, size: 1000 });
  }
}

describe("a document's file, viewed or downloaded", () => {
  const { side, route, ann, bob } = memoriesSuite({ route: (s) => new DownloadFileController(s.sessions, s.prisma, s.files) });
  /** The route on Nest and Fastify, as the API answers it, with the product's problem details. */
  let app: INestApplication;
  let base: string;
  beforeAll(async () => {
    app = await NestFactory.create(
      {
        module: class DownloadsModule {},
        controllers: [DownloadFileController, FailingFileController],
        providers: [
          { provide: SessionCache, useValue: side().sessions },
          { provide: PRISMA, useValue: side().prisma },
          { provide: FILE_STORE, useValue: side().files },
        ],
      },
      new FastifyAdapter(),
      { logger: false },
    );
    app.useGlobalFilters(new ProblemDetailsFilter());
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app.close());
  const signedIn = (userId: string) => ({ headers: { cookie: `afterwards.session_token=${userId}` } });

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
    const viewed = await fetch(`${base}/api/memories/${id}/files/${fileId}`, signedIn(ann));
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
    const downloaded = await fetch(`${base}/api/memories/${id}/files/${fileId}?download=1`, signedIn(ann));
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(bytes);
  });

  it('answers 404 FILE_NOT_FOUND to anyone but its owner, for a file of another memory and for ids that are no ids; 401 signed out', async () => {
    const { id, fileId } = await memoryWithFile('will.pdf');
    const other = await memoryWithFile('deeds.pdf');
    const untouched = {};
    const notFound = { status: 404, code: 'FILE_NOT_FOUND', message: 'File not found' };
    await expect(route().download(side().request(bob), untouched, id, fileId)).rejects.toMatchObject(notFound);
    await expect(route().download(side().request(ann), untouched, id, other.fileId)).rejects.toMatchObject(notFound);
    await expect(route().download(side().request(ann), untouched, 'nope', 'nope')).rejects.toMatchObject(notFound);
    await expect(route().download(side().request(), untouched, id, fileId)).rejects.toMatchObject({ status: 401, code: 'NOT_SIGNED_IN' });
    const problem = await fetch(`${base}/api/memories/${id}/files/${fileId}`, signedIn(bob));
    expect([problem.status, problem.headers.get('content-type'), problem.headers.get('content-disposition')]).toEqual([404, 'application/problem+json; charset=utf-8', null]);
    expect(await problem.json()).toMatchObject({ code: 'FILE_NOT_FOUND' });
  });

  it('cuts the response when the stored file fails its check part way, never completing it with bad bytes', async () => {
    const res = await fetch(`${base}/failing/late`);
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it("answers a problem detail, without the file's headers, when the stored file fails before its first bytes", async () => {
    const res = await fetch(`${base}/failing/early`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect([res.headers.get('content-type'), res.headers.get('content-disposition'), res.headers.get('x-content-type-options')]).toEqual([
      'application/problem+json; charset=utf-8',
      null,
      null,
    ]);
  });
});
