// What holds for every command, whatever its area. Each area's own rules are tested beside it:
// case.details, case.checklist, case.files, case.notes and case.erasure .unit.spec.ts.
import { describe, expect, it } from '@jest/globals';
import { decideCase, evolveCase, initialCaseState, type CaseCommand } from './case';
import type { CaseEvent } from './case.events';
import { AT, CASE, cmd, given, opened, pdf } from './case.testing';

describe('every command on a missing, deleted or someone else’s memory', () => {
  const commands: CaseCommand[] = [
    cmd('EditCaseDetails', { changes: { name: 'x' } }),
    cmd('ChangeCasePhoto', { photo: null }),
    cmd('CompleteTask', { taskId: 'item-1' }),
    cmd('ReopenTask', { taskId: 'item-1' }),
    cmd('CollectDocument', { documentId: 'item-13' }),
    cmd('UncollectDocument', { documentId: 'item-13' }),
    cmd('AttachDocumentFile', { documentId: 'item-13', file: pdf('f1') }),
    cmd('RemoveDocumentFile', { documentId: 'item-13', fileIndex: 0 }),
    cmd('AddAdditionalDocument', { documentId: 'extra-1', title: 'Letter', file: pdf('f1') }),
    cmd('RemoveAdditionalDocument', { documentId: 'extra-1' }),
    cmd('AddNote', { noteId: 'n1', title: 'Call', content: 'Solicitor rang' }),
    cmd('EditNote', { noteId: 'n1', title: 'Call', content: 'Solicitor rang' }),
    cmd('DeleteNote', { noteId: 'n1' }),
    cmd('DeleteCase', {}),
  ];
  it.each(commands.map((c) => [c.type, c] as const))('%s is refused as Case not found', (_type, command) => {
    given().when(command).thenRefused('CASE_NOT_FOUND', 'Case not found');
    given(...opened(), { type: 'CaseDeleted', data: { caseId: CASE, deletedAt: AT, fileIds: [] } })
      .when(command)
      .thenRefused('CASE_NOT_FOUND');
    given(...opened())
      .when({ ...command, actorId: 'someone-else' })
      .thenRefused('CASE_NOT_FOUND');
  });
});

describe('decideCase and evolveCase', () => {
  it('refuses an unknown event type loudly', () => {
    expect(() => evolveCase(initialCaseState, { type: 'Nope', data: {} } as unknown as CaseEvent)).toThrow('Unknown event Nope');
  });
  it('refuses an unknown command type loudly', () => {
    expect(() => decideCase({ ...cmd('DeleteCase', {}), type: 'Nope' } as unknown as CaseCommand, given(...opened()).state)).toThrow('Unknown command Nope');
  });
});
