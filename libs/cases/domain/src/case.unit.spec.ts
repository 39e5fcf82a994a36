import { describe, expect, it } from '@jest/globals';
import { decideCase, evolveCase, foldCase, initialCaseState, type CaseCommand, type CaseState } from './case';
import { CaseError, type CaseErrorCode } from './case.errors';
import type { CaseEvent, FileEntry } from './case.events';

const OWNER = 'user-1';
const CASE = 'case-1';
const AT = '2026-03-20T10:00:00.000Z';
const LATER = '2026-03-21T09:00:00.000Z';

function ids(): () => string {
  let n = 0;
  return () => `item-${++n}`;
}

type Cmd<T extends CaseCommand['type']> = Omit<Extract<CaseCommand, { type: T }>, 'caseId' | 'actorId' | 'at' | 'type'> & Partial<Pick<CaseCommand, 'actorId' | 'at'>>;

function cmd<T extends CaseCommand['type']>(type: T, rest: Cmd<T>): CaseCommand {
  return { type, caseId: CASE, actorId: OWNER, at: LATER, ...rest } as unknown as CaseCommand;
}

const open = (details: Partial<Extract<CaseCommand, { type: 'OpenCase' }>['details']> = {}, extra: object = {}): CaseCommand =>
  ({
    type: 'OpenCase',
    caseId: CASE,
    actorId: OWNER,
    at: AT,
    ids: ids(),
    details: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09', ...details },
    ...extra,
  }) as CaseCommand;

/** given: the events already in the stream. */
function given(...events: CaseEvent[]): CaseState {
  return foldCase(events);
}
/** The events of a freshly opened memory. */
function opened(details = {}): CaseEvent[] {
  return decideCase(open(details), initialCaseState);
}
function stateAfter(events: CaseEvent[], ...more: CaseCommand[]): { state: CaseState; events: CaseEvent[] } {
  let state = given(...events);
  const all = [...events];
  for (const c of more) {
    const produced = decideCase(c, state);
    all.push(...produced);
    state = produced.reduce(evolveCase, state);
  }
  return { state, events: all };
}
function refused(command: CaseCommand, state: CaseState, code: CaseErrorCode, message?: string): CaseError {
  let error: unknown;
  try {
    decideCase(command, state);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(CaseError);
  expect((error as CaseError).code).toBe(code);
  if (message) expect((error as CaseError).message).toBe(message);
  return error as CaseError;
}

const pdf = (fileId: string, over: Partial<FileEntry> = {}) => ({
  fileId,
  fileName: `${fileId}.pdf`,
  fileSize: 1000,
  fileType: 'application/pdf',
  ...over,
});

describe('OpenCase', () => {
  it('when opened, then CaseOpened and ChecklistGenerated are decided together', () => {
    const events = decideCase(open({ relationship: 'Child', placeOfDeath: ' Leeds, UK ' }), initialCaseState);
    expect(events.map((e) => e.type)).toEqual(['CaseOpened', 'ChecklistGenerated']);
    const [caseOpened, checklist] = events as [Extract<CaseEvent, { type: 'CaseOpened' }>, Extract<CaseEvent, { type: 'ChecklistGenerated' }>];
    expect(caseOpened.data).toEqual({
      caseId: CASE,
      ownerId: OWNER,
      photo: null,
      openedAt: AT,
      details: {
        name: 'Mum',
        deceasedName: 'Margaret Ellis',
        jurisdiction: 'England',
        relationship: 'Child',
        dateOfDeath: '2026-03-09',
        dateOfBirth: null,
        placeOfDeath: 'Leeds, UK',
      },
    });
    expect(checklist.data).toMatchObject({ caseId: CASE, jurisdiction: 'England', templateVersion: '2026-11-21', generatedAt: AT });
    expect(checklist.data.tasks).toHaveLength(12);
    expect(checklist.data.documents).toHaveLength(20);
    expect(checklist.data.tasks[0]).toMatchObject({ id: 'item-1', templateKey: 'register-death', dueDate: '2026-03-14' });
  });

  it('then the folded memory has its checklist, all pending', () => {
    const state = given(...opened());
    expect(state).toMatchObject({ exists: true, deleted: false, ownerId: OWNER, templateVersion: '2026-11-21' });
    expect(state.tasks.every((t) => t.status === 'pending' && t.completedAt === null)).toBe(true);
    expect(state.documents.every((d) => !d.collected && d.files.length === 0 && !d.additional)).toBe(true);
  });

  it('when opened long after the death, then legal deadlines count from the death and suggested timings from the day it was opened', () => {
    const [, checklist] = decideCase(open({ jurisdiction: 'Ireland', dateOfDeath: '2025-09-20' }), initialCaseState) as [
      CaseEvent,
      Extract<CaseEvent, { type: 'ChecklistGenerated' }>,
    ];
    const task = (key: string) => checklist.data.tasks.find((t) => t.templateKey === key)!;
    expect(task('register-death')).toMatchObject({ deadlineKind: 'statutory', dueDate: '2025-12-20' });
    // Opened on 20 March 2026.
    expect(task('arrange-funeral')).toMatchObject({ deadlineKind: 'suggested', dueDate: '2026-03-27' });
    expect(task('distribute-estate').dueDate).toBe('2027-03-20');
  });

  it('given a checklist recorded before tasks carried their deadline rule, then folding gives each task its rule from the template', () => {
    const [caseOpened, checklist] = decideCase(open({ jurisdiction: 'Scotland' }), initialCaseState) as [CaseEvent, Extract<CaseEvent, { type: 'ChecklistGenerated' }>];
    const legacyTasks = checklist.data.tasks.map(({ deadlineKind: _k, deadlineBasis: _b, clockStartsFrom: _c, lateNote: _l, ...rest }) => rest);
    const state = given(caseOpened, { ...checklist, data: { ...checklist.data, tasks: legacyTasks } } as CaseEvent);
    const register = state.tasks.find((t) => t.templateKey === 'register-death')!;
    expect(register).toMatchObject({ deadlineKind: 'statutory', deadlineBasis: 'calendar', clockStartsFrom: null });
    expect(register.lateNote).toContain('registration office in Scotland');
    expect(state.tasks.find((t) => t.templateKey === 'arrange-funeral')!.deadlineKind).toBe('suggested');
  });

  it.each(['Scotland', 'Northern Ireland', 'Ireland', 'Wales'])('generates the %s checklist', (jurisdiction) => {
    const [, checklist] = decideCase(open({ jurisdiction }), initialCaseState);
    expect(checklist).toMatchObject({ type: 'ChecklistGenerated', data: { jurisdiction } });
  });

  it('keeps a valid photo', () => {
    const photo = { fileId: 'photo-1', fileType: 'image/webp', fileSize: 5_242_880 };
    const [caseOpened] = decideCase(open({}, { photo }), initialCaseState);
    expect(caseOpened).toMatchObject({ data: { photo } });
  });

  it.each([
    ['name', { name: '  ' }],
    ['deceasedName', { deceasedName: '' }],
    ['jurisdiction', { jurisdiction: '' }],
  ])('refuses a missing %s with the spec message', (path, details) => {
    const error = refused(open(details), initialCaseState, 'CASE_INVALID', 'Please fill in all required fields');
    expect(error.errors.map((e) => e.path)).toEqual([path]);
  });

  it.each([
    [{ jurisdiction: 'Wessex' }, 'jurisdiction', 'Please choose England, Wales, Scotland, Northern Ireland or Ireland.'],
    [{ relationship: 'Neighbour' }, 'relationship', 'Please choose a relationship from the list.'],
    [{ dateOfDeath: '2026-02-30' }, 'dateOfDeath', 'Please enter a real date.'],
    [{ dateOfDeath: '2026-03-21' }, 'dateOfDeath', 'The date of death cannot be in the future.'],
    [{ dateOfBirth: '2026-03-10' }, 'dateOfBirth', 'The date of birth must be on or before the date of death.'],
    [{ name: 'x'.repeat(256) }, 'name', 'Memory name must be 255 characters or fewer.'],
  ])('refuses %j', (details, path, message) => {
    const error = refused(open(details), initialCaseState, 'CASE_INVALID', message);
    expect(error.errors[0]!.path).toBe(path);
  });

  it.each([
    [{ fileId: 'p', fileType: 'image/png', fileSize: 5_242_881 }, 'PHOTO_TOO_LARGE', 'Image size must be less than 5MB'],
    [{ fileId: 'p', fileType: 'image/svg+xml', fileSize: 10 }, 'PHOTO_TYPE_NOT_ALLOWED', 'Please select a valid image file (JPEG, PNG, GIF, or WebP)'],
  ] as const)('refuses a bad photo %j', (photo, code, message) => {
    refused(open({}, { photo }), initialCaseState, code, message);
  });

  it('refuses to open the same memory twice', () => {
    refused(open(), given(...opened()), 'CASE_ALREADY_EXISTS');
  });

  it('refuses an unknown template version', () => {
    expect(() => decideCase(open({}, { templateVersion: '1999-01-01' }), initialCaseState)).toThrow(
      expect.objectContaining({ code: 'CHECKLIST_TEMPLATE_VERSION_UNKNOWN' }) as unknown as Error,
    );
  });
});

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
    refused(command, initialCaseState, 'CASE_NOT_FOUND', 'Case not found');
    refused(command, given(...opened(), { type: 'CaseDeleted', data: { caseId: CASE, deletedAt: AT, fileIds: [] } }), 'CASE_NOT_FOUND');
    refused({ ...command, actorId: 'someone-else' }, given(...opened()), 'CASE_NOT_FOUND');
  });
});

describe('EditCaseDetails', () => {
  it('records only the fields that changed, trimmed', () => {
    const events = decideCase(cmd('EditCaseDetails', { changes: { name: ' Mum ', placeOfDeath: ' York ' } }), given(...opened()));
    expect(events).toEqual([{ type: 'CaseDetailsEdited', data: { caseId: CASE, changes: { placeOfDeath: 'York' }, editedAt: LATER } }]);
  });

  it('decides nothing when nothing changed', () => {
    expect(decideCase(cmd('EditCaseDetails', { changes: { name: 'Mum' } }), given(...opened()))).toEqual([]);
  });

  it('clears an optional field sent empty', () => {
    const state = given(...opened({ placeOfDeath: 'York' }));
    expect(decideCase(cmd('EditCaseDetails', { changes: { placeOfDeath: '' } }), state)).toMatchObject([{ data: { changes: { placeOfDeath: null } } }]);
  });

  it.each([{ name: '' }, { deceasedName: '  ' }, { name: null }])('refuses %j with the spec message', (changes) => {
    refused(cmd('EditCaseDetails', { changes }), given(...opened()), 'CASE_INVALID', 'Please enter both case name and deceased name.');
  });

  it('refuses an impossible date', () => {
    refused(cmd('EditCaseDetails', { changes: { dateOfBirth: '2027-01-01' } }), given(...opened()), 'CASE_INVALID');
  });

  it('moves every due date when the date of death changes', () => {
    const { state } = stateAfter(opened(), cmd('EditCaseDetails', { changes: { dateOfDeath: '2026-03-01' } }));
    expect(state.details!.dateOfDeath).toBe('2026-03-01');
    expect(state.tasks.find((t) => t.templateKey === 'register-death')!.dueDate).toBe('2026-03-06');
    // Suggested timings still count from the day the memory was opened (20 March), later than the new date.
    expect(state.tasks.find((t) => t.templateKey === 'arrange-funeral')!.dueDate).toBe('2026-03-27');
    const cleared = stateAfter(opened(), cmd('EditCaseDetails', { changes: { dateOfDeath: null } })).state;
    expect(cleared.tasks.every((t) => t.dueDate === null)).toBe(true);
  });
});

describe('ChangeCasePhoto', () => {
  const photo = { fileId: 'photo-1', fileType: 'image/jpeg', fileSize: 2000 };
  it('sets, replaces and removes the photo, naming the previous file', () => {
    const { state, events } = stateAfter(
      opened(),
      cmd('ChangeCasePhoto', { photo }),
      cmd('ChangeCasePhoto', { photo: { ...photo, fileId: 'photo-2' } }),
      cmd('ChangeCasePhoto', { photo: null }),
    );
    expect(events.slice(2).map((e) => e.data)).toEqual([
      { caseId: CASE, photo, previousFileId: null, changedAt: LATER },
      { caseId: CASE, photo: { ...photo, fileId: 'photo-2' }, previousFileId: 'photo-1', changedAt: LATER },
      { caseId: CASE, photo: null, previousFileId: 'photo-2', changedAt: LATER },
    ]);
    expect(state.photo).toBeNull();
  });
  it('decides nothing when removing a photo that is not there or setting the same one', () => {
    expect(decideCase(cmd('ChangeCasePhoto', { photo: null }), given(...opened()))).toEqual([]);
    const withPhoto = stateAfter(opened(), cmd('ChangeCasePhoto', { photo })).state;
    expect(decideCase(cmd('ChangeCasePhoto', { photo }), withPhoto)).toEqual([]);
  });
  it('refuses a photo that is too large or not an image', () => {
    refused(cmd('ChangeCasePhoto', { photo: { ...photo, fileSize: 6_000_000 } }), given(...opened()), 'PHOTO_TOO_LARGE');
    refused(cmd('ChangeCasePhoto', { photo: { ...photo, fileType: 'application/pdf' } }), given(...opened()), 'PHOTO_TYPE_NOT_ALLOWED');
  });
});

describe('tasks', () => {
  it('completes a pending task with the time given', () => {
    const { state, events } = stateAfter(opened(), cmd('CompleteTask', { taskId: 'item-1' }));
    expect(events.at(-1)).toEqual({ type: 'TaskCompleted', data: { caseId: CASE, taskId: 'item-1', completedAt: LATER } });
    expect(state.tasks[0]).toMatchObject({ status: 'complete', completedAt: LATER });
  });
  it('completing twice (two tabs) decides nothing the second time', () => {
    const { state } = stateAfter(opened(), cmd('CompleteTask', { taskId: 'item-1' }));
    expect(decideCase(cmd('CompleteTask', { taskId: 'item-1' }), state)).toEqual([]);
  });
  it('reopens a completed task and clears its completed date', () => {
    const { state, events } = stateAfter(opened(), cmd('CompleteTask', { taskId: 'item-1' }), cmd('ReopenTask', { taskId: 'item-1' }));
    expect(events.at(-1)).toEqual({ type: 'TaskReopened', data: { caseId: CASE, taskId: 'item-1', reopenedAt: LATER } });
    expect(state.tasks[0]).toMatchObject({ status: 'pending', completedAt: null });
  });
  it('reopening a pending task decides nothing', () => {
    expect(decideCase(cmd('ReopenTask', { taskId: 'item-1' }), given(...opened()))).toEqual([]);
  });
  it('refuses an unknown task', () => {
    refused(cmd('CompleteTask', { taskId: 'nope' }), given(...opened()), 'TASK_NOT_FOUND');
    refused(cmd('ReopenTask', { taskId: 'nope' }), given(...opened()), 'TASK_NOT_FOUND');
  });
});

describe('documents', () => {
  const DOC = 'item-13'; // the first document (after 12 tasks)
  it('collects and uncollects a document', () => {
    const { state, events } = stateAfter(opened(), cmd('CollectDocument', { documentId: DOC }));
    expect(events.at(-1)).toEqual({ type: 'DocumentCollected', data: { caseId: CASE, documentId: DOC, collectedAt: LATER } });
    expect(state.documents[0]).toMatchObject({ id: DOC, collected: true, collectedAt: LATER });
    expect(decideCase(cmd('CollectDocument', { documentId: DOC }), state)).toEqual([]);
    const after = stateAfter(events, cmd('UncollectDocument', { documentId: DOC }));
    expect(after.events.at(-1)).toEqual({ type: 'DocumentUncollected', data: { caseId: CASE, documentId: DOC, uncollectedAt: LATER } });
    expect(after.state.documents[0]).toMatchObject({ collected: false, collectedAt: null });
    expect(decideCase(cmd('UncollectDocument', { documentId: DOC }), after.state)).toEqual([]);
  });
  it('refuses an unknown document', () => {
    for (const c of [
      cmd('CollectDocument', { documentId: 'nope' }),
      cmd('UncollectDocument', { documentId: 'nope' }),
      cmd('AttachDocumentFile', { documentId: 'nope', file: pdf('f') }),
      cmd('RemoveDocumentFile', { documentId: 'nope', fileIndex: 0 }),
    ]) {
      refused(c, given(...opened()), 'DOCUMENT_NOT_FOUND');
    }
  });

  describe('files', () => {
    it('attaching the first file also marks the document collected', () => {
      const { state, events } = stateAfter(opened(), cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }));
      expect(events.slice(2)).toEqual([
        { type: 'DocumentFileAttached', data: { caseId: CASE, documentId: DOC, file: { ...pdf('f1'), uploadedAt: LATER } } },
        { type: 'DocumentCollected', data: { caseId: CASE, documentId: DOC, collectedAt: LATER } },
      ]);
      expect(state.documents[0]).toMatchObject({ collected: true, files: [{ fileId: 'f1', uploadedAt: LATER }] });
    });
    it('attaching to a collected document adds only the file; the same file twice decides nothing', () => {
      const { state } = stateAfter(opened(), cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }));
      expect(decideCase(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f2') }), state).map((e) => e.type)).toEqual(['DocumentFileAttached']);
      expect(decideCase(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }), state)).toEqual([]);
    });
    it.each([['application/pdf'], ['image/jpeg'], ['image/png'], ['application/msword'], ['application/vnd.openxmlformats-officedocument.wordprocessingml.document']])(
      'accepts %s',
      (fileType) => {
        expect(decideCase(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f', { fileType }) }), given(...opened()))).toHaveLength(2);
      },
    );
    it('accepts exactly 5 MB and refuses one byte more with the spec message', () => {
      expect(decideCase(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f', { fileSize: 5_242_880 }) }), given(...opened()))).toHaveLength(2);
      refused(
        cmd('AttachDocumentFile', { documentId: DOC, file: pdf('big', { fileName: 'scan.pdf', fileSize: 5_242_881 }) }),
        given(...opened()),
        'FILE_TOO_LARGE',
        'File scan.pdf is too large (max 5MB)',
      );
    });
    it('refuses a type detected from content outside the list, whatever its name', () => {
      refused(
        cmd('AttachDocumentFile', { documentId: DOC, file: pdf('x', { fileName: 'will.pdf', fileType: 'application/x-msdownload' }) }),
        given(...opened()),
        'FILE_TYPE_NOT_ALLOWED',
        'File will.pdf is not a PDF, JPG, PNG, DOC or DOCX file',
      );
    });
    it('refuses a sixth file with the spec message', () => {
      const five = [1, 2, 3, 4, 5].map((n) => cmd('AttachDocumentFile', { documentId: DOC, file: pdf(`f${n}`) }));
      const { state } = stateAfter(opened(), ...five);
      expect(state.documents[0]!.files).toHaveLength(5);
      refused(cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f6') }), state, 'FILE_LIMIT_REACHED', 'Maximum 5 files per section. Please delete some files first.');
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
      const { state } = stateAfter(opened(), cmd('AttachDocumentFile', { documentId: DOC, file: pdf('f1') }));
      refused(cmd('RemoveDocumentFile', { documentId: DOC, fileIndex }), state, 'FILE_INDEX_INVALID', 'Invalid file index');
    });
  });

  describe('additional documents', () => {
    it('adds an additional document, collected, with its file; title and file name cut to 255', () => {
      const long = pdf('x1', { fileName: `${'n'.repeat(300)}.pdf`, fileType: 'application/pdf' });
      const { state, events } = stateAfter(opened(), cmd('AddAdditionalDocument', { documentId: 'extra-1', title: 't'.repeat(300), description: ' ', file: long }));
      const added = events.at(-1) as Extract<CaseEvent, { type: 'AdditionalDocumentAdded' }>;
      expect(added.type).toBe('AdditionalDocumentAdded');
      expect(added.data.title).toHaveLength(255);
      expect(added.data.description).toBeNull();
      expect(added.data.file.fileName).toHaveLength(255);
      expect(state.documents.at(-1)).toMatchObject({ id: 'extra-1', additional: true, category: 'additional', collected: true, collectedAt: LATER });
    });
    it('uses the file name when the title is blank, and decides nothing for a repeated id', () => {
      const { state, events } = stateAfter(opened(), cmd('AddAdditionalDocument', { documentId: 'extra-1', title: ' ', file: pdf('x1') }));
      expect(events.at(-1)).toMatchObject({ data: { title: 'x1.pdf' } });
      expect(decideCase(cmd('AddAdditionalDocument', { documentId: 'extra-1', title: 'again', file: pdf('x2') }), state)).toEqual([]);
    });
    it('refuses a bad file', () => {
      refused(cmd('AddAdditionalDocument', { documentId: 'e', title: 'a', file: pdf('x', { fileSize: 9e6 }) }), given(...opened()), 'FILE_TOO_LARGE');
      refused(cmd('AddAdditionalDocument', { documentId: 'e', title: 'a', file: pdf('x', { fileType: 'text/html' }) }), given(...opened()), 'FILE_TYPE_NOT_ALLOWED');
    });
    it('removes an additional document and names every blob to delete', () => {
      const { state, events } = stateAfter(
        opened(),
        cmd('AddAdditionalDocument', { documentId: 'extra-1', title: 'Letter', file: pdf('x1') }),
        cmd('AttachDocumentFile', { documentId: 'extra-1', file: pdf('x2') }),
        cmd('RemoveAdditionalDocument', { documentId: 'extra-1' }),
      );
      expect(events.at(-1)).toEqual({
        type: 'AdditionalDocumentRemoved',
        data: { caseId: CASE, documentId: 'extra-1', fileIds: ['x1', 'x2'], removedAt: LATER },
      });
      expect(state.documents.some((d) => d.id === 'extra-1')).toBe(false);
      refused(cmd('RemoveAdditionalDocument', { documentId: 'extra-1' }), state, 'DOCUMENT_NOT_FOUND', 'Document not found: extra-1');
      refused(cmd('RemoveAdditionalDocument', { documentId: 'never-added' }), given(...opened()), 'DOCUMENT_NOT_FOUND');
    });
    it('refuses to remove a checklist document', () => {
      refused(cmd('RemoveAdditionalDocument', { documentId: DOC }), given(...opened()), 'DOCUMENT_NOT_ADDITIONAL');
    });
  });
});

describe('DeleteCase', () => {
  it('leaves a tombstone without personal data, and the folded state forgets everything', () => {
    const { state, events } = stateAfter(
      opened(),
      cmd('CompleteTask', { taskId: 'item-1' }),
      cmd('AttachDocumentFile', { documentId: 'item-13', file: pdf('f1') }),
      cmd('AddNote', { noteId: 'n1', title: 'Margaret', content: 'Mum loved the sea' }),
      cmd('DeleteCase', {}),
    );
    const tombstone = events.at(-1)!;
    expect(tombstone).toEqual({ type: 'CaseDeleted', data: { caseId: CASE, deletedAt: LATER, fileIds: ['f1'] } });
    expect(JSON.stringify(tombstone)).not.toMatch(/Margaret|Mum|England|sea|\.pdf/);
    expect(state).toEqual({ ...initialCaseState, exists: true, deleted: true, caseId: CASE, updatedAt: LATER });
    refused(open(), state, 'CASE_ALREADY_EXISTS');
  });
});

describe('notes', () => {
  const add = (extra: object = {}) => cmd('AddNote', { noteId: 'n1', title: ' Call ', content: ' Solicitor rang ', ...extra });
  it('adds a trimmed note, general by default', () => {
    const { state, events } = stateAfter(opened(), add());
    expect(events.at(-1)).toEqual({
      type: 'NoteAdded',
      data: { caseId: CASE, noteId: 'n1', title: 'Call', content: 'Solicitor rang', category: 'general', addedAt: LATER },
    });
    expect(state.notes).toEqual([{ id: 'n1', title: 'Call', content: 'Solicitor rang', category: 'general', version: 0, createdAt: LATER, updatedAt: LATER }]);
  });
  it.each([
    [{ title: '  ' }, 'Please enter both title and content for the note.'],
    [{ content: '' }, 'Please enter both title and content for the note.'],
    [{ category: 'gossip' }, 'Please choose a note category from the list.'],
    [{ title: 'x'.repeat(256) }, 'Title must be 255 characters or fewer.'],
  ])('refuses %j', (extra, message) => {
    refused(add(extra), given(...opened()), 'NOTE_INVALID', message);
  });
  it('keeps note text exactly as typed, markup included', () => {
    const { state } = stateAfter(opened(), add({ content: '<img src=x onerror=alert(1)>' }));
    expect(state.notes[0]!.content).toBe('<img src=x onerror=alert(1)>');
  });
  it('edits with the version the form was filled from, and refuses a stale one', () => {
    const { state } = stateAfter(opened(), add(), cmd('EditNote', { noteId: 'n1', title: 'Call', content: 'Rang back', expectedVersion: 0 }));
    expect(state.notes[0]).toMatchObject({ content: 'Rang back', version: 1 });
    refused(cmd('EditNote', { noteId: 'n1', title: 'Call', content: 'Other tab', expectedVersion: 0 }), state, 'NOTE_CHANGED');
    refused(cmd('EditNote', { noteId: 'nope', title: 'a', content: 'b' }), state, 'NOTE_NOT_FOUND', 'Note not found');
  });
  it('deletes once; deleting it again, or a note that never existed, is refused as Note not found', () => {
    const { state } = stateAfter(opened(), add(), cmd('DeleteNote', { noteId: 'n1' }));
    expect(state.notes).toEqual([]);
    refused(cmd('DeleteNote', { noteId: 'n1' }), state, 'NOTE_NOT_FOUND', 'Note not found');
    refused(cmd('DeleteNote', { noteId: 'nope' }), given(...opened()), 'NOTE_NOT_FOUND');
  });
});

describe('stale detail edits', () => {
  it('refuses an edit made from an older version of the details', () => {
    const { state } = stateAfter(opened(), cmd('EditCaseDetails', { changes: { name: 'Mother' }, expectedDetailsVersion: 0 }));
    expect(state.detailsVersion).toBe(1);
    refused(cmd('EditCaseDetails', { changes: { name: 'Mam' }, expectedDetailsVersion: 0 }), state, 'CASE_CHANGED');
  });
});

describe('evolveCase', () => {
  it('tracks when the memory last changed', () => {
    const { state } = stateAfter(opened(), cmd('CompleteTask', { taskId: 'item-2', at: '2026-03-22T08:00:00.000Z' }));
    expect(state.openedAt).toBe(AT);
    expect(state.updatedAt).toBe('2026-03-22T08:00:00.000Z');
  });
  it('refuses an unknown event type loudly', () => {
    expect(() => evolveCase(initialCaseState, { type: 'Nope', data: {} } as unknown as CaseEvent)).toThrow('Unknown event Nope');
  });
  it('refuses an unknown command type loudly', () => {
    expect(() => decideCase({ ...cmd('DeleteCase', {}), type: 'Nope' } as unknown as CaseCommand, given(...opened()))).toThrow('Unknown command Nope');
  });
});
