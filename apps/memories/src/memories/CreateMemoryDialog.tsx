// Create New Memory (family spec section 2): details, an optional photo; the server builds the checklist.
import { useState } from 'react';
import { Alert, FormDialog, Icon, useToast } from '@afterwards/web-ui';
import { api, ApiError, errorMessage } from '../api';
import { memoriesStore, useCloseAllModals } from '../store';
import { isSyncFailure } from '../shared/memories-state';
import { EMPTY_FORM, createRequestFrom, fieldErrors, type MemoryField, type MemoryForm } from './forms';
import { MemoryFields } from './MemoryFields';
import { PhotoField } from './PhotoField';

export const CREATED_MESSAGE = 'Case created successfully with complete checklist!';

export function CreateMemoryDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(memoryId: string): void }) {
  const toast = useToast();
  const [form, setForm] = useState<MemoryForm>(EMPTY_FORM);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<MemoryField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

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
      <div role="alert" className="mem-form__error">
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      <MemoryFields
        mode="create"
        form={form}
        errors={errors}
        disabled={saving}
        onChange={(field, value) => {
          setForm((f) => ({ ...f, [field]: value }));
          setErrors(({ [field]: _fixed, ...rest }) => rest);
        }}
      />
      <PhotoField file={photo} disabled={saving} onFile={setPhoto} />
      <p className="mem-privacy">
        <Icon name="lock" size={16} />
        <span>Your information is encrypted and stored securely. Only you can see your memories.</span>
      </p>
    </FormDialog>
  );
}
