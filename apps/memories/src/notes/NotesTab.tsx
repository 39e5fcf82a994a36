// The Notes tab (family spec section 2): quick templates, each memory's notes as cards, a view dialog and
// the create/edit dialog. Note text is always shown as text (white-space: pre-wrap), never as HTML.
import { useEffect, useId, useState, type CSSProperties } from 'react';
import { NOTE_CATEGORIES, NOTE_CATEGORY_KEYS, NOTE_TEMPLATES, MAX_NOTE_CONTENT_LENGTH, type NoteTemplate } from '@afterwards/cases-domain';
import type { MemoryNote, MemorySummary } from '@afterwards/contracts';
import { Alert, Button, Card, Dialog, Icon, InlineLoading, Select, TextInput, useToast } from '@afterwards/web-ui';
import { api, ApiError, errorMessage } from '../api';
import { memoriesStore, reportMutationError, useCloseAllModals, useMemories, useMemoriesUi, type TabProps } from '../store';
import { useConfirm } from '../tasks/parts';
import { blankNoteForm, formatNoteDate, noteCategory, noteCountLabel, noteFormFromNote, noteFormFromTemplate, sortNotes, validateNoteForm, type NoteForm } from './note-view';
import './notes.css';

/** What the editor is doing: a new note, or an edit of one note (with the version it was opened at). */
type Editing = { mode: 'create' } | { mode: 'edit'; memoryId: string; noteId: string; version: number };

export function NotesTab({ onCreateMemory, focusMemoryId }: TabProps) {
  const { loaded, memories, details } = useMemories();
  const { noteEditorRequest } = useMemoriesUi();
  const toast = useToast();
  const confirm = useConfirm();
  const firstMemoryId = memories[0]?.id ?? '';
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
    openEditor(blankNoteForm(noteEditorRequest.memoryId ?? firstMemoryId));
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
      <div className="mem-notes__top">
        <h2 className="mem-notes__heading">Notes &amp; Documentation</h2>
        <Button onClick={() => openEditor(blankNoteForm(firstMemoryId))} icon={<Icon name="document" size={18} />}>
          Create Note
        </Button>
      </div>

      {!loaded ? (
        <InlineLoading>Loading your notes...</InlineLoading>
      ) : memories.length === 0 ? (
        <Card className="mem-empty">
          <span className="mem-empty__icon" aria-hidden="true">
            <Icon name="document" size={28} />
          </span>
          <h3 className="mem-empty__title">No Cases Yet</h3>
          <p className="aw-muted">Notes are kept with a memory. Create one first, then keep notes of calls, meetings and memories here.</p>
          <Button onClick={onCreateMemory}>Create Your First Case</Button>
        </Card>
      ) : (
        <>
          <section className="mem-templates" aria-labelledby="mem-templates-heading">
            <h3 id="mem-templates-heading" className="mem-templates__heading">
              Quick templates
            </h3>
            <ul className="mem-templates__list">
              {NOTE_TEMPLATES.map((template) => (
                <li key={template.key}>
                  <TemplateButton template={template} onPick={() => openEditor(noteFormFromTemplate(template, firstMemoryId))} />
                </li>
              ))}
            </ul>
          </section>
          {memories.map((memory) => (
            <MemoryNotes
              key={memory.id}
              memory={memory}
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
        memories={memories}
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
            <div className="mem-dialog-actions">
              <Button
                variant="secondary"
                icon={<Icon name="edit" size={16} />}
                onClick={() =>
                  openEditor(noteFormFromNote(viewedNote, viewing.memoryId), { mode: 'edit', memoryId: viewing.memoryId, noteId: viewedNote.id, version: viewedNote.version })
                }
              >
                Edit
              </Button>
              <Button onClick={() => setViewing(null)} autoFocus>
                Close
              </Button>
            </div>
          ) : undefined
        }
      >
        {viewedNote ? (
          <>
            <p className="mem-note__meta">
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
      <span className="mem-template__text">
        <span className="mem-template__title">{template.title}</span>
        <span className="mem-template__category">{category.label}</span>
      </span>
    </button>
  );
}

function CategoryLabel({ category }: { category: string }) {
  const c = noteCategory(category);
  return (
    <span className="mem-note__category" style={{ '--mem-note-colour': c.colour } as CSSProperties}>
      {c.label}
    </span>
  );
}

function MemoryNotes({
  memory,
  notes,
  onAdd,
  onView,
  onEdit,
  onDelete,
}: {
  memory: MemorySummary;
  notes: MemoryNote[] | undefined;
  onAdd: () => void;
  onView: (note: MemoryNote) => void;
  onEdit: (note: MemoryNote) => void;
  onDelete: (note: MemoryNote) => void;
}) {
  const headingId = useId();
  return (
    <Card as="section" className="mem-group" id={`mem-notes-${memory.id}`} aria-labelledby={headingId}>
      <header className="mem-group__header">
        <div className="mem-group__title">
          <h3 id={headingId} className="mem-group__name">
            {memory.name}
          </h3>
          <p className="mem-group__meta">
            {memory.deceasedName} · {notes ? noteCountLabel(notes.length) : 'loading notes'}
          </p>
        </div>
        <div className="mem-group__actions">
          <Button variant="secondary" size="sm" onClick={onAdd} icon={<Icon name="document" size={16} />}>
            Add Note<span className="aw-visually-hidden"> to {memory.name}</span>
          </Button>
        </div>
      </header>
      {!notes ? (
        <InlineLoading>Loading this memory's notes...</InlineLoading>
      ) : notes.length === 0 ? (
        <p className="aw-muted mem-notes__none">No notes yet. Add one, or start from a quick template above.</p>
      ) : (
        <ul className="mem-notes__grid">
          {sortNotes(notes).map((note) => (
            <NoteCard key={note.id} note={note} onView={() => onView(note)} onEdit={() => onEdit(note)} onDelete={() => onDelete(note)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function NoteCard({ note, onView, onEdit, onDelete }: { note: MemoryNote; onView: () => void; onEdit: () => void; onDelete: () => void }) {
  const category = noteCategory(note.category);
  return (
    <li className="mem-note" style={{ '--mem-note-colour': category.colour } as CSSProperties}>
      <button type="button" className="mem-note__open" onClick={onView}>
        <span className="mem-note__head">
          <span className="mem-note__icon" aria-hidden="true">
            {category.icon}
          </span>
          <span className="mem-note__title">{note.title}</span>
        </span>
        <span className="mem-note__category">{category.label}</span>
        <span className="mem-note__preview">{note.content}</span>
        <span className="mem-note__date">{formatNoteDate(note.createdAt)}</span>
      </button>
      <span className="mem-note__actions">
        <button type="button" className="aw-icon-button" onClick={onEdit} aria-label={`Edit note ${note.title}`}>
          <Icon name="edit" size={18} />
        </button>
        <button type="button" className="aw-icon-button mem-icon-btn--danger" onClick={onDelete} aria-label={`Delete note ${note.title}`}>
          <Icon name="trash" size={18} />
        </button>
      </span>
    </li>
  );
}

const CATEGORY_OPTIONS = NOTE_CATEGORY_KEYS.map((key) => ({ value: key, label: `${NOTE_CATEGORIES[key].icon} ${NOTE_CATEGORIES[key].label}` }));

function NoteEditor({
  editing,
  form,
  memories,
  onChange,
  onClose,
  onRebase,
}: {
  editing: Editing | null;
  form: NoteForm;
  memories: readonly MemorySummary[];
  onChange: (form: NoteForm) => void;
  onClose: () => void;
  onRebase: (version: number) => void;
}) {
  const toast = useToast();
  const contentId = useId();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const isEdit = editing?.mode === 'edit';

  useEffect(() => {
    if (editing) setError(null);
  }, [editing]);

  function close() {
    if (saving) return;
    setError(null);
    onClose();
  }

  async function save() {
    if (!editing || saving) return;
    const problem = validateNoteForm(form);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    const body = { title: form.title.trim(), content: form.content, category: form.category };
    try {
      if (editing.mode === 'edit') {
        memoriesStore.apply(await api.editNote(editing.memoryId, editing.noteId, { ...body, expectedVersion: editing.version }));
        toast.success('Note updated successfully!');
      } else {
        memoriesStore.apply(await api.addNote(form.memoryId, body));
        toast.success('Note created successfully!');
      }
      setSaving(false);
      onClose();
    } catch (err) {
      setSaving(false);
      const memoryId = editing.mode === 'edit' ? editing.memoryId : form.memoryId;
      if (err instanceof ApiError && err.status === 409 && editing.mode === 'edit') {
        // Changed elsewhere: show the message, refresh, and let a second save go on from the fresh version.
        setError(err.message);
        toast.error(err.message);
        const fresh = await memoriesStore
          .refreshMemory(memoryId)
          .then(() => memoriesStore.get().details[memoryId]?.notes.find((n) => n.id === editing.noteId))
          .catch(() => undefined);
        if (fresh) onRebase(fresh.version);
        return;
      }
      if (err instanceof ApiError && err.errors.length > 0) {
        setError(err.errors[0]!.message);
        return;
      }
      const message = reportMutationError(toast, err, memoryId, (m) => (editing.mode === 'edit' ? 'Failed to update note' : `Failed to create note: ${m || 'Unknown error'}`));
      setError(editing.mode === 'edit' ? 'Failed to update note' : `Failed to create note: ${message || errorMessage(err)}`);
    }
  }

  return (
    <Dialog
      open={editing !== null}
      onClose={close}
      onDismiss={close}
      size="wide"
      title={isEdit ? 'Edit Note' : 'Create Note'}
      actions={
        <div className="mem-dialog-actions">
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving...' : isEdit ? 'Update Note' : 'Save Note'}
          </Button>
        </div>
      }
    >
      <form
        className="mem-note-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Select
          label="Memory"
          value={form.memoryId}
          disabled={isEdit || saving}
          options={memories.length ? memories.map((m) => ({ value: m.id, label: m.name })) : [{ value: '', label: 'No memories yet' }]}
          onChange={(e) => onChange({ ...form, memoryId: e.currentTarget.value })}
        />
        <TextInput label="Title" value={form.title} required maxLength={255} disabled={saving} onChange={(e) => onChange({ ...form, title: e.currentTarget.value })} />
        <Select
          label="Category"
          value={form.category}
          options={CATEGORY_OPTIONS}
          disabled={saving}
          onChange={(e) => onChange({ ...form, category: e.currentTarget.value as NoteForm['category'] })}
        />
        <div className="aw-field">
          <label htmlFor={contentId} className="aw-field__label">
            Content
          </label>
          <textarea
            id={contentId}
            className="aw-input mem-note-form__content"
            value={form.content}
            required
            rows={9}
            maxLength={MAX_NOTE_CONTENT_LENGTH}
            disabled={saving}
            onChange={(e) => onChange({ ...form, content: e.currentTarget.value })}
          />
        </div>
        {/* Submit on Enter in the title field; the visible buttons are in the dialog's actions. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
      <div role="alert">{error ? <Alert tone="error">{error}</Alert> : null}</div>
    </Dialog>
  );
}
