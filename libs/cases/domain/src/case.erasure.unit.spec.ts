import { describe, expect, it } from '@jest/globals';
import { initialCaseState } from './case';
import { CASE, cmd, given, LATER, open, opened, pdf, stateAfter } from './case.testing';

describe('DeleteCase', () => {
  it('leaves a tombstone without personal data, and the folded state forgets everything', () => {
    const { events } = stateAfter(
      opened(),
      cmd('CompleteTask', { taskId: 'item-1' }),
      cmd('ChangeCasePhoto', { photo: { fileId: 'photo-1', fileType: 'image/jpeg', fileSize: 2000 } }),
      cmd('AttachDocumentFile', { documentId: 'item-13', file: pdf('f1') }),
      cmd('AddNote', { noteId: 'n1', title: 'Margaret', content: 'Mum loved the sea' }),
    );
    const when = given(...events).when(cmd('DeleteCase', {}));
    when.then([{ type: 'CaseDeleted', data: { caseId: CASE, deletedAt: LATER, fileIds: ['photo-1', 'f1'] } }]);
    expect(JSON.stringify(when.decided())).not.toMatch(/Margaret|Mum|England|sea|\.pdf/);
    expect(when.thenState()).toEqual({ ...initialCaseState, exists: true, deleted: true, caseId: CASE, updatedAt: LATER });
    given(...events, ...when.decided())
      .when(open())
      .thenRefused('CASE_ALREADY_EXISTS');
  });
});
