// Overview tab: a word of welcome, totals over every memory and three ways to carry on.
import type { ReactNode } from 'react';
import { Icon, StatTiles, type StatTile } from '@afterwards/web-ui';
import { useMemories, type MemoriesTab } from '../store';
import { overviewStats } from '../shared/memories-state';

export interface OverviewTabProps {
  onNavigate(tab: MemoriesTab | 'resources', memoryId?: string): void;
  onCreateMemory(): void;
}

export function OverviewTab({ onNavigate, onCreateMemory }: OverviewTabProps) {
  const { loaded, memories } = useMemories();
  const stats = overviewStats(memories);
  // Until the memories arrive each figure is a dash (StatTiles), so the tiles keep their size.
  const figure = (value: number) => (loaded ? value : undefined);
  const tiles: readonly StatTile[] = [
    { label: 'Active Memories', value: figure(stats.activeMemories), icon: 'heart' },
    { label: 'Completed Tasks', value: figure(stats.completedTasks), icon: 'checklist' },
    { label: 'Documents Collected', value: figure(stats.documentsCollected), icon: 'document' },
    { label: 'Pending Tasks', value: figure(stats.pendingTasks), icon: 'progress' },
  ];
  return (
    <div className="aw-stack mem-overview">
      {/* Until the memories arrive, the words most visitors will see hold their place (hidden), so the
          stats below do not move when they come. */}
      <p className="mem-lead" style={loaded ? undefined : { visibility: 'hidden' }}>
        {loaded && memories.length === 0
          ? 'This is your space to keep track of everything that needs doing after a death, one step at a time. Start by creating a memory for the person who died.'
          : 'Here is where things stand. Take it one step at a time: there is no rush, and every step counts.'}
      </p>

      <section aria-labelledby="mem-stats-title">
        <h2 id="mem-stats-title" className="aw-visually-hidden">
          Your progress at a glance
        </h2>
        <p className="aw-visually-hidden" role="status">
          {loaded ? '' : 'Loading your memories...'}
        </p>
        <StatTiles size="large" labelledBy="mem-stats-title" tiles={tiles} busy={!loaded} />
      </section>

      <section aria-labelledby="mem-actions-title">
        <h2 id="mem-actions-title" className="mem-section-title">
          What would you like to do?
        </h2>
        <ul className="mem-actions">
          <li>
            <ActionCard
              icon={<Icon name="plus" size={24} />}
              title="Create New Memory"
              text="Open a memory for the person who died and get a checklist of tasks and documents for where they lived."
              onClick={onCreateMemory}
            />
          </li>
          <li>
            <ActionCard
              icon={<Icon name="heart" size={24} />}
              title="Manage Memories"
              text="See each memory's progress, its details and what is left to do."
              onClick={() => onNavigate('cases')}
            />
          </li>
          <li>
            <ActionCard
              icon={<Icon name="users" size={24} />}
              title="Resources & Guides"
              text="Guides from government services and bereavement charities, and local services near you."
              onClick={() => onNavigate('resources')}
            />
          </li>
        </ul>
      </section>
    </div>
  );
}

function ActionCard({ icon, title, text, onClick }: { icon: ReactNode; title: string; text: string; onClick: () => void }) {
  return (
    <button type="button" className="aw-card-button aw-stack mem-action" onClick={onClick}>
      <span className="aw-disc mem-action__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="mem-action__title">{title}</span>
      <span className="mem-action__text">{text}</span>
    </button>
  );
}
