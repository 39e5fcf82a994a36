// For someone who can only view a memory shared with them: why nothing on it can be ticked or changed.
import type { MemorySummary } from '@afterwards/contracts';

export function ReadOnlyNote({ memory, doing }: { memory: Pick<MemorySummary, 'ownerName'>; doing: string }) {
  return (
    <p className="aw-muted mem-read-only">
      You can see everything here and download files. {memory.ownerName || 'Its owner'} and the people editing this memory {doing}.
    </p>
  );
}
