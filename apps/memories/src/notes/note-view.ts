// Pure helpers of the Notes tab: the editor's form, its checks, dates and ordering.
import { CASE_MESSAGES, DEFAULT_NOTE_CATEGORY, NOTE_CATEGORIES, isNoteCategory, type NoteCategory, type NoteTemplate } from '@afterwards/cases-domain';

/** A note needs a memory (the first one is chosen by default). */
export const SELECT_CASE_FIRST = 'Please select a case first.';

export interface NoteForm {
  memoryId: string;
  title: string;
  content: string;
  category: NoteCategory;
}

/** A blank editor: closing the editor returns it to this (spec: title, content and category general). */
export function blankNoteForm(memoryId: string): NoteForm {
  return { memoryId, title: '', content: '', category: DEFAULT_NOTE_CATEGORY };
}

export function noteFormFromTemplate(template: NoteTemplate, memoryId: string): NoteForm {
  return { memoryId, title: template.title, content: template.content, category: template.category };
}

export function noteFormFromNote(note: { title: string; content: string; category: string }, memoryId: string): NoteForm {
  return { memoryId, title: note.title, content: note.content, category: isNoteCategory(note.category) ? note.category : DEFAULT_NOTE_CATEGORY };
}

/** The first problem with the form (the spec's messages), or null when it can be saved. */
export function validateNoteForm(form: NoteForm): string | null {
  if (!form.memoryId) return SELECT_CASE_FIRST;
  if (!form.title.trim() || !form.content.trim()) return CASE_MESSAGES.noteRequired;
  return null;
}

export function noteCategory(category: string): (typeof NOTE_CATEGORIES)[NoteCategory] {
  return NOTE_CATEGORIES[isNoteCategory(category) ? category : DEFAULT_NOTE_CATEGORY];
}

const NOTE_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** '21 November 2026 at 14:05' (UK time), or the text itself if it is not a date. */
export function formatNoteDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : NOTE_DATE.format(date);
}

/** Newest first, as the spec loads notes (created_at descending); ties by id for a stable order. */
export function sortNotes<T extends { id: string; createdAt: string }>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? 1 : -1));
}

export function noteCountLabel(count: number): string {
  return `${count} note${count === 1 ? '' : 's'}`;
}
