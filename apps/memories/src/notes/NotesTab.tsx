// The Notes tab: quick templates, each memory's notes as cards, a view dialog and
// the create/edit dialog. Note text is always shown as text (white-space: pre-wrap), never as HTML.
import { useEffect, useState, type CSSProperties } from 'react';
import { NOTE_CATEGORIES, NOTE_TEMPLATES, type NoteTemplate } from '@afterwards/cases-domain';
import { memoriesWhereMay, memoryMay, type MemoryNote } from '@afterwards/contracts';
import { Button, Card, Dialog, Icon, InlineLoading, useToast } from '@afterwards/web-ui';
import { api } from '../api';
import { memoriesStore, reportMutationError, useCloseAllModals, useMemories, useMemoriesUi, type TabProps } from '../store';
import { useConfirm } from '../tasks/parts';
import { blankNoteForm, formatNoteDate, noteFormFromNote, noteFormFromTemplate, type NoteForm } from './note-view';
import { NoteEditor, type Editing } from './NoteEditor';
import { CategoryLabel, MemoryNotes } from './MemoryNotes';
import './notes.css';

export function NotesTab({ onCreateMemory, focusMemoryId }: TabProps) {
  const { loaded, memories, details } = useMemories();
  const { noteEditorRequest } = useMemoriesUi();
  const toast = useToast();
  const confirm = useConfirm();
  // New notes go to a memory the person may write in (their own, or one they edit). Someone who only
  // views memories shared with them is offered no new note, and no templates, at all.
  const writable = memoriesWhereMay(memories, 'write-notes');
  const canWrite = writable.length > 0;
  const firstMemoryId = writable[0]?.id ?? '';
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form, setForm] = useState<NoteForm>(() => blankNoteForm(''));
  const [viewing, setViewing] = useState<{ memoryId: string; noteId: string } | null>(null);

  function openEditor(next: NoteForm, mode: Editing = { mode: 'create' }) {
    setViewing(null);
    setForm(next);
    setEditing(mode);
  }
  // Closing resets the editor (spec: title, content and category general).
  function closeEditor() {
    setEditing(null);
    setForm(blankNoteForm(firstMemoryId));
  }
  useCloseAllModals(() => {
    closeEditor();
    setViewing(null);
  });

  // Ctrl/Cmd+Shift+N anywhere in the dashboard: open the editor for the first memory (or the one asked for).
  useEffect(() => {
    if (!noteEditorRequest || !loaded) return;
    memoriesStore.noteEditorOpened(noteEditorRequest.seq);
    if (!canWrite) return;
    const asked = writable.find((m) => m.id === noteEditorRequest.memoryId);
    openEditor(blankNoteForm(asked?.id ?? firstMemoryId));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [noteEditorRequest, loaded]);

  useEffect(() => {
    if (focusMemoryId) document.getElementById(`mem-notes-${focusMemoryId}`)?.scrollIntoView({ block: 'start' });
  }, [focusMemoryId]);

  function remove(memoryId: string, note: MemoryNote) {
    confirm.ask({
      title: 'Delete note',
      message: 'Are you sure you want to delete this note? This action cannot be undone.',
      confirmLabel: 'Delete',
      action: async () => {
        try {
          memoriesStore.apply(await api.deleteNote(memoryId, note.id));
          setViewing(null);
          toast.success('Note deleted successfully!');
        } catch (error) {
          reportMutationError(toast, error, memoryId, () => 'Failed to delete note');
        }
      },
    });
  }

  const viewedNote = viewing ? details[viewing.memoryId]?.notes.find((n) => n.id === viewing.noteId) : undefined;
  const viewedMemory = viewing ? memories.find((m) => m.id === viewing.memoryId) : undefined;

  return (
    <div className="mem-notes">
      <div className="aw-split mem-notes__top">
        <h2 className="mem-notes__heading">Notes &amp; Documentation</h2>
        {canWrite ? (
          <Button onClick={() => openEditor(blankNoteForm(firstMemoryId))} icon={<Icon name="document" size={18} />}>
            Create Note
          </Button>
        ) : null}
      </div>

      {!loaded ? (
        <InlineLoading>Loading your notes...</InlineLoading>
      ) : memories.length === 0 ? (
        <Card className="aw-stack mem-empty">
          <span className="aw-disc mem-empty__icon" aria-hidden="true">
            <Icon name="document" size={28} />
          </span>
          <h3 className="mem-empty__title">No Cases Yet</h3>
          <p className="aw-muted">Notes are kept with a memory. Create one first, then keep notes of calls, meetings and memories here.</p>
          <Button onClick={onCreateMemory}>Create Your First Case</Button>
        </Card>
      ) : (
        <>
          {canWrite ? (
            <section className="mem-templates" aria-labelledby="mem-templates-heading">
              <h3 id="mem-templates-heading" className="mem-templates__heading">
                Quick templates
              </h3>
              <ul className="aw-list-grid mem-templates__list">
                {NOTE_TEMPLATES.map((template) => (
                  <li key={template.key}>
                    <TemplateButton template={template} onPick={() => openEditor(noteFormFromTemplate(template, firstMemoryId))} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {memories.map((memory) => (
            <MemoryNotes
              key={memory.id}
              memory={memory}
              people={details[memory.id]?.people}
              notes={details[memory.id]?.notes}
              onAdd={() => openEditor(blankNoteForm(memory.id))}
              onView={(note) => setViewing({ memoryId: memory.id, noteId: note.id })}
              onEdit={(note) => openEditor(noteFormFromNote(note, memory.id), { mode: 'edit', memoryId: memory.id, noteId: note.id, version: note.version })}
              onDelete={(note) => remove(memory.id, note)}
            />
          ))}
        </>
      )}

      <NoteEditor
        editing={editing}
        form={form}
        memories={writable}
        onChange={setForm}
        onClose={closeEditor}
        onRebase={(version) => setEditing((e) => (e?.mode === 'edit' ? { ...e, version } : e))}
      />
      <Dialog
        open={Boolean(viewedNote)}
        onClose={() => setViewing(null)}
        title={viewedNote ? viewedNote.title : ''}
        size="wide"
        actions={
          viewedNote && viewing ? (
            <div className="aw-cluster mem-dialog-actions">
              {memoryMay(viewedMemory?.role, 'write-notes') ? (
                <Button
                  variant="secondary"
                  icon={<Icon name="edit" size={16} />}
                  onClick={() =>
                    openEditor(noteFormFromNote(viewedNote, viewing.memoryId), { mode: 'edit', memoryId: viewing.memoryId, noteId: viewedNote.id, version: viewedNote.version })
                  }
                >
                  Edit
                </Button>
              ) : null}
              <Button onClick={() => setViewing(null)} autoFocus>
                Close
              </Button>
            </div>
          ) : undefined
        }
      >
        {viewedNote ? (
          <>
            <p className="aw-cluster mem-note__meta">
              <CategoryLabel category={viewedNote.category} />
              {viewedMemory ? <span>{viewedMemory.name}</span> : null}
              <span>Created {formatNoteDate(viewedNote.createdAt)}</span>
              {viewedNote.updatedAt !== viewedNote.createdAt ? <span>Updated {formatNoteDate(viewedNote.updatedAt)}</span> : null}
            </p>
            <div className="aw-dialog__scroll mem-note-view__body" tabIndex={0} aria-label="Note text">
              {viewedNote.content}
            </div>
          </>
        ) : null}
      </Dialog>
      {confirm.element}
    </div>
  );
}

function TemplateButton({ template, onPick }: { template: NoteTemplate; onPick: () => void }) {
  const category = NOTE_CATEGORIES[template.category];
  return (
    <button type="button" className="mem-template" onClick={onPick} style={{ '--mem-note-colour': category.colour } as CSSProperties}>
      <span className="mem-template__icon" aria-hidden="true">
        {category.icon}
      </span>
      <span className="aw-stack mem-template__text">
        <span className="mem-template__title">{template.title}</span>
        <span className="mem-template__category">{category.label}</span>
      </span>
    </button>
  );
}
