// Create New Memory: details, an optional photo; the server builds the checklist.
import { useState } from 'react';
import { newMemoryPrivacyStatement } from '@afterwards/contracts';
import { FormDialog, Icon, useToast } from '@afterwards/web-ui';
import { api, ApiError, errorMessage } from '../api';
import { memoriesStore, useCloseAllModals, useMemories } from '../store';
import { isSyncFailure } from '../shared/memories-state';
import { EMPTY_FORM, createRequestFrom, fieldErrors } from './forms';
import { MemoryFields, useMemoryForm } from './MemoryFields';
import { PhotoField } from './PhotoField';

export const CREATED_MESSAGE = 'Case created successfully with complete checklist!';

export function CreateMemoryDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(memoryId: string): void }) {
  const toast = useToast();
  const { form, setForm, errors, setErrors, change } = useMemoryForm(() => EMPTY_FORM);
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // True whether or not the person has shared other memories already.
  const { memories, details } = useMemories();
  const privacy = newMemoryPrivacyStatement(memories.map((m) => ({ name: m.name, role: m.role, people: details[m.id]?.people ?? [] })));

  function reset() {
    setForm(EMPTY_FORM);
    setPhoto(null);
    setErrors({});
    setError(null);
  }

  function close() {
    if (saving) return;
    reset();
    onClose();
  }
  useCloseAllModals(close);

  async function submit() {
    if (saving) return;
    const parsed = createRequestFrom(form);
    if ('error' in parsed) {
      setError(parsed.error);
      setErrors({
        ...(form.name.trim() ? {} : { name: 'Please enter a name for this memory.' }),
        ...(form.deceasedName.trim() ? {} : { deceasedName: "Please enter the deceased person's name." }),
      });
      return;
    }
    setSaving(true);
    setError(null);
    setErrors({});
    try {
      const created = await api.createMemory(parsed.request);
      memoriesStore.apply(created);
      if (photo) {
        try {
          memoriesStore.apply(await api.setPhoto(created.memory.id, photo));
        } catch (photoFailure) {
          // The memory and its checklist exist: say the photo did not make it, without undoing the rest.
          toast.error(`Upload failed: ${errorMessage(photoFailure)}`);
        }
      }
      toast.success(CREATED_MESSAGE);
      setSaving(false);
      reset();
      onCreated(created.memory.id);
    } catch (failure) {
      setSaving(false);
      // A refused form is the form's error; the header says 'Sync failed' only when the server is out of reach.
      if (isSyncFailure(failure instanceof ApiError ? failure.status : undefined)) memoriesStore.failed();
      const message = `Failed to create case: ${errorMessage(failure)}`;
      setError(message);
      toast.error(message);
      if (failure instanceof ApiError) setErrors(fieldErrors(failure.errors));
    }
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      size="wide"
      title="Create New Memory"
      className="mem-dialog"
      onSubmit={() => void submit()}
      submitLabel="Create Memory"
      busy={saving}
      busyLabel="Creating..."
      formClassName="mem-form"
    >
      <p className="aw-muted">A memory keeps the tasks, documents and notes for one person. We will build a checklist for where they lived.</p>
      <MemoryFields mode="create" form={form} formError={error} errors={errors} disabled={saving} onChange={change} />
      <PhotoField file={photo} disabled={saving} onFile={setPhoto} />
      <p className="aw-row mem-privacy">
        <Icon name="lock" size={16} />
        <span>Your information is encrypted and stored securely. {privacy}</span>
      </p>
    </FormDialog>
  );
}
