// Pure state changes of the memories store (kept apart from the store so they can be unit tested).
import type { MemoryDetail, MemorySummary } from '@afterwards/contracts';

export type SyncStatus = 'syncing' | 'synced' | 'error';

/** What the server holds: the memories' cached query data (see store.ts). */
export interface MemoriesData {
  /** Newest first (created_at desc). */
  memories: MemorySummary[];
  /** Every memory's checklist, files and notes. */
  details: Record<string, MemoryDetail>;
}

export interface SyncState {
  status: SyncStatus;
  lastSyncedAt: string | null;
  error: string | null;
}

/** What the screens read: the data, whether the first load is over, and the header's sync state. */
export interface MemoriesState extends MemoriesData {
  loaded: boolean;
  sync: SyncState;
}

export const NO_MEMORIES: MemoriesData = { memories: [], details: {} };
export const INITIAL_SYNC: SyncState = { status: 'syncing', lastSyncedAt: null, error: null };

/** Newest first, as the spec lists cases (created_at descending); ties by id so the order is stable. */
export function sortNewestFirst(memories: readonly MemorySummary[]): MemorySummary[] {
  return [...memories].sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? 1 : -1));
}

/** A whole fresh load: every memory, each whole (memories no longer there are dropped). */
export function withLoaded(details: readonly MemoryDetail[]): MemoriesData {
  const byId: Record<string, MemoryDetail> = {};
  for (const d of details) byId[d.memory.id] = d;
  return { memories: sortNewestFirst(details.map((d) => d.memory)), details: byId };
}

/** One memory's fresh detail: replaces (or adds) its summary and its detail. */
export function withDetail(data: MemoriesData, detail: MemoryDetail): MemoriesData {
  const id = detail.memory.id;
  const current = data.details[id];
  // An older answer arriving after a newer one must not undo it.
  if (current && current.memory.updatedAt > detail.memory.updatedAt) return data;
  const others = data.memories.filter((m) => m.id !== id);
  return {
    memories: sortNewestFirst([...others, detail.memory]),
    details: { ...data.details, [id]: detail },
  };
}

/** A memory that is gone (deleted here, or answered 404). */
export function withoutMemory(data: MemoriesData, id: string): MemoriesData {
  if (!data.details[id] && !data.memories.some((m) => m.id === id)) return data;
  const { [id]: _gone, ...details } = data.details;
  return { memories: data.memories.filter((m) => m.id !== id), details };
}

export function withSync(sync: SyncState, status: SyncStatus, at: string | null, error: string | null = null): SyncState {
  return { status, lastSyncedAt: at ?? sync.lastSyncedAt, error };
}

/** Totals over every memory for the overview's stat cards. */
export function overviewStats(memories: readonly MemorySummary[]): {
  activeMemories: number;
  completedTasks: number;
  documentsCollected: number;
  pendingTasks: number;
} {
  let completedTasks = 0;
  let documentsCollected = 0;
  let pendingTasks = 0;
  for (const m of memories) {
    // The one progress rule (decision 0047): not needed and done before count as done, as on the card.
    completedTasks += m.progress.tasks.done;
    documentsCollected += m.progress.documents.done;
    pendingTasks += m.progress.tasks.open;
  }
  return { activeMemories: memories.length, completedTasks, documentsCollected, pendingTasks };
}

/**
 * Whether a failed call means the dashboard is out of step with the server (no answer, or the server
 * failing): only then may the header say 'Sync failed'. A refused form (400, 409, 413…) is the form's
 * error, shown on the form; everything on screen is still what the server holds.
 */
export function isSyncFailure(status: number | undefined): boolean {
  return status === undefined || status === 0 || status >= 500;
}
