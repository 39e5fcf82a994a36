// Sharing on the screens: what the signed-in person may do on a memory, and the names behind 'ticked by'.
import { memoryMay, type MemoryAction, type MemoryDetail, type MemorySummary } from '@afterwards/contracts';

/** Whether the signed-in person may take the action on this memory: the rule the server refuses by too. */
export const may = (memory: Pick<MemorySummary, 'role'> | undefined, action: MemoryAction): boolean => memoryMay(memory?.role, action);
/** Whether the memory is the signed-in person's own (else it was shared with them). */
export const isOwner = (memory: Pick<MemorySummary, 'role'> | undefined): boolean => memory?.role === 'owner';

/** Whether more than one person is on the memory: only then is 'by whom' worth saying. */
export const isShared = (detail: Pick<MemoryDetail, 'people'> | undefined): boolean => (detail?.people.length ?? 0) > 1;

/** A person's name on this memory; someone who has left (or deleted their account) is not named. */
export function personName(detail: Pick<MemoryDetail, 'people'>, userId: string | null): string | null {
  if (!userId) return null;
  return detail.people.find((p) => p.id === userId)?.name || 'someone no longer on this memory';
}
