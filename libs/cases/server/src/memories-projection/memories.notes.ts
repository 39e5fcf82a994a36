// The memory's notes.
import type { CaseEvent } from '@afterwards/cases-domain';
import type { AreaApplier } from './memory-batch';

type NotesEvent = Extract<CaseEvent, { type: 'NoteAdded' | 'NoteEdited' | 'NoteDeleted' }>;

export const applyNotes: AreaApplier<NotesEvent> = async (event, { tx, caseId, userId, actor }) => {
  switch (event.type) {
    case 'NoteAdded': {
      const { noteId, title, content, category, addedAt } = event.data;
      await tx.caseNote.create({
        data: { id: noteId, caseId, userId, title, content, category, version: 0, createdAt: new Date(addedAt), updatedAt: new Date(addedAt), createdBy: actor, updatedBy: actor },
      });
      return;
    }
    case 'NoteEdited': {
      const { noteId, title, content, category, editedAt } = event.data;
      await tx.caseNote.updateMany({
        where: { id: noteId, caseId },
        data: { title, content, category, version: { increment: 1 }, updatedAt: new Date(editedAt), updatedBy: actor },
      });
      return;
    }
    case 'NoteDeleted':
      await tx.caseNote.deleteMany({ where: { id: event.data.noteId, caseId } });
      return;
  }
};
