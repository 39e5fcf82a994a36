// Edit Memory Information: the memory's details and its photo. The form carries the
// detailsVersion it was filled from; an edit made elsewhere meanwhile answers 409 and the form is refilled.
import { useEffect, useId, useState } from 'react';
import type { MemorySummary } from '@afterwards/contracts';
import { Button, Dialog, useToast } from '@afterwards/web-ui';
import { api, ApiError, errorMessage } from '../api';
import { memoriesStore, useCloseAllModals, useMemories } from '../store';
import { editRequestFrom, fieldErrors, formFromMemory } from './forms';
import { MemoryFields, useMemoryForm } from './MemoryFields';
import { PhotoField } from './PhotoField';

export const UPDATED_MESSAGE = 'Case details updated successfully!';

export function EditMemoryDialog({ memoryId, onClose }: { memoryId: string | null; onClose(): void }) {
  const { memories } = useMemories();
  const memory = memoryId ? memories.find((m) => m.id === memoryId) : undefined;
  useCloseAllModals(onClose);
  return (
    <Dialog open={Boolean(memory)} onClose={onClose} size="wide" title="Edit Memory Information" className="mem-dialog mem-dialog--form-actions" actions={<></>}>
      {/* Keyed by memory: opening the dialog for another memory starts a fresh form. Its buttons live in the
          form (Enter submits, one busy state), so the dialog's own actions slot stays empty. */}
      {memory ? <EditForm key={memory.id} memory={memory} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditForm({ memory, onDone }: { memory: MemorySummary; onDone(): void }) {
  const toast = useToast();
  const formId = useId();
  const [base, setBase] = useState<MemorySummary>(memory);
  const { form, setForm, errors, setErrors, change } = useMemoryForm(() => formFromMemory(memory));
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refill, setRefill] = useState(false);

  // After a 409 the store holds the other tab's version: refill the form from it.
  useEffect(() => {
    if (!refill || memory.detailsVersion === base.detailsVersion) return;
    setBase(memory);
    setForm(formFromMemory(memory));
    setRefill(false);
  }, [refill, memory, base.detailsVersion, setForm]);

  async function submit() {
    if (saving) return;
    const parsed = editRequestFrom(form, base);
    if ('error' in parsed) {
      setError(parsed.error);
      setErrors(parsed.errors ?? {});
      return;
    }
    setSaving(true);
    setError(null);
    setErrors({});
    try {
      memoriesStore.apply(await api.editMemory(memory.id, parsed.request));
    } catch (failure) {
      setSaving(false);
      if (failure instanceof ApiError && failure.status === 409) {
        setError(failure.message);
        toast.error(failure.message);
        setRefill(true);
        void memoriesStore.refreshMemory(memory.id).catch(() => undefined);
        return;
      }
      const message = `Failed to update case: ${failure instanceof Error && failure.message ? failure.message : 'Unknown error'}`;
      setError(message);
      toast.error(message);
      if (failure instanceof ApiError) setErrors(fieldErrors(failure.errors));
      return;
    }
    try {
      if (photo) memoriesStore.apply(await api.setPhoto(memory.id, photo));
      else if (removePhoto && memory.photo) memoriesStore.apply(await api.removePhoto(memory.id));
    } catch (failure) {
      // The details are saved; only the photo change is left to try again.
      setSaving(false);
      setBase(memoriesStore.get().memories.find((m) => m.id === memory.id) ?? base);
      const message = `Upload failed: ${errorMessage(failure)}`;
      setError(message);
      toast.error(message);
      return;
    }
    setSaving(false);
    toast.success(UPDATED_MESSAGE);
    onDone();
  }

  return (
    <form
      id={formId}
      noValidate
      className="mem-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <MemoryFields mode="edit" form={form} formError={error} errors={errors} disabled={saving} onChange={change} />
      <PhotoField
        file={photo}
        onFile={(file) => {
          setPhoto(file);
          if (file) setRemovePhoto(false);
        }}
        currentUrl={memory.photo?.thumbnailUrl ?? null}
        removed={removePhoto}
        onRemove={() => setRemovePhoto(true)}
        disabled={saving}
      />
      <div className="aw-dialog__actions mem-form__actions">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
