// Pure state changes of the memories store (kept apart from the store so they can be unit tested).
import type { MemoryDetail, MemorySummary } from '@afterwards/contracts';

export type SyncStatus = 'syncing' | 'synced' | 'error';

export interface MemoriesState {
  loaded: boolean;
  /** Newest first (created_at desc). */
  memories: MemorySummary[];
  /** Every memory's checklist and notes, loaded after the list. */
  details: Record<string, MemoryDetail>;
  sync: { status: SyncStatus; lastSyncedAt: string | null; error: string | null };
}

export const INITIAL_STATE: MemoriesState = {
  loaded: false,
  memories: [],
  details: {},
  sync: { status: 'syncing', lastSyncedAt: null, error: null },
};

/** Newest first, as the spec lists cases (created_at descending); ties by id so the order is stable. */
export function sortNewestFirst(memories: readonly MemorySummary[]): MemorySummary[] {
  return [...memories].sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? 1 : -1));
}

/** A whole fresh load: the list and every detail (details of memories no longer listed are dropped). */
export function withLoaded(state: MemoriesState, memories: readonly MemorySummary[], details: readonly MemoryDetail[], at: string): MemoriesState {
  const byId: Record<string, MemoryDetail> = {};
  for (const d of details) byId[d.memory.id] = d;
  return {
    loaded: true,
    memories: sortNewestFirst(memories),
    details: byId,
    sync: { status: 'synced', lastSyncedAt: at, error: null },
  };
}

/** One memory's fresh detail: replaces (or adds) its summary and its detail. */
export function withDetail(state: MemoriesState, detail: MemoryDetail): MemoriesState {
  const id = detail.memory.id;
  const current = state.details[id];
  // An older answer arriving after a newer one must not undo it.
  if (current && current.memory.updatedAt > detail.memory.updatedAt) return state;
  const others = state.memories.filter((m) => m.id !== id);
  return {
    ...state,
    memories: sortNewestFirst([...others, detail.memory]),
    details: { ...state.details, [id]: detail },
  };
}

/** A memory that is gone (deleted here, or answered 404). */
export function withoutMemory(state: MemoriesState, id: string): MemoriesState {
  if (!state.details[id] && !state.memories.some((m) => m.id === id)) return state;
  const { [id]: _gone, ...details } = state.details;
  return { ...state, memories: state.memories.filter((m) => m.id !== id), details };
}

export function withSync(state: MemoriesState, status: SyncStatus, at: string | null, error: string | null = null): MemoriesState {
  return { ...state, sync: { status, lastSyncedAt: at ?? state.sync.lastSyncedAt, error } };
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
    completedTasks += m.progress.tasksCompleted;
    documentsCollected += m.progress.documentsCollected;
    pendingTasks += m.progress.tasksTotal - m.progress.tasksCompleted - m.progress.tasksInProgress;
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
