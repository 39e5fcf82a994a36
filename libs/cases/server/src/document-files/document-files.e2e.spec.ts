import fs from 'node:fs';
import path from 'node:path';
import type { MemoryDetail } from '@afterwards/contracts';
import type { HttpSession, RunningProduct } from '@afterwards/testing';
import { createMemory, pdfWith, uploadBytes, useMemoriesProduct } from '@afterwards/testing/memories';

/** A document's files over HTTP, against the built product on PostgreSQL and Redis (one product for the file). */
describe("A document's files over HTTP (services profile)", () => {
  let product: RunningProduct;
  let ann: HttpSession;
  let bob: HttpSession;
  useMemoriesProduct((started) => ({ product, ann, bob } = started));

  it('stores document files encrypted, checks size and type by content, and serves them to their owner only', async () => {
    const memory = await createMemory(ann, { name: 'Files', deceasedName: 'Ada Moss', jurisdiction: 'Scotland' });
    const id = memory.memory.id;
    const doc = memory.documents[0]!;
    const url = `/api/memories/${id}/documents/${doc.id}/files`;

    const ok = await uploadBytes(ann, url, pdfWith('round-trip-marker'), 'will copy.pdf');
    expect(ok.status).toBe(201);
    const stored = ok.body.documents.find((d) => d.id === doc.id)!;
    expect(stored.collected).toBe(true); // spec: a document with an uploaded file is collected
    expect(stored.files).toEqual([expect.objectContaining({ fileName: 'will copy.pdf', fileType: 'application/pdf' })]);

    const download = await ann.fetch(`${stored.files[0]!.url}?download=1`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await download.arrayBuffer()).toString()).toContain('round-trip-marker');
    // At rest the bytes are encrypted.
    const blob = fs.readFileSync(path.join(product.dataDir, 'files', stored.files[0]!.id.slice(0, 2), stored.files[0]!.id));
    expect(blob.includes(Buffer.from('round-trip-marker'))).toBe(false);

    const tooLarge = await uploadBytes(ann, url, Buffer.concat([pdfWith('big'), Buffer.alloc(5_242_880)]), 'huge.pdf');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'FILE_TOO_LARGE', detail: 'File huge.pdf is too large (max 5MB)' });
    const wrongType = await uploadBytes(ann, url, Buffer.from('just some text, not a PDF at all'), 'notes.pdf');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', detail: 'File notes.pdf is not a PDF, JPG, PNG, DOC or DOCX file' });

    for (let i = 2; i <= 5; i++) expect((await uploadBytes(ann, url, pdfWith(`n${i}`), `page-${i}.pdf`)).status).toBe(201);
    const sixth = await uploadBytes(ann, url, pdfWith('six'), 'page-6.pdf');
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ detail: 'Maximum 5 files per section. Please delete some files first.' });

    // Another user: every id-addressed route answers 404, as if nothing were there.
    const fileUrl = stored.files[0]!.url;
    expect((await bob.fetch(fileUrl)).status).toBe(404);
    expect((await bob.fetch(`/api/memories/${id}`)).status).toBe(404);
    expect((await uploadBytes(bob, url, pdfWith('intruder'), 'x.pdf')).status).toBe(404);
    expect((await bob.json(`/api/memories/${id}/tasks/${memory.tasks[0]!.id}`, { method: 'PUT', json: { status: 'complete' } })).status).toBe(404);
    expect((await bob.json(`/api/memories/${id}/notes`, { method: 'POST', json: { title: 'x', content: 'y' } })).status).toBe(404);
    expect((await bob.fetch(`/api/memories/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.fetch(`/api/memories/${id}/photo`)).status).toBe(404);
    expect((await bob.json('/api/memories')).body).toEqual({ memories: [] });
    expect((await bob.json('/api/memories?include=details')).body).toEqual({ memories: [], details: [] });

    const removed = await ann.json<MemoryDetail>(`${url}/${stored.files[0]!.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.documents.find((d) => d.id === doc.id)!.files).toHaveLength(4);
    expect(removed.body.documents.find((d) => d.id === doc.id)!.collected).toBe(true); // removing files keeps collected
    expect((await ann.fetch(fileUrl)).status).toBe(404);
    const invalid = await ann.json(`${url}/${stored.files[0]!.id}`, { method: 'DELETE' });
    expect(invalid.body).toMatchObject({ detail: 'Invalid file index' });
  });
});
