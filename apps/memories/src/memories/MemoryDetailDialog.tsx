// The detail dialog of a memory: its facts, progress and ways onward.
import type { ReactNode } from 'react';
import { Badge, Button, Dialog, Icon } from '@afterwards/web-ui';
import { useCloseAllModals, useMemories, type MemoriesTab } from '../store';
import { completedCount, formatCreatedDate, formatDay, isComplete } from '../shared/format';
import { CompletionNote, ProgressBar, ProgressMessage } from '../shared/Progress';
import { MemoryPhoto } from './MemoriesList';
import { may } from '../shared/people';

export interface MemoryDetailDialogProps {
  memoryId: string | null;
  onClose(): void;
  onNavigate(tab: MemoriesTab, memoryId?: string): void;
  onEdit(id: string): void;
}

export function MemoryDetailDialog({ memoryId, onClose, onNavigate, onEdit }: MemoryDetailDialogProps) {
  const { memories } = useMemories();
  const memory = memoryId ? memories.find((m) => m.id === memoryId) : undefined;
  useCloseAllModals(onClose);
  const go = (tab: MemoriesTab) => {
    if (!memory) return;
    onClose();
    onNavigate(tab, memory.id);
  };
  return (
    <Dialog
      open={Boolean(memory)}
      onClose={onClose}
      size="wide"
      title={memory?.name ?? ''}
      className="mem-dialog"
      actions={
        memory ? (
          <div className="aw-cluster mem-detail__actions">
            <Button variant="secondary" size="sm" onClick={() => go('tasks')} icon={<Icon name="checklist" size={16} />}>
              View Tasks
            </Button>
            <Button variant="secondary" size="sm" onClick={() => go('documents')} icon={<Icon name="document" size={16} />}>
              View Documents
            </Button>
            <Button variant="secondary" size="sm" onClick={() => go('notes')} icon={<Icon name="note" size={16} />}>
              View Notes
            </Button>
            {may(memory, 'edit-details') ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  onClose();
                  onEdit(memory.id);
                }}
                icon={<Icon name="edit" size={16} />}
              >
                Edit Case
              </Button>
            ) : null}
            <Button size="sm" onClick={onClose} autoFocus>
              Close
            </Button>
          </div>
        ) : null
      }
    >
      {memory ? (
        <div className="aw-stack mem-detail">
          <div className="aw-cluster mem-detail__head">
            <MemoryPhoto memory={memory} size="lg" />
            <div>
              <p className="mem-details__deceased">In memory of {memory.deceasedName}</p>
              <Badge>{memory.jurisdiction}</Badge>
            </div>
          </div>
          <dl className="aw-facts mem-facts">
            <Fact label="Date of death" value={formatDay(memory.dateOfDeath)} />
            <Fact label="Date of birth" value={formatDay(memory.dateOfBirth)} />
            <Fact label="Place of death" value={memory.placeOfDeath} />
            <Fact label="Your relationship" value={memory.relationship} />
            <Fact label="Created" value={formatCreatedDate(memory.createdAt)} />
          </dl>
          <section className="aw-stack mem-detail__progress" aria-label="Progress overview">
            <h3>Progress overview</h3>
            <ProgressBar percent={memory.progress.percent} label={`Progress of ${memory.name}`} />
            <ProgressMessage percent={memory.progress.percent} />
            {isComplete(memory.progress) ? <CompletionNote /> : null}
            <p className="aw-muted">
              {memory.progress.tasks.done} of {memory.progress.tasks.total} tasks done · {memory.progress.documents.done} of {memory.progress.documents.total} documents done ·{' '}
              {completedCount(memory)} of {memory.progress.overall.total} in all
            </p>
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value || <span className="aw-muted">Not set</span>}</dd>
    </div>
  );
}
