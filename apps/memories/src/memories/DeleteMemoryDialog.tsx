// Delete Forever: a strong warning, first who will lose access (decision 0045), then the
// memory and everything in it are gone.
import { useState } from 'react';
import type { MemorySummary } from '@afterwards/contracts';
import { listOfNames } from '@afterwards/cases-domain';
import { Alert, ConfirmDialog, Icon, useToast } from '@afterwards/web-ui';
import { api, errorMessage } from '../api';
import { memoriesStore, useCloseAllModals, useMemories } from '../store';

export const DELETED_MESSAGE = 'Memory deleted successfully';

export function DeleteMemoryDialog({ memory, onClose, onDeleted }: { memory: MemorySummary | null; onClose(): void; onDeleted(id: string): void }) {
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const { details } = useMemories();
  // Everyone else on it loses it too: named before the button, and told by e-mail once it is gone.
  const losing = memory ? (details[memory.id]?.people ?? []).filter((p) => p.role !== 'owner').map((p) => p.name || 'someone without a name on their account') : [];

  function close() {
    if (!deleting) onClose();
  }
  useCloseAllModals(close);

  async function remove() {
    if (!memory || deleting) return;
    setDeleting(true);
    try {
      await api.deleteMemory(memory.id);
      memoriesStore.forget(memory.id);
      toast.success(DELETED_MESSAGE);
      setDeleting(false);
      onDeleted(memory.id);
    } catch (failure) {
      setDeleting(false);
      toast.error(`Failed to delete memory: ${errorMessage(failure)}`);
    }
  }

  return (
    <ConfirmDialog
      open={memory !== null}
      onCancel={close}
      title="Delete this memory forever?"
      className="mem-dialog mem-dialog--danger"
      confirmLabel="Delete Forever"
      danger
      confirmIcon={<Icon name="trash" size={16} />}
      busy={deleting}
      busyLabel="Deleting..."
      onConfirm={() => void remove()}
    >
      {memory ? (
        <>
          <p>
            You are about to delete <strong>{memory.name}</strong>, the memory for {memory.deceasedName}.
          </p>
          {losing.length > 0 ? (
            <Alert tone="warning" title={`${listOfNames(losing)} will lose access`}>
              You share this memory with {losing.length === 1 ? 'them' : `${losing.length} people`}. Once it is deleted, they will no longer see it. We will let{' '}
              {losing.length === 1 ? 'them' : 'each of them'} know by e-mail that you deleted it.
            </Alert>
          ) : null}
          <Alert tone="error" title="This cannot be undone">
            This permanently deletes all of its tasks, documents, uploaded files, notes and all related data.
          </Alert>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
