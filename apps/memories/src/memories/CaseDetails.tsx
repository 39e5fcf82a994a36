// Case details: one memory's progress overall and by category, with ways onward.
import { useState } from 'react';
import { MEMORY_ROLE_LABELS } from '@afterwards/contracts';
import { Badge, Button, Card, ConfirmDialog, Icon, InlineLoading, useToast } from '@afterwards/web-ui';
import { api, errorMessage } from '../api';
import { memoriesStore, useMemories, type MemoriesTab } from '../store';
import { isOwner, isShared, may } from '../shared/people';
import { ShareMemoryDialog } from './ShareMemoryDialog';
import { SharedWithYou } from './MemoriesList';
import { categoryProgress, documentsProgress, isComplete, plural, settledBreakdown, tasksProgress, type CategoryTally } from '../shared/format';
import { CompletionNote, ProgressBar, ProgressMessage } from '../shared/Progress';
import { DOCUMENT_CATEGORY_LABELS, TASK_CATEGORY_LABELS } from '../tasks/checklist-view';
import { usePrintChecklist } from '../print/PrintChecklist';
import { MemoryPhoto } from './MemoriesList';
import { DownloadEverything } from './DownloadEverything';

export const CASE_NOT_FOUND = 'Case not found';

export interface CaseDetailsProps {
  memoryId: string | undefined;
  onNavigate(tab: MemoriesTab | 'resources', memoryId?: string): void;
  onShowInfo(id: string): void;
  onEdit(id: string): void;
}

const labelOf = (labels: Record<string, string>, category: string) =>
  labels[category] ?? (category === 'additional' ? 'Additional' : category.charAt(0).toUpperCase() + category.slice(1));

export function CaseDetails({ memoryId, onNavigate, onShowInfo, onEdit }: CaseDetailsProps) {
  const { loaded, memories, details } = useMemories();
  const printing = usePrintChecklist();
  const toast = useToast();
  const [sharingOpen, setSharingOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const memory = memories.find((m) => m.id === memoryId);
  const detail = memoryId ? details[memoryId] : undefined;

  const back = (
    <button type="button" className="aw-text-button mem-back" onClick={() => onNavigate('cases')}>
      <Icon name="arrow-left" size={18} />
      Back to Memories
    </button>
  );

  if (!memory) {
    return (
      <section className="aw-stack mem-details" aria-label="Case details">
        {back}
        {loaded ? (
          <Card className="aw-stack mem-empty" tone="muted">
            <h2>{CASE_NOT_FOUND}</h2>
            <p className="aw-muted">This memory may have been deleted, or the link is out of date.</p>
          </Card>
        ) : (
          <InlineLoading>Loading this memory...</InlineLoading>
        )}
      </section>
    );
  }

  const p = memory.progress;
  const byCategory = detail ? categoryProgress(detail) : null;
  // How the done ones were done needs the items; the counts themselves come from the summary (one rule).
  const taskWays = detail ? settledBreakdown(tasksProgress(detail.tasks)) : null;
  const documentWays = detail ? settledBreakdown(documentsProgress(detail.documents), 'collected') : null;

  async function leave() {
    if (!memory) return;
    setLeaving(false);
    try {
      await api.removeMember(memory.id, 'me');
      // Gone by this person's own act: dropped here, with no 'no longer shared with you' message.
      memoriesStore.forget(memory.id);
      toast.success(`You have left ${memory.name}`);
      onNavigate('cases');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <section className="aw-stack mem-details" aria-labelledby="mem-details-title">
      {back}
      <Card className="aw-cluster mem-details__head">
        <MemoryPhoto memory={memory} size="lg" />
        <div className="mem-details__who">
          <h2 id="mem-details-title" className="mem-details__name">
            {memory.name}
          </h2>
          <p className="mem-details__deceased">In memory of {memory.deceasedName}</p>
          <p className="aw-cluster mem-card__meta">
            <Badge>{memory.jurisdiction}</Badge>
            <span className="aw-muted">{plural(p.tasks.total, 'task')}</span>
            <span className="aw-muted">{plural(p.documents.total, 'document')}</span>
          </p>
          {isOwner(memory) ? null : <SharedWithYou memory={memory} />}
          {detail && isShared(detail) ? (
            <p className="mem-people">
              <span className="mem-people__label">People on this memory:</span>{' '}
              {detail.people.map((person) => `${person.name || 'Someone'} (${MEMORY_ROLE_LABELS[person.role].toLowerCase()})`).join(', ')}
            </p>
          ) : null}
        </div>
        <div className="aw-cluster mem-details__head-actions">
          <Button variant="secondary" size="sm" onClick={() => onShowInfo(memory.id)} icon={<Icon name="info" size={16} />} aria-haspopup="dialog">
            Memory information
          </Button>
          {may(memory, 'share') ? (
            <>
              <Button variant="secondary" size="sm" onClick={() => setSharingOpen(true)} icon={<Icon name="users" size={16} />} aria-haspopup="dialog">
                Share
              </Button>
              <Button variant="quiet" size="sm" onClick={() => onEdit(memory.id)} icon={<Icon name="edit" size={16} />} aria-haspopup="dialog">
                Edit Case
              </Button>
            </>
          ) : (
            <Button variant="quiet" size="sm" onClick={() => setLeaving(true)} icon={<Icon name="log-out" size={16} />} aria-haspopup="dialog">
              Leave this memory
            </Button>
          )}
        </div>
      </Card>
      {sharingOpen ? <ShareMemoryDialog memory={memory} onClose={() => setSharingOpen(false)} /> : null}
      {leaving ? (
        <ConfirmDialog title="Leave this memory?" confirmLabel="Leave" danger onConfirm={() => void leave()} onCancel={() => setLeaving(false)}>
          <p>
            You will no longer see {memory.name}. {memory.ownerName || 'Its owner'} can invite you again if you need it back.
          </p>
        </ConfirmDialog>
      ) : null}

      <Card className="aw-stack mem-details__overall" as="section" aria-labelledby="mem-overall-title">
        <h3 id="mem-overall-title">Overall progress</h3>
        <ProgressBar percent={p.percent} label={`Overall progress of ${memory.name}`} />
        <ProgressMessage percent={p.percent} />
        {isComplete(p) ? <CompletionNote /> : null}
        <dl className="mem-counts">
          <div>
            <dt>Tasks done</dt>
            <dd>
              {p.tasks.done} of {p.tasks.total}
              {taskWays ? <span className="mem-counts__ways">{taskWays}</span> : null}
            </dd>
          </div>
          <div>
            <dt>Tasks in progress</dt>
            <dd>{p.tasks.inProgress}</dd>
          </div>
          <div>
            <dt>Documents done</dt>
            <dd>
              {p.documents.done} of {p.documents.total}
              {documentWays ? <span className="mem-counts__ways">{documentWays}</span> : null}
            </dd>
          </div>
        </dl>
      </Card>

      <div className="mem-details__categories">
        <CategoryCard title="Tasks by category" icon="checklist" tallies={byCategory?.tasks} labels={TASK_CATEGORY_LABELS} unit="done" />
        <CategoryCard title="Documents by category" icon="document" tallies={byCategory?.documents} labels={DOCUMENT_CATEGORY_LABELS} unit="done" />
      </div>

      <nav className="aw-cluster mem-details__shortcuts" aria-label={`Go to ${memory.name}'s`}>
        <Button onClick={() => onNavigate('tasks', memory.id)} icon={<Icon name="checklist" size={18} />}>
          Tasks
        </Button>
        <Button onClick={() => onNavigate('documents', memory.id)} icon={<Icon name="document" size={18} />}>
          Documents
        </Button>
        <Button onClick={() => onNavigate('organisations', memory.id)} icon={<Icon name="building" size={18} />}>
          Organisations
        </Button>
        <Button variant="secondary" onClick={() => onNavigate('resources')} icon={<Icon name="users" size={18} />}>
          Resources
        </Button>
        <Button variant="quiet" onClick={() => printing.print(memory.id)} disabled={!detail} icon={<Icon name="document" size={18} />}>
          Print checklist
        </Button>
      </nav>
      {/* The whole memory as a zip is its owner's to take away (their data); others read and download its files. */}
      {may(memory, 'export') ? <DownloadEverything memoryId={memory.id} memoryName={memory.name} /> : null}
      {printing.element}
    </section>
  );
}

function CategoryCard({
  title,
  icon,
  tallies,
  labels,
  unit,
}: {
  title: string;
  icon: 'checklist' | 'document';
  tallies: CategoryTally[] | undefined;
  labels: Record<string, string>;
  unit: string;
}) {
  return (
    <Card as="section" className="aw-stack mem-categories" aria-label={title}>
      <h3>
        <Icon name={icon} size={20} /> {title}
      </h3>
      {!tallies ? (
        <InlineLoading>Loading the checklist...</InlineLoading>
      ) : tallies.length === 0 ? (
        <p className="aw-muted">Nothing here yet.</p>
      ) : (
        <ul className="aw-list-stack mem-categories__list">
          {tallies.map((t) => {
            const label = labelOf(labels, t.category);
            return (
              <li key={t.category}>
                <div className="mem-categories__row">
                  <span>{label}</span>
                  <span className="aw-muted">
                    {t.done}/{t.total} {unit}
                  </span>
                </div>
                <ProgressBar percent={t.percent} label={`${label}: ${t.done} of ${t.total} ${unit}`} size="sm" showPercent={false} />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
