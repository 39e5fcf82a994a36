import { EMPTY_FORM, createRequestFrom, editRequestFrom, fieldErrors, formFromMemory } from './forms';
import { summary } from '../shared/testing-fixtures';

describe('create memory form', () => {
  it('defaults the jurisdiction to England', () => {
    expect(EMPTY_FORM.jurisdiction).toBe('England');
  });

  it('needs a name, the deceased name and a jurisdiction', () => {
    expect(createRequestFrom({ ...EMPTY_FORM, name: 'Mum', deceasedName: '  ' })).toEqual({ error: 'Please fill in all required fields' });
    expect(createRequestFrom({ ...EMPTY_FORM, name: 'Mum', deceasedName: 'Jean', jurisdiction: '' })).toEqual({ error: 'Please fill in all required fields' });
  });

  it('sends trimmed values and leaves blank optional fields out', () => {
    expect(createRequestFrom({ ...EMPTY_FORM, name: ' Mum ', deceasedName: ' Jean Ellis ', placeOfDeath: ' Leeds, UK ', relationship: 'Child', dateOfDeath: '' })).toEqual({
      request: { name: 'Mum', deceasedName: 'Jean Ellis', jurisdiction: 'England', relationship: 'Child', placeOfDeath: 'Leeds, UK' },
    });
  });
});

describe('edit memory form', () => {
  const memory = summary({ id: 'a', name: 'Mum', deceasedName: 'Jean', placeOfDeath: 'Leeds', relationship: 'Child', detailsVersion: 4 });

  it('needs both names (spec message)', () => {
    expect(editRequestFrom({ ...formFromMemory(memory), deceasedName: ' ' }, memory)).toEqual({ error: 'Please enter both case name and deceased name.' });
  });

  it('refuses a date of birth in the future or after the date of death beside the field, before sending (issue 40, item 10)', () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(editRequestFrom({ ...formFromMemory(memory), dateOfBirth: future }, memory)).toEqual({
      error: 'The date of birth cannot be in the future.',
      errors: { dateOfBirth: 'The date of birth cannot be in the future.' },
    });
    expect(editRequestFrom({ ...formFromMemory(memory), dateOfDeath: '2026-01-05', dateOfBirth: '2026-02-01' }, memory)).toMatchObject({
      errors: { dateOfBirth: 'The date of birth must be on or before the date of death.' },
    });
  });

  it('sends the filled fields trimmed, the version it was filled from, and null for a field the user emptied', () => {
    const form = { ...formFromMemory(memory), name: ' Mum (Jean) ', placeOfDeath: '', dateOfDeath: '2026-03-01' };
    expect(editRequestFrom(form, memory)).toEqual({
      request: { name: 'Mum (Jean)', deceasedName: 'Jean', relationship: 'Child', dateOfDeath: '2026-03-01', placeOfDeath: null, expectedDetailsVersion: 4 },
    });
  });
});

describe('server field errors', () => {
  it('are put next to the field they name; unknown paths are left out', () => {
    expect(
      fieldErrors([
        { path: 'dateOfDeath', message: 'The date of death cannot be in the future.' },
        { path: 'body.relationship', message: 'Please choose a relationship from the list.' },
        { path: 'somethingElse', message: 'x' },
      ]),
    ).toEqual({ dateOfDeath: 'The date of death cannot be in the future.', relationship: 'Please choose a relationship from the list.' });
  });
});
