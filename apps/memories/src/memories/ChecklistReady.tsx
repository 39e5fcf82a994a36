// After 'Create Memory' (the spec: '... set synced; celebrate'): a calm confirmation that the
// checklist is ready, not a party. Someone has just died; confetti and '🎉' belong to finishing everything
// (the spec: 'At 100% with items, a celebration element shows'), not to starting. Decision 0047.
import { Alert, Button, Icon } from '@afterwards/web-ui';
import type { MemorySummary } from '@afterwards/contracts';
import { plural } from '../shared/format';

/** The words of the confirmation, kept apart so a test can read them. */
export function checklistReadyText(memory: Pick<MemorySummary, 'deceasedName' | 'progress'>): { title: string; body: string } {
  return {
    title: `The checklist for ${memory.deceasedName} is ready`,
    body: `It has ${plural(memory.progress.tasks.total, 'task')} and ${plural(memory.progress.documents.total, 'document')}, with the most urgent first. You do not have to do everything at once: come back to it whenever you are ready.`,
  };
}

export function ChecklistReady({ memory, onOpenTasks, onDismiss }: { memory: MemorySummary; onOpenTasks(): void; onDismiss(): void }) {
  const { title, body } = checklistReadyText(memory);
  return (
    <div role="status" className="mem-ready">
      <Alert tone="success" title={title}>
        <p className="mem-ready__body">{body}</p>
        <div className="aw-cluster mem-ready__actions">
          <Button size="sm" onClick={onOpenTasks} icon={<Icon name="checklist" size={16} />}>
            See the tasks
          </Button>
          <Button variant="quiet" size="sm" onClick={onDismiss}>
            Close this message
          </Button>
        </div>
      </Alert>
    </div>
  );
}
