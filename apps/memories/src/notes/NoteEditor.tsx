// The Create Note / Edit Note dialog: category, title and content checked before saving; an edit of a note
// changed elsewhere (its version) is refused with the server's message, refreshed, and may be saved again.
import { useEffect, useId, useState } from 'react';
import { NOTE_CATEGORIES, NOTE_CATEGORY_KEYS, MAX_NOTE_CONTENT_LENGTH } from '@afterwards/cases-domain';
import type { MemorySummary } from '@afterwards/contracts';
import { Alert, Button, Dialog, Select, TextInput, useToast } from '@afterwards/web-ui';
import { api, ApiError, errorMessage } from '../api';
import { memoriesStore, reportMutationError } from '../store';
import { validateNoteForm, type NoteForm } from './note-view';

/** What the editor is doing: a new note, or an edit of one note (with the version it was opened at). */
export type Editing = { mode: 'create' } | { mode: 'edit'; memoryId: string; noteId: string; version: number };

const CATEGORY_OPTIONS = NOTE_CATEGORY_KEYS.map((key) => ({ value: key, label: `${NOTE_CATEGORIES[key].icon} ${NOTE_CATEGORIES[key].label}` }));

export function NoteEditor({
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
        <div className="aw-cluster mem-dialog-actions">
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
        className="aw-stack mem-note-form"
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
