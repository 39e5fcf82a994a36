import { describe, expect, it } from '@jest/globals';
import { decideCase, initialCaseState } from './case';
import type { CaseEvent } from './case.events';
import { AT, CASE, cmd, given, LATER, open, opened, OWNER, stateAfter } from './case.testing';

describe('OpenCase', () => {
  it('when opened, then CaseOpened and ChecklistGenerated are decided together', () => {
    const events = given()
      .when(open({ relationship: 'Child', placeOfDeath: ' Leeds, UK ' }))
      .decided();
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
    expect(checklist.data).toMatchObject({ caseId: CASE, jurisdiction: 'England', templateVersion: '2026-11-27', generatedAt: AT });
    expect(checklist.data.tasks).toHaveLength(12);
    expect(checklist.data.documents).toHaveLength(20);
    expect(checklist.data.tasks[0]).toMatchObject({ id: 'item-1', templateKey: 'register-death', dueDate: '2026-03-14' });
  });

  it('then the folded memory has its checklist, all pending', () => {
    const { state } = given(...opened());
    expect(state).toMatchObject({ exists: true, deleted: false, ownerId: OWNER, templateVersion: '2026-11-27' });
    expect(state.tasks.every((t) => t.status === 'pending' && t.completedAt === null)).toBe(true);
    expect(state.documents.every((d) => !d.collected && d.files.length === 0 && !d.additional)).toBe(true);
  });

  it('when opened long after the death, then legal deadlines count from the death and suggested timings from the day it was opened', () => {
    const [, checklist] = given()
      .when(open({ jurisdiction: 'Ireland', dateOfDeath: '2025-09-20' }))
      .decided() as [CaseEvent, Extract<CaseEvent, { type: 'ChecklistGenerated' }>];
    const task = (key: string) => checklist.data.tasks.find((t) => t.templateKey === key)!;
    expect(task('register-death')).toMatchObject({ deadlineKind: 'statutory', dueDate: '2025-12-20' });
    // Opened on 20 March 2026.
    expect(task('arrange-funeral')).toMatchObject({ deadlineKind: 'suggested', dueDate: '2026-03-27' });
    expect(task('distribute-estate').dueDate).toBe('2027-03-20');
  });

  it('given a checklist recorded before tasks carried their deadline rule, then folding gives each task its rule from the template', () => {
    const [caseOpened, checklist] = decideCase(open({ jurisdiction: 'Scotland' }), initialCaseState) as [CaseEvent, Extract<CaseEvent, { type: 'ChecklistGenerated' }>];
    const legacyTasks = checklist.data.tasks.map(({ deadlineKind: _k, deadlineBasis: _b, clockStartsFrom: _c, lateNote: _l, ...rest }) => rest);
    const { state } = given(caseOpened, { ...checklist, data: { ...checklist.data, tasks: legacyTasks } } as CaseEvent);
    const register = state.tasks.find((t) => t.templateKey === 'register-death')!;
    expect(register).toMatchObject({ deadlineKind: 'statutory', deadlineBasis: 'calendar', clockStartsFrom: null });
    expect(register.lateNote).toContain('registration office in Scotland');
    expect(state.tasks.find((t) => t.templateKey === 'arrange-funeral')!.deadlineKind).toBe('suggested');
  });

  it.each(['Scotland', 'Northern Ireland', 'Ireland', 'Wales'])('generates the %s checklist', (jurisdiction) => {
    const [, checklist] = given().when(open({ jurisdiction })).decided();
    expect(checklist).toMatchObject({ type: 'ChecklistGenerated', data: { jurisdiction } });
  });

  it('keeps a valid photo', () => {
    const photo = { fileId: 'photo-1', fileType: 'image/webp', fileSize: 5_242_880 };
    const [caseOpened] = given().when(open({}, { photo })).decided();
    expect(caseOpened).toMatchObject({ data: { photo } });
  });

  it.each([
    ['name', { name: '  ' }],
    ['deceasedName', { deceasedName: '' }],
    ['jurisdiction', { jurisdiction: '' }],
  ])('refuses a missing %s with the spec message', (path, details) => {
    const error = given().when(open(details)).thenRefused('CASE_INVALID', 'Please fill in all required fields');
    expect(error.errors.map((e) => e.path)).toEqual([path]);
  });

  it.each([
    [{ jurisdiction: 'Wessex' }, 'jurisdiction', 'Please choose England, Wales, Scotland, Northern Ireland or Ireland.'],
    [{ relationship: 'Neighbour' }, 'relationship', 'Please choose a relationship from the list.'],
    [{ dateOfDeath: '2026-02-30' }, 'dateOfDeath', 'Please enter a real date.'],
    [{ dateOfDeath: '2026-03-21' }, 'dateOfDeath', 'The date of death cannot be in the future.'],
    [{ dateOfBirth: '2026-03-10' }, 'dateOfBirth', 'The date of birth must be on or before the date of death.'],
    // Without a date of death, a date of birth in the future says so (issue 40, item 10).
    [{ dateOfDeath: null, dateOfBirth: '2026-03-21' }, 'dateOfBirth', 'The date of birth cannot be in the future.'],
    [{ name: 'x'.repeat(256) }, 'name', 'Memory name must be 255 characters or fewer.'],
  ])('refuses %j', (details, path, message) => {
    const error = given().when(open(details)).thenRefused('CASE_INVALID', message);
    expect(error.errors[0]!.path).toBe(path);
  });

  it.each([
    [{ fileId: 'p', fileType: 'image/png', fileSize: 5_242_881 }, 'PHOTO_TOO_LARGE', 'Image size must be less than 5MB'],
    [{ fileId: 'p', fileType: 'image/svg+xml', fileSize: 10 }, 'PHOTO_TYPE_NOT_ALLOWED', 'Please select a valid image file (JPEG, PNG, GIF, or WebP)'],
  ] as const)('refuses a bad photo %j', (photo, code, message) => {
    given().when(open({}, { photo })).thenRefused(code, message);
  });

  it('refuses to open the same memory twice', () => {
    given(...opened())
      .when(open())
      .thenRefused('CASE_ALREADY_EXISTS');
  });

  it('refuses an unknown template version', () => {
    expect(() =>
      given()
        .when(open({}, { templateVersion: '1999-01-01' }))
        .decided(),
    ).toThrow(expect.objectContaining({ code: 'CHECKLIST_TEMPLATE_VERSION_UNKNOWN' }) as unknown as Error);
  });
});

describe('EditCaseDetails', () => {
  it('records only the fields that changed, trimmed', () => {
    given(...opened())
      .when(cmd('EditCaseDetails', { changes: { name: ' Mum ', placeOfDeath: ' York ' } }))
      .then([{ type: 'CaseDetailsEdited', data: { caseId: CASE, changes: { placeOfDeath: 'York' }, editedAt: LATER } }]);
  });

  it('decides nothing when nothing changed', () => {
    given(...opened())
      .when(cmd('EditCaseDetails', { changes: { name: 'Mum' } }))
      .thenNothing();
  });

  it('clears an optional field sent empty', () => {
    const decided = given(...opened({ placeOfDeath: 'York' }))
      .when(cmd('EditCaseDetails', { changes: { placeOfDeath: '' } }))
      .decided();
    expect(decided).toMatchObject([{ data: { changes: { placeOfDeath: null } } }]);
  });

  it.each([{ name: '' }, { deceasedName: '  ' }, { name: null }])('refuses %j with the spec message', (changes) => {
    given(...opened())
      .when(cmd('EditCaseDetails', { changes }))
      .thenRefused('CASE_INVALID', 'Please enter both case name and deceased name.');
  });

  it('refuses an impossible date', () => {
    given(...opened())
      .when(cmd('EditCaseDetails', { changes: { dateOfBirth: '2027-01-01' } }))
      .thenRefused('CASE_INVALID');
  });

  it('moves every due date when the date of death changes', () => {
    const state = given(...opened())
      .when(cmd('EditCaseDetails', { changes: { dateOfDeath: '2026-03-01' } }))
      .thenState();
    expect(state.details!.dateOfDeath).toBe('2026-03-01');
    expect(state.tasks.find((t) => t.templateKey === 'register-death')!.dueDate).toBe('2026-03-06');
    // Suggested timings still count from the day the memory was opened (20 March), later than the new date.
    expect(state.tasks.find((t) => t.templateKey === 'arrange-funeral')!.dueDate).toBe('2026-03-27');
    const cleared = given(...opened())
      .when(cmd('EditCaseDetails', { changes: { dateOfDeath: null } }))
      .thenState();
    expect(cleared.tasks.every((t) => t.dueDate === null)).toBe(true);
  });
});

describe('stale detail edits', () => {
  it('refuses an edit made from an older version of the details', () => {
    const { state, events } = stateAfter(opened(), cmd('EditCaseDetails', { changes: { name: 'Mother' }, expectedDetailsVersion: 0 }));
    expect(state.detailsVersion).toBe(1);
    given(...events)
      .when(cmd('EditCaseDetails', { changes: { name: 'Mam' }, expectedDetailsVersion: 0 }))
      .thenRefused('CASE_CHANGED');
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
    given(...opened())
      .when(cmd('ChangeCasePhoto', { photo: null }))
      .thenNothing();
    const { events } = stateAfter(opened(), cmd('ChangeCasePhoto', { photo }));
    given(...events)
      .when(cmd('ChangeCasePhoto', { photo }))
      .thenNothing();
  });
  it('refuses a photo that is too large or not an image', () => {
    given(...opened())
      .when(cmd('ChangeCasePhoto', { photo: { ...photo, fileSize: 6_000_000 } }))
      .thenRefused('PHOTO_TOO_LARGE');
    given(...opened())
      .when(cmd('ChangeCasePhoto', { photo: { ...photo, fileType: 'application/pdf' } }))
      .thenRefused('PHOTO_TYPE_NOT_ALLOWED');
  });
});
