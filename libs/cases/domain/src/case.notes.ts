// Notes: the owner's notes on a memory, added, edited with a stale-form check, and deleted.
import { NoteCategorySchema, type FieldError } from '@afterwards/contracts';
import { CASE_MESSAGES, CaseError } from './case.errors';
import type { CaseEvent, NoteAdded, NoteDeleted, NoteEdited } from './case.events';
import { findById, replaceById, type CaseNote, type CaseState, type CommandOf } from './case.state';
import { MAX_TEXT_LENGTH } from './limits';
import { DEFAULT_NOTE_CATEGORY, MAX_NOTE_CONTENT_LENGTH, type NoteCategory } from './notes';

/** Title and content both non-blank; the category from the contract's list (general when none). */
export function parseNote(input: { title: string; content: string; category?: string | null }): {
  title: string;
  content: string;
  category: NoteCategory;
} {
  const title = input.title?.trim() ?? '';
  const content = input.content?.trim() ?? '';
  if (!title || !content) {
    throw new CaseError('NOTE_INVALID', CASE_MESSAGES.noteRequired, [
      ...(!title ? [{ path: 'title', message: CASE_MESSAGES.noteRequired }] : []),
      ...(!content ? [{ path: 'content', message: CASE_MESSAGES.noteRequired }] : []),
    ]);
  }
  const errors: FieldError[] = [];
  if (title.length > MAX_TEXT_LENGTH) errors.push({ path: 'title', message: CASE_MESSAGES.tooLong('Title', MAX_TEXT_LENGTH) });
  if (content.length > MAX_NOTE_CONTENT_LENGTH) {
    errors.push({ path: 'content', message: CASE_MESSAGES.tooLong('Note', MAX_NOTE_CONTENT_LENGTH) });
  }
  const category = NoteCategorySchema.safeParse(input.category?.trim() || DEFAULT_NOTE_CATEGORY);
  if (!category.success) errors.push({ path: 'category', message: CASE_MESSAGES.noteCategory });
  if (errors.length || !category.success) throw new CaseError('NOTE_INVALID', errors[0]!.message, errors);
  return { title, content, category: category.data };
}

export type NotesCommand = CommandOf<'AddNote' | 'EditNote' | 'DeleteNote'>;

function findNote(state: CaseState, noteId: string): CaseNote {
  return findById(state.notes, noteId, () => new CaseError('NOTE_NOT_FOUND', CASE_MESSAGES.noteNotFound));
}

export function decideNotes(command: NotesCommand, state: CaseState): CaseEvent[] {
  const { caseId, at } = command;
  switch (command.type) {
    case 'AddNote': {
      if (state.notes.some((n) => n.id === command.noteId)) return [];
      const note = parseNote(command);
      return [{ type: 'NoteAdded', data: { caseId, noteId: command.noteId, ...note, addedAt: at } }];
    }
    case 'EditNote': {
      const current = findNote(state, command.noteId);
      if (command.expectedVersion !== undefined && command.expectedVersion !== current.version) {
        throw new CaseError('NOTE_CHANGED', CASE_MESSAGES.noteChanged);
      }
      const note = parseNote(command);
      if (note.title === current.title && note.content === current.content && note.category === current.category) return [];
      return [{ type: 'NoteEdited', data: { caseId, noteId: current.id, ...note, editedAt: at } }];
    }
    case 'DeleteNote':
      findNote(state, command.noteId);
      return [{ type: 'NoteDeleted', data: { caseId, noteId: command.noteId, deletedAt: at } }];
  }
}

export function evolveNotes(state: CaseState, event: NoteAdded | NoteEdited | NoteDeleted): CaseState {
  switch (event.type) {
    case 'NoteAdded': {
      const { noteId, title, content, category, addedAt } = event.data;
      const note: CaseNote = { id: noteId, title, content, category, version: 0, createdAt: addedAt, updatedAt: addedAt };
      return { ...state, notes: [...state.notes, note], updatedAt: addedAt };
    }
    case 'NoteEdited': {
      const { noteId, title, content, category, editedAt } = event.data;
      return {
        ...state,
        notes: replaceById(state.notes, noteId, (n) => ({ ...n, title, content, category, version: n.version + 1, updatedAt: editedAt })),
        updatedAt: editedAt,
      };
    }
    case 'NoteDeleted':
      return { ...state, notes: state.notes.filter((n) => n.id !== event.data.noteId), updatedAt: event.data.deletedAt };
  }
}
