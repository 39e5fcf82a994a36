import { describe, expect, it } from '@jest/globals';
import { CASE, cmd, given, LATER, opened, stateAfter } from './case.testing';

describe('notes', () => {
  const add = (extra: object = {}) => cmd('AddNote', { noteId: 'n1', title: ' Call ', content: ' Solicitor rang ', ...extra });
  it('adds a trimmed note, general by default', () => {
    const when = given(...opened()).when(add());
    when.then([{ type: 'NoteAdded', data: { caseId: CASE, noteId: 'n1', title: 'Call', content: 'Solicitor rang', category: 'general', addedAt: LATER } }]);
    expect(when.thenState().notes).toEqual([{ id: 'n1', title: 'Call', content: 'Solicitor rang', category: 'general', version: 0, createdAt: LATER, updatedAt: LATER }]);
  });
  it('adding the same note id again decides nothing', () => {
    const { events } = stateAfter(opened(), add());
    given(...events)
      .when(add({ title: 'Other' }))
      .thenNothing();
  });
  it.each([
    [{ title: '  ' }, 'Please enter both title and content for the note.'],
    [{ content: '' }, 'Please enter both title and content for the note.'],
    [{ category: 'gossip' }, 'Please choose a note category from the list.'],
    [{ title: 'x'.repeat(256) }, 'Title must be 255 characters or fewer.'],
    [{ content: 'x'.repeat(20_001) }, 'Note must be 20000 characters or fewer.'],
  ])('refuses %j', (extra, message) => {
    given(...opened())
      .when(add(extra))
      .thenRefused('NOTE_INVALID', message);
  });
  it('keeps note text exactly as typed, markup included', () => {
    const state = given(...opened())
      .when(add({ content: '<img src=x onerror=alert(1)>' }))
      .thenState();
    expect(state.notes[0]!.content).toBe('<img src=x onerror=alert(1)>');
  });
  it('edits with the version the form was filled from, and refuses a stale one', () => {
    const { state, events } = stateAfter(opened(), add(), cmd('EditNote', { noteId: 'n1', title: 'Call', content: 'Rang back', expectedVersion: 0 }));
    expect(state.notes[0]).toMatchObject({ content: 'Rang back', version: 1 });
    given(...events)
      .when(cmd('EditNote', { noteId: 'n1', title: 'Call', content: 'Other tab', expectedVersion: 0 }))
      .thenRefused('NOTE_CHANGED');
    given(...events)
      .when(cmd('EditNote', { noteId: 'nope', title: 'a', content: 'b' }))
      .thenRefused('NOTE_NOT_FOUND', 'Note not found');
  });
  it('an edit that changes nothing decides nothing', () => {
    const { events } = stateAfter(opened(), add());
    given(...events)
      .when(cmd('EditNote', { noteId: 'n1', title: 'Call', content: 'Solicitor rang', category: 'general', expectedVersion: 0 }))
      .thenNothing();
  });
  it('deletes once; deleting it again, or a note that never existed, is refused as Note not found', () => {
    const { state, events } = stateAfter(opened(), add(), cmd('DeleteNote', { noteId: 'n1' }));
    expect(state.notes).toEqual([]);
    given(...events)
      .when(cmd('DeleteNote', { noteId: 'n1' }))
      .thenRefused('NOTE_NOT_FOUND', 'Note not found');
    given(...opened())
      .when(cmd('DeleteNote', { noteId: 'nope' }))
      .thenRefused('NOTE_NOT_FOUND');
  });
});
