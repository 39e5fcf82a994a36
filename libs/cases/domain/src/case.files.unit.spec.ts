import { describe, expect, it } from '@jest/globals';
import type { CaseEvent } from './case.events';
import { CASE, cmd, FIRST_DOCUMENT as DOC, given, LATER, opened, pdf, stateAfter } from './case.testing';

describe('files on a checklist document', () => {
  it('refuses an unknown document', () => {
    for (const c of [cmd('AttachDocumentFile', { documentId: 'nope', file: pdf('f') }), cmd('RemoveDocumentFile', { documentId: 'nope', fileIndex: 0 })]) {
      given(...opened())
        .when(c)
        .thenRefused('DOCUMENT_NOT_FOUND');
    }
  });
  it('attaching the first file also marks the document collected', () => {
    const when = given(...opened()).when(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }));
    when.then([
      { type: 'DocumentFileAttached', data: { caseId: CASE, documentId: DOC, file: { ...pdf('f1'), uploadedAt: LATER } } },
      { type: 'DocumentCollected', data: { caseId: CASE, documentId: DOC, collectedAt: LATER } },
    ]);
    expect(when.thenState().documents[0]).toMatchObject({ collected: true, files: [{ fileId: 'f1', uploadedAt: LATER }] });
  });
  it('attaching to a collected document adds only the file; the same file twice decides nothing', () => {
    const { events } = stateAfter(opened(), cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }));
    const decided = given(...events)
      .when(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f2') }))
      .decided();
    expect(decided.map((e) => e.type)).toEqual(['DocumentFileAttached']);
    given(...events)
      .when(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }))
      .thenNothing();
  });
  it.each([['application/pdf'], ['image/jpeg'], ['image/png'], ['application/msword'], ['application/vnd.openxmlformats-officedocument.wordprocessingml.document']])(
    'accepts %s',
    (fileType) => {
      const decided = given(...opened())
        .when(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f', { fileType }) }))
        .decided();
      expect(decided).toHaveLength(2);
    },
  );
  it('accepts exactly 5 MB and refuses one byte more with the spec message', () => {
    const decided = given(...opened())
      .when(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f', { fileSize: 5_242_880 }) }))
      .decided();
    expect(decided).toHaveLength(2);
    given(...opened())
      .when(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('big', { fileName: 'scan.pdf', fileSize: 5_242_881 }) }))
      .thenRefused('FILE_TOO_LARGE', 'File scan.pdf is too large (max 5MB)');
  });
  it('refuses a type detected from content outside the list, whatever its name', () => {
    given(...opened())
      .when(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('x', { fileName: 'will.pdf', fileType: 'application/x-msdownload' }) }))
      .thenRefused('FILE_TYPE_NOT_ALLOWED', 'File will.pdf is not a PDF, JPG, PNG, DOC or DOCX file');
  });
  it('refuses a sixth file with the spec message', () => {
    const five = [1, 2, 3, 4, 5].map((n) => cmd('AttachDocumentFile', { documentId: DOC, file: pdf(`f${n}`) }));
    const { state, events } = stateAfter(opened(), ...five);
    expect(state.documents[0]!.files).toHaveLength(5);
    given(...events)
      .when(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f6') }))
      .thenRefused('FILE_LIMIT_REACHED', 'Maximum 5 files per section. Please delete some files first.');
  });
  it('removes a file by index, naming the blob, and keeps the document collected', () => {
    const { state, events } = stateAfter(
      opened(),
      cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }),
      cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f2') }),
      cmd('RemoveDocumentFile', { documentId: DOC, fileIndex: 0 }),
      cmd('RemoveDocumentFile', { documentId: DOC, fileIndex: 0 }),
    );
    expect(events.filter((e) => e.type === 'DocumentFileRemoved').map((e) => e.data)).toEqual([
      { caseId: CASE, documentId: DOC, fileIndex: 0, fileId: 'f1', removedAt: LATER },
      { caseId: CASE, documentId: DOC, fileIndex: 0, fileId: 'f2', removedAt: LATER },
    ]);
    expect(state.documents[0]).toMatchObject({ files: [], collected: true });
  });
  it.each([-1, 1, 0.5, Number.NaN])('refuses file index %p with the spec message', (fileIndex) => {
    const { events } = stateAfter(opened(), cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }));
    given(...events)
      .when(cmd('RemoveDocumentFile', { documentId: DOC, fileIndex }))
      .thenRefused('FILE_INDEX_INVALID', 'Invalid file index');
  });
});

describe('additional documents', () => {
  it('adds an additional document, collected, with its file; title and file name cut to 255', () => {
    const long = pdf('x1', { fileName: `${'n'.repeat(300)}.pdf`, fileType: 'application/pdf' });
    const when = given(...opened()).when(cmd('AddAdditionalDocument', { documentId: 'extra-1', title: 't'.repeat(300), description: ' ', file: long }));
    const [added] = when.decided() as [Extract<CaseEvent, { type: 'AdditionalDocumentAdded' }>];
    expect(added.type).toBe('AdditionalDocumentAdded');
    expect(added.data.title).toHaveLength(255);
    expect(added.data.description).toBeNull();
    expect(added.data.file.fileName).toHaveLength(255);
    expect(when.thenState().documents.at(-1)).toMatchObject({ id: 'extra-1', additional: true, category: 'additional', collected: true, collectedAt: LATER });
  });
  it('uses the file name when the title is blank, and decides nothing for a repeated id', () => {
    const { events } = stateAfter(opened(), cmd('AddAdditionalDocument', { documentId: 'extra-1', title: ' ', file: pdf('x1') }));
    expect(events.at(-1)).toMatchObject({ data: { title: 'x1.pdf' } });
    given(...events)
      .when(cmd('AddAdditionalDocument', { documentId: 'extra-1', title: 'again', file: pdf('x2') }))
      .thenNothing();
  });
  it('refuses a bad file', () => {
    given(...opened())
      .when(cmd('AddAdditionalDocument', { documentId: 'e', title: 'a', file: pdf('x', { fileSize: 9e6 }) }))
      .thenRefused('FILE_TOO_LARGE');
    given(...opened())
      .when(cmd('AddAdditionalDocument', { documentId: 'e', title: 'a', file: pdf('x', { fileType: 'text/html' }) }))
      .thenRefused('FILE_TYPE_NOT_ALLOWED');
  });
  it('removes an additional document and names every blob to delete', () => {
    const { events } = stateAfter(
      opened(),
      cmd('AddAdditionalDocument', { documentId: 'extra-1', title: 'Letter', file: pdf('x1') }),
      cmd('AttachDocumentFile', { documentId: 'extra-1', file: pdf('x2') }),
    );
    const remove = given(...events).when(cmd('RemoveAdditionalDocument', { documentId: 'extra-1' }));
    remove.then([{ type: 'AdditionalDocumentRemoved', data: { caseId: CASE, documentId: 'extra-1', fileIds: ['x1', 'x2'], removedAt: LATER } }]);
    expect(remove.thenState().documents.some((d) => d.id === 'extra-1')).toBe(false);

    const removed = [...events, ...remove.decided()];
    given(...removed)
      .when(cmd('RemoveAdditionalDocument', { documentId: 'extra-1' }))
      .thenRefused('DOCUMENT_NOT_FOUND', 'Document not found: extra-1');
    given(...opened())
      .when(cmd('RemoveAdditionalDocument', { documentId: 'never-added' }))
      .thenRefused('DOCUMENT_NOT_FOUND');
  });
  it('refuses to remove a checklist document', () => {
    given(...opened())
      .when(cmd('RemoveAdditionalDocument', { documentId: DOC }))
      .thenRefused('DOCUMENT_NOT_ADDITIONAL');
  });
});
