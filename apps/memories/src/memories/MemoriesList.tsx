// Memories tab: 'Your Memories', one card per memory, newest first.
import { useState } from 'react';
import { MEMORY_ROLE_LABELS, type MemorySummary } from '@afterwards/contracts';
import { Badge, Button, Card, Icon, InlineLoading } from '@afterwards/web-ui';
import { useMemories } from '../store';
import { completedCount, formatCreatedDate, plural } from '../shared/format';
import { ProgressBar } from '../shared/Progress';
import { isOwner, may } from '../shared/people';

export interface MemoriesListProps {
  onCreateMemory(): void;
  onViewDetails(id: string): void;
  onShowInfo(id: string): void;
  onDelete(memory: MemorySummary): void;
}

export function MemoriesList({ onCreateMemory, onViewDetails, onShowInfo, onDelete }: MemoriesListProps) {
  const { loaded, memories } = useMemories();
  return (
    <section className="aw-list-stack mem-list" aria-labelledby="mem-list-title">
      <div className="aw-split mem-section-head">
        <h2 id="mem-list-title" className="mem-section-title">
          Your Memories
        </h2>
        <Button onClick={onCreateMemory} icon={<Icon name="plus" size={18} />}>
          New Memory
        </Button>
      </div>
      {!loaded ? (
        <InlineLoading>Loading your memories...</InlineLoading>
      ) : memories.length === 0 ? (
        <Card className="aw-stack mem-empty" tone="muted">
          <span className="aw-disc mem-empty__icon" aria-hidden="true">
            <Icon name="heart" size={32} />
          </span>
          <h3>No Memories Yet</h3>
          <p className="aw-muted">Create a memory for the person who died. We will prepare a checklist of the tasks and documents for where they lived.</p>
          <Button onClick={onCreateMemory} icon={<Icon name="plus" size={18} />}>
            Create Your First Memory
          </Button>
        </Card>
      ) : (
        <ul className="mem-cards">
          {memories.map((m) => (
            <li key={m.id}>
              <MemoryCard memory={m} onViewDetails={() => onViewDetails(m.id)} onShowInfo={() => onShowInfo(m.id)} onDelete={() => onDelete(m)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MemoryCard({ memory, onViewDetails, onShowInfo, onDelete }: { memory: MemorySummary; onViewDetails(): void; onShowInfo(): void; onDelete(): void }) {
  const p = memory.progress;
  return (
    <Card as="article" className="aw-stack mem-card" aria-labelledby={`mem-card-${memory.id}`}>
      <div className="aw-row mem-card__top">
        <MemoryPhoto memory={memory} size="sm" />
        <div className="mem-card__who">
          <h3 id={`mem-card-${memory.id}`} className="mem-card__name">
            <button type="button" className="aw-text-button mem-link-button" onClick={onShowInfo} aria-haspopup="dialog" title={memory.name}>
              {memory.name}
            </button>
          </h3>
          <p className="mem-card__deceased">{memory.deceasedName}</p>
          <p className="aw-cluster mem-card__meta">
            <Badge>{memory.jurisdiction}</Badge>
            <span className="aw-muted">Created {formatCreatedDate(memory.createdAt)}</span>
          </p>
          {isOwner(memory) ? null : <SharedWithYou memory={memory} />}
        </div>
        {/* Only the owner deletes forever; someone it is shared with can leave it from its details. */}
        {may(memory, 'delete') ? (
          <button type="button" className="aw-icon-button mem-icon-btn--danger" aria-label={`Delete ${memory.name}`} onClick={onDelete}>
            <Icon name="trash" size={18} />
          </button>
        ) : null}
      </div>
      <ProgressBar percent={p.percent} label={`Progress of ${memory.name}`} />
      <ul className="aw-list-cluster mem-card__counts">
        <li>{plural(p.tasks.total, 'task')}</li>
        <li>{plural(p.documents.total, 'document')}</li>
        <li>{completedCount(memory)} completed</li>
      </ul>
      <Button variant="secondary" block onClick={onViewDetails} icon={<Icon name="eye" size={18} />}>
        View Details
      </Button>
    </Card>
  );
}

/** 'Shared by Ann · Editor' on a memory someone else owns. */
export function SharedWithYou({ memory }: { memory: MemorySummary }) {
  return (
    <p className="aw-row mem-shared">
      <Icon name="users" size={16} />
      <span>
        Shared by {memory.ownerName || 'its owner'} · {MEMORY_ROLE_LABELS[memory.role]}
      </span>
    </p>
  );
}

/** The memory's photo (thumbnail in lists), or a quiet placeholder with the deceased's initial. */
export function MemoryPhoto({ memory, size }: { memory: MemorySummary; size: 'sm' | 'lg' }) {
  const src = memory.photo ? (size === 'sm' ? memory.photo.thumbnailUrl : memory.photo.url) : null;
  // An image that cannot be shown falls back to the initial rather than a broken picture.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img className={`mem-photo mem-photo--${size}`} src={src} alt={`Photo of ${memory.deceasedName}`} decoding="async" onError={() => setFailed(src)} />;
  }
  const initial = memory.deceasedName.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className={`mem-photo mem-photo--${size} mem-photo--empty`} aria-hidden="true">
      {initial}
    </span>
  );
}
