import { CASE_MESSAGES, NOTE_TEMPLATES } from '@afterwards/cases-domain';
import { SELECT_CASE_FIRST, blankNoteForm, formatNoteDate, noteCategory, noteCountLabel, noteFormFromNote, noteFormFromTemplate, sortNotes, validateNoteForm } from './note-view';

describe('the note form', () => {
  it('starts blank with the general category', () => {
    expect(blankNoteForm('m1')).toEqual({ memoryId: 'm1', title: '', content: '', category: 'general' });
  });

  it('is prefilled from a template or from a note', () => {
    const template = NOTE_TEMPLATES[0]!;
    expect(noteFormFromTemplate(template, 'm1')).toEqual({ memoryId: 'm1', title: template.title, content: template.content, category: template.category });
    expect(noteFormFromNote({ title: 'Call', content: 'Rang the bank', category: 'contact' }, 'm2')).toEqual({
      memoryId: 'm2',
      title: 'Call',
      content: 'Rang the bank',
      category: 'contact',
    });
    expect(noteFormFromNote({ title: 'Old', content: 'x', category: 'unknown' }, 'm2').category).toBe('general');
  });

  it("asks for a memory first, then for both title and content (the spec's messages)", () => {
    expect(validateNoteForm({ memoryId: '', title: 'a', content: 'b', category: 'general' })).toBe(SELECT_CASE_FIRST);
    expect(validateNoteForm({ memoryId: 'm1', title: '  ', content: 'b', category: 'general' })).toBe(CASE_MESSAGES.noteRequired);
    expect(validateNoteForm({ memoryId: 'm1', title: 'a', content: '\n ', category: 'general' })).toBe('Please enter both title and content for the note.');
    expect(validateNoteForm({ memoryId: 'm1', title: 'a', content: 'b', category: 'general' })).toBeNull();
  });
});

describe('note display', () => {
  it('shows the created date and time in en-GB, UK time', () => {
    expect(formatNoteDate('2026-07-01T13:05:00.000Z')).toBe('1 July 2026 at 14:05');
    expect(formatNoteDate('2026-01-15T09:30:00.000Z')).toBe('15 January 2026 at 09:30');
  });

  it('orders notes newest first', () => {
    const notes = [
      { id: 'a', createdAt: '2026-01-01T00:00:00Z' },
      { id: 'b', createdAt: '2026-03-01T00:00:00Z' },
      { id: 'c', createdAt: '2026-02-01T00:00:00Z' },
    ];
    expect(sortNotes(notes).map((n) => n.id)).toEqual(['b', 'c', 'a']);
  });

  it('falls back to the general category and counts notes', () => {
    expect(noteCategory('nonsense').label).toBe('General');
    expect(noteCategory('memory').label).toBe('Memory');
    expect(noteCountLabel(1)).toBe('1 note');
    expect(noteCountLabel(3)).toBe('3 notes');
  });
});
