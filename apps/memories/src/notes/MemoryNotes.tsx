// One memory's notes on the Notes tab: its group of note cards, newest first, with view, edit and delete.
import { useId, type CSSProperties } from 'react';
import type { MemoryDetail, MemoryNote, MemorySummary } from '@afterwards/contracts';
import { Button, Card, Icon, InlineLoading } from '@afterwards/web-ui';
import { formatNoteDate, noteCategory, noteCountLabel, sortNotes } from './note-view';
import { isShared, may, personName } from '../shared/people';
import { MemoryGroupHeader } from '../tasks/parts';

export function CategoryLabel({ category }: { category: string }) {
  const c = noteCategory(category);
  return (
    <span className="mem-note__category" style={{ '--mem-note-colour': c.colour } as CSSProperties}>
      {c.label}
    </span>
  );
}

export function MemoryNotes({
  memory,
  people,
  notes,
  onAdd,
  onView,
  onEdit,
  onDelete,
}: {
  memory: MemorySummary;
  /** Everyone on the memory (for 'written by' when it is shared). */
  people: MemoryDetail['people'] | undefined;
  notes: MemoryNote[] | undefined;
  onAdd: () => void;
  onView: (note: MemoryNote) => void;
  onEdit: (note: MemoryNote) => void;
  onDelete: (note: MemoryNote) => void;
}) {
  const headingId = useId();
  return (
    <Card as="section" className="aw-stack mem-group" id={`mem-notes-${memory.id}`} aria-labelledby={headingId}>
      <MemoryGroupHeader
        memory={memory}
        headingId={headingId}
        level={3}
        about={notes ? noteCountLabel(notes.length) : 'loading notes'}
        actions={
          may(memory, 'write-notes') ? (
            <Button variant="secondary" size="sm" onClick={onAdd} icon={<Icon name="document" size={16} />}>
              Add Note<span className="aw-visually-hidden"> to {memory.name}</span>
            </Button>
          ) : null
        }
      />
      {!notes ? (
        <InlineLoading>Loading this memory's notes...</InlineLoading>
      ) : notes.length === 0 ? (
        <p className="aw-muted mem-notes__none">
          {may(memory, 'write-notes') ? 'No notes yet. Add one, or start from a quick template above.' : 'No notes have been written for this memory yet.'}
        </p>
      ) : (
        <ul className="aw-list-grid mem-notes__grid">
          {sortNotes(notes).map((note) => (
            <NoteCard
              key={note.id}
              note={note}
              author={people && isShared({ people }) ? personName({ people }, note.updatedBy) : null}
              onView={() => onView(note)}
              {...(may(memory, 'write-notes') ? { onEdit: () => onEdit(note), onDelete: () => onDelete(note) } : {})}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function NoteCard({
  note,
  author,
  onView,
  onEdit,
  onDelete,
}: {
  note: MemoryNote;
  /** On a shared memory: who last wrote it. */
  author: string | null;
  onView: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const category = noteCategory(note.category);
  return (
    <li className="mem-note" style={{ '--mem-note-colour': category.colour } as CSSProperties}>
      <button type="button" className="aw-stack mem-note__open" onClick={onView}>
        <span className="aw-row mem-note__head">
          <span className="mem-note__icon" aria-hidden="true">
            {category.icon}
          </span>
          <span className="mem-note__title">{note.title}</span>
        </span>
        <span className="mem-note__category">{category.label}</span>
        <span className="mem-note__preview">{note.content}</span>
        <span className="mem-note__date">
          {formatNoteDate(note.createdAt)}
          {author ? ` · by ${author}` : ''}
        </span>
      </button>
      {onEdit && onDelete ? (
        <span className="mem-note__actions">
          <button type="button" className="aw-icon-button" onClick={onEdit} aria-label={`Edit note ${note.title}`}>
            <Icon name="edit" size={18} />
          </button>
          <button type="button" className="aw-icon-button mem-icon-btn--danger" onClick={onDelete} aria-label={`Delete note ${note.title}`}>
            <Icon name="trash" size={18} />
          </button>
        </span>
      ) : null}
    </li>
  );
}
