// A late start (issue 40, item 2): tasks that must have happened long before the memory was started (the
// funeral, a registration whose deadline passed months ago) are offered as 'Done before I started' in one
// step. Which tasks, by the checklist domain's one rule; the server settles the same set.
import { useId, useState } from 'react';
import { doneBeforeStartOffer, type TimingContext } from '@afterwards/checklist-domain';
import type { MemoryTask } from '@afterwards/contracts';
import { Button, useToast } from '@afterwards/web-ui';
import { api } from '../api';
import { memoriesStore, reportMutationError } from '../store';

export function LateStartOffer({ memoryId, tasks, timing, readOnly }: { memoryId: string; tasks: readonly MemoryTask[]; timing: TimingContext; readOnly: boolean }) {
  const headingId = useId();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const offered = doneBeforeStartOffer(tasks, timing);
  if (offered.length === 0) return null;

  async function accept() {
    if (busy) return;
    setBusy(true);
    try {
      memoriesStore.apply(await api.settleDoneBeforeStart(memoryId));
      toast.success(offered.length === 1 ? '1 task marked as done before you started' : `${offered.length} tasks marked as done before you started`);
    } catch (error) {
      reportMutationError(toast, error, memoryId, (message) => `Failed to update: ${message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mem-late-offer" aria-labelledby={headingId}>
      <h3 id={headingId} className="mem-late-offer__title">
        Already done before you started?
      </h3>
      <p className="mem-late-offer__text">
        These usually happen in the first weeks after a death, so they were most likely done before you started. You will not get reminders about them.
      </p>
      <ul className="mem-late-offer__list">
        {offered.map((t) => (
          <li key={t.id}>{t.title}</li>
        ))}
      </ul>
      {readOnly ? null : (
        <div className="aw-cluster mem-late-offer__actions">
          <Button size="sm" onClick={accept} disabled={busy} aria-busy={busy || undefined}>
            Mark {offered.length === 1 ? 'it' : `all ${offered.length}`} as done before I started
          </Button>
          <span className="mem-late-offer__hint">You can undo this for any task.</span>
        </div>
      )}
    </section>
  );
}
