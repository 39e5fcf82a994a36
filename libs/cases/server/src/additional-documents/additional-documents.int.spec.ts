import { CASE_MESSAGES } from '@afterwards/cases-domain';
import { GetMemory } from '../get-memory/get-memory.query';
import { pdfWith } from '@afterwards/testing/memories';
import { memoriesSuite } from '../memory-commands/memories-side.testing';
import { AdditionalDocumentsController } from './additional-documents.http.controller';

describe('Additional Documents: extra files kept with a memory', () => {
  const { side, route, ann, bob } = memoriesSuite({ route: (s) => new AdditionalDocumentsController(s.sessions, s.files, s.memories, s.queries) });
  const title = (text: string) => ({ 'x-document-title': encodeURIComponent(text) });

  it('adds a document holding the file, typed by its content, under the title given; removing it takes it off the memory', async () => {
    const id = await side().open(ann);
    const before = await side().queries.execute(new GetMemory(ann, id));
    const added = await route().add(side().upload(ann, pdfWith('bank'), 'Letter from the bank.pdf', title('Letter from the bank')), id);
    const extra = added.documents.find((d) => d.additional)!;
    expect(extra).toMatchObject({ title: 'Letter from the bank', collected: true });
    expect(extra.files).toEqual([expect.objectContaining({ fileName: 'Letter from the bank.pdf', fileType: 'application/pdf', fileSize: pdfWith('bank').length })]);
    expect(await side().files.read(extra.files[0]!.id)).toEqual(pdfWith('bank'));
    expect(added.memory.progress).toMatchObject({ documentsAdditional: 1, documentsTotal: before.documents.length + 1 });

    const removed = await route().remove(side().request(ann), id, extra.id);
    expect(removed.documents.map((d) => d.id)).toEqual(before.documents.map((d) => d.id));
    expect(removed.memory.progress.documentsAdditional).toBe(0);
  });

  it('refuses a file of another type or over 5 MB with the spec messages, keeping nothing', async () => {
    const id = await side().open(ann, 'Dad');
    const blobs = await side().files.countBlobs();
    await expect(route().add(side().upload(ann, Buffer.from('just some words'), 'notes.txt', title('Notes')), id)).rejects.toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: CASE_MESSAGES.fileType('notes.txt'),
    });
    await expect(route().add(side().upload(ann, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'huge.pdf', title('Huge')), id)).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: CASE_MESSAGES.fileTooLarge('huge.pdf'),
    });
    expect(await side().files.countBlobs()).toBe(blobs);
    expect((await side().queries.execute(new GetMemory(ann, id))).documents.some((d) => d.additional)).toBe(false);
  });

  it("answers 404 for someone else's memory before storing anything, refuses to remove a checklist document, and needs a session", async () => {
    const id = await side().open(ann, 'Gran');
    const blobs = await side().files.countBlobs();
    await expect(route().add(side().upload(bob, pdfWith('not-yours'), 'x.pdf', title('X')), id)).rejects.toMatchObject({ status: 404, code: 'CASE_NOT_FOUND' });
    expect(await side().files.countBlobs()).toBe(blobs);
    const checklistDocument = (await side().queries.execute(new GetMemory(ann, id))).documents[0]!;
    await expect(route().remove(side().request(ann), id, checklistDocument.id)).rejects.toMatchObject({ code: 'DOCUMENT_NOT_ADDITIONAL' });
    await expect(route().add(side().upload(undefined, pdfWith('anon'), 'a.pdf', title('A')), id)).rejects.toMatchObject({ status: 401, code: 'NOT_SIGNED_IN' });
  });
});
