// Notes kept on a memory. The categories are contract vocabulary, shared
// with the screens; the four quick templates prefill the note editor.
import { NOTE_CATEGORIES, NOTE_CATEGORY_KEYS, NoteCategorySchema, type NoteCategory } from '@afterwards/contracts';

export { NOTE_CATEGORIES, NOTE_CATEGORY_KEYS, type NoteCategory };
export const DEFAULT_NOTE_CATEGORY: NoteCategory = 'general';

export function isNoteCategory(value: unknown): value is NoteCategory {
  return NoteCategorySchema.safeParse(value).success;
}

/** Longest note body kept; generous for meeting notes, bounded so one request cannot fill the database. */
export const MAX_NOTE_CONTENT_LENGTH = 20_000;

export interface NoteTemplate {
  key: string;
  title: string;
  category: NoteCategory;
  content: string;
}

/** The four quick templates. */
export const NOTE_TEMPLATES: readonly NoteTemplate[] = [
  {
    key: 'solicitor-call',
    title: 'Phone Call with Solicitor',
    category: 'contact',
    content: 'Date:\nSolicitor:\nFirm and phone number:\n\nWhat we discussed:\n\nWhat happens next:\n',
  },
  {
    key: 'meeting',
    title: 'Meeting Notes',
    category: 'general',
    content: 'Date:\nWho was there:\n\nWhat we agreed:\n\nActions and who does them:\n',
  },
  {
    key: 'reminder',
    title: 'Important Reminder',
    category: 'important',
    content: 'Remember to:\n\nBy when:\n',
  },
  {
    key: 'memory',
    title: 'Cherished Memory',
    category: 'memory',
    content: 'A moment I want to keep:\n',
  },
];
