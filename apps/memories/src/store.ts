// The memories remote's server state, in a TanStack Query cache shared by every exposed module (the
// dashboard and the header's sync indicator come from the same container, so they share this module).
// Read it with useMemories(); change it through memoriesStore. Realtime: the private 'memories' topic
// (subscribeToTopic, @afterwards/web-data) tells us which memories changed; we refetch those, except the
// changes this page made itself: a write's answer already holds them (see `echoes`).
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { PrivateTopics, type MemoryDetail } from '@afterwards/contracts';
import { subscribeToTopic } from '@afterwards/web-data';
import type { ToastApi } from '@afterwards/web-ui';
import { api, ApiError, errorMessage, onWritesSettled, writing } from './api';
import { parseNoticeId, type Farewell } from './shared/farewell';
import {
  INITIAL_SYNC,
  NO_MEMORIES,
  withDetail,
  withLoaded,
  withoutMemory,
  withSync,
  type MemoriesData,
  type MemoriesState,
  type SyncState,
  type SyncStatus,
} from './shared/memories-state';

export type { MemoriesState, SyncStatus };

export type MemoriesTab = 'overview' | 'cases' | 'case-details' | 'tasks' | 'documents' | 'notes' | 'organisations';

/** Props of every tab component of the remote (B's Tasks, Documents, Notes tabs included). */
export interface TabProps {
  onNavigate(tab: MemoriesTab, memoryId?: string): void;
  onCreateMemory(): void;
  focusMemoryId?: string;
}

/** The spec's sync failure message. */
export const SYNC_FAILED = 'Sync failed';
/** Realtime events for several memories arrive in bursts (one commit touches many rows): refetch once. */
const REFETCH_DEBOUNCE_MS = 150;
/** How long the first load waits for the realtime room before loading without it. */
const JOIN_WAIT_MS = 2_000;

/** Every memory, each whole: one query, read in one call and kept fresh by the realtime topic, not by age. */
export const MEMORIES_KEY = ['memories'] as const;
/** Nothing is cached under it: the notices topic only tells (see onNotices). */
const NOTICES_KEY = ['memory-notices'] as const;
export const memoriesQueryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, gcTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
  },
});
const cached = (): MemoriesData | undefined => memoriesQueryClient.getQueryData<MemoriesData>(MEMORIES_KEY);

// The header's sync state and whether the first load may start: beside the cache, since writes, the
// realtime connection and single-memory refetches change it too.
interface Live {
  ready: boolean;
  sync: SyncState;
  /** A memory this person could see went away while the page was open (decision 0045): said, then dismissed. */
  farewell: Farewell | null;
}
let live: Live = { ready: false, sync: INITIAL_SYNC, farewell: null };
const listeners = new Set<() => void>();
function setLive(next: Partial<Live>) {
  live = { ...live, ...next };
  for (const l of listeners) l();
}
const setSync = (status: SyncStatus, at: string | null, error: string | null = null) => setLive({ sync: withSync(live.sync, status, at, error) });
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getLive = () => live;
const now = () => new Date().toISOString();

async function loadAll(): Promise<MemoriesData> {
  setSync('syncing', null);
  try {
    const data = withLoaded(await api.listMemoryDetails());
    setSync('synced', now());
    return data;
  } catch (error) {
    setSync('error', null, errorMessage(error));
    throw error;
  }
}

/** Changes the cached memories; before the first load there is nothing to change, and the load brings it. */
function update(change: (data: MemoriesData) => MemoriesData) {
  if (cached()) memoriesQueryClient.setQueryData<MemoriesData>(MEMORIES_KEY, (data) => (data ? change(data) : data));
  else void memoriesQueryClient.invalidateQueries({ queryKey: MEMORIES_KEY });
}

// ------------------------------------------------------------------------------------------ realtime

let starts = 0;
let stopTopic: (() => void) | null = null;
let stopNotices: (() => void) | null = null;

/** Why a memory went, when the notice came before the memory's own 404 (the two travel separately). */
const noticeKinds = new Map<string, Farewell['kind']>();

/**
 * A memory shared with this person is gone (deleted, or no longer shared with them): the screen says so, in the
 * names it was showing. Not for one's own memories (deleted here, or from another of one's own windows).
 */
function sayFarewell(memoryId: string, kind: Farewell['kind']) {
  const memory = cached()?.details[memoryId]?.memory;
  if (live.farewell?.memoryId === memoryId) {
    if (kind && live.farewell.kind !== kind) setLive({ farewell: { ...live.farewell, kind } });
    return;
  }
  if (!memory || memory.role === 'owner') return;
  setLive({ farewell: { memoryId, kind, deceasedName: memory.deceasedName, ownerName: memory.ownerName } });
}

/** The `memory-notices` topic: `<kind>:<memory id>` for this person only. */
function onNotices(ids: readonly string[]) {
  for (const id of ids) {
    const notice = parseNoticeId(id);
    // Someone left one of this person's memories: the e-mail tells them; the Share list updates by itself.
    if (!notice || notice.kind === 'member-left') continue;
    noticeKinds.set(notice.memoryId, notice.kind);
    sayFarewell(notice.memoryId, notice.kind);
    refetchSoon([notice.memoryId]);
  }
}
const pendingIds = new Set<string>();
let refetchTimer: ReturnType<typeof setTimeout> | undefined;
let stopWaitingForWrites: (() => void) | null = null;

/**
 * Changes this page made and whose realtime message has not come yet, per memory: each write whose answer
 * changed the memory (or Delete Forever) publishes one message, which needs no refetch since the answer
 * was read after the change was projected. Kept a short while only, so a message that never comes (the
 * connection dropped; a reconnect reloads everything anyway) cannot hide another device's change for long.
 */
const echoes = new Map<string, number[]>();
const ECHO_WAIT_MS = 10_000;

function expectEcho(id: string) {
  echoes.set(id, [...(echoes.get(id) ?? []), Date.now() + ECHO_WAIT_MS]);
}

/** True when the message about `id` is the echo of this page's own change (and consumes it). */
function isOwnEcho(id: string): boolean {
  const waiting = (echoes.get(id) ?? []).filter((until) => until > Date.now());
  const own = waiting.length > 0;
  if (own) waiting.shift();
  if (waiting.length) echoes.set(id, waiting);
  else echoes.delete(id);
  return own;
}

function flushRefetch() {
  // A write of this page still waiting for its answer: its message may be here before it. Wait for the
  // answer (it records the echo), then decide.
  if (writing()) {
    stopWaitingForWrites ??= onWritesSettled(() => {
      stopWaitingForWrites?.();
      stopWaitingForWrites = null;
      // After the caller has put the answer into the cache (same task, later microtasks).
      refetchTimer = setTimeout(flushRefetch, 0);
    });
    return;
  }
  const batch = [...pendingIds].filter((id) => !isOwnEcho(id));
  pendingIds.clear();
  for (const id of batch) void memoriesStore.refreshMemory(id).catch(() => undefined);
}

function refetchSoon(ids: readonly string[]) {
  for (const id of ids) pendingIds.add(id);
  clearTimeout(refetchTimer);
  refetchTimer = setTimeout(flushRefetch, REFETCH_DEBOUNCE_MS);
}

// ------------------------------------------------------------------------------------ the UI's requests

/** Requests between parts of the dashboard that are not parent and child (keyboard shortcuts). */
export interface MemoriesUi {
  /** Set by Ctrl/Cmd+Shift+N: the Notes tab opens its editor for this memory (or the first) and clears it. */
  noteEditorRequest: { seq: number; memoryId?: string } | null;
  /** Bumped by Escape: every open dialog of the remote closes. */
  closeAllSeq: number;
}

let ui: MemoriesUi = { noteEditorRequest: null, closeAllSeq: 0 };
const uiListeners = new Set<() => void>();
let seq = 0;
function setUi(next: MemoriesUi) {
  ui = next;
  for (const l of uiListeners) l();
}
const subscribeUi = (listener: () => void) => {
  uiListeners.add(listener);
  return () => uiListeners.delete(listener);
};

// --------------------------------------------------------------------------------------------- the API

export const memoriesStore = {
  /** Reads the current state (outside React). */
  get(): MemoriesState {
    const data = cached();
    return { ...(data ?? NO_MEMORIES), loaded: data !== undefined, sync: live.sync };
  },

  /**
   * Every memory, whole, in one read; sets the sync status. Used by the manual sync button, which awaits it:
   * it rejects when the load fails (the sync state then says 'error'). A call during a load shares it.
   */
  async refresh(): Promise<void> {
    await memoriesQueryClient.fetchQuery({ queryKey: MEMORIES_KEY, queryFn: loadAll, staleTime: 0 });
  },

  /** Refetches one memory; a 404 (deleted elsewhere) removes it. */
  async refreshMemory(id: string): Promise<void> {
    try {
      const detail = await api.getMemory(id);
      update((data) => withDetail(data, detail));
      setSync('synced', now());
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        sayFarewell(id, noticeKinds.get(id) ?? null);
        update((data) => withoutMemory(data, id));
        setSync('synced', now());
        return;
      }
      setSync('error', null, errorMessage(error));
      throw error;
    }
  },

  /** Puts a mutation's answer into the cache at once. */
  apply(detail: MemoryDetail): void {
    const before = cached()?.details[detail.memory.id];
    if (!before || before.memory.updatedAt !== detail.memory.updatedAt) expectEcho(detail.memory.id);
    update((data) => withDetail(data, detail));
    setSync('synced', now());
  },

  /** Removes a memory after Delete Forever. */
  forget(id: string): void {
    expectEcho(id);
    update((data) => withoutMemory(data, id));
  },

  /** Marks the sync as failed (e.g. creation failed), keeping the data. */
  failed(message: string = SYNC_FAILED): void {
    setSync('error', null, message);
  },

  /**
   * The realtime subscription, which lets the first load start once its room is joined (or after
   * JOIN_WAIT_MS without it). Counted: every mounted user calls it and the returned stop; the connection
   * closes when the last one stops.
   */
  start(): () => void {
    starts += 1;
    if (starts === 1) {
      stopTopic = subscribeToTopic(memoriesQueryClient, {
        topic: PrivateTopics.memories,
        queryKey: MEMORIES_KEY,
        firstFetchWaitMs: JOIN_WAIT_MS,
        onReady: () => setLive({ ready: true }),
        onChange: refetchSoon,
        // A (re)join reloads everything, so no echo awaited before it is still to come.
        onJoined: () => echoes.clear(),
        onConnectionLost: () => setSync('error', null, SYNC_FAILED),
      });
      stopNotices = subscribeToTopic(memoriesQueryClient, { topic: PrivateTopics.memoryNotices, queryKey: NOTICES_KEY, onChange: onNotices });
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      starts -= 1;
      if (starts === 0 && stopTopic) {
        clearTimeout(refetchTimer);
        stopWaitingForWrites?.();
        stopWaitingForWrites = null;
        stopTopic();
        stopTopic = null;
        stopNotices?.();
        stopNotices = null;
      }
    };
  },

  /** Ctrl/Cmd+Shift+N: ask the Notes tab to open its editor (for this memory, else the first). */
  openNoteEditor(memoryId?: string): void {
    seq += 1;
    setUi({ ...ui, noteEditorRequest: { seq, ...(memoryId ? { memoryId } : {}) } });
  },

  /** The Notes tab took the request (so it is not acted on twice). */
  noteEditorOpened(requestSeq: number): void {
    if (ui.noteEditorRequest?.seq === requestSeq) setUi({ ...ui, noteEditorRequest: null });
  },

  /** The person has read why a memory went. */
  dismissFarewell(): void {
    if (live.farewell) noticeKinds.delete(live.farewell.memoryId);
    setLive({ farewell: null });
  },

  /** Escape: close every dialog of the remote (use useCloseAllModals in each dialog's owner). */
  closeAllModals(): void {
    setUi({ ...ui, closeAllSeq: ui.closeAllSeq + 1 });
  },
};

/** The memories state; re-renders on every change. */
export function useMemories(): MemoriesState {
  const { ready, sync } = useSyncExternalStore(subscribe, getLive, getLive);
  const query = useQuery({ queryKey: MEMORIES_KEY, queryFn: loadAll, enabled: ready }, memoriesQueryClient);
  const { data, isError } = query;
  return useMemo(() => ({ ...(data ?? NO_MEMORIES), loaded: data !== undefined || isError, sync }), [data, isError, sync]);
}

/** Requests between parts of the dashboard (note editor, close all). */
export function useMemoriesUi(): MemoriesUi {
  return useSyncExternalStore(
    subscribeUi,
    () => ui,
    () => ui,
  );
}

/** Calls `close` whenever Escape asks every dialog to close (not on mount). */
export function useCloseAllModals(close: () => void): void {
  const { closeAllSeq } = useMemoriesUi();
  const seen = useRef(closeAllSeq);
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (closeAllSeq !== seen.current) {
      seen.current = closeAllSeq;
      latest.current();
    }
  }, [closeAllSeq]);
}

/** Starts the store while a component is mounted. */
export function useMemoriesLive(): MemoriesState {
  useEffect(() => memoriesStore.start(), []);
  return useMemories();
}

/**
 * A mutation failed: a 409 (CASE_CHANGED, NOTE_CHANGED) shows the server's detail and refreshes that memory;
 * anything else shows `fallback(message)`. Returns the error's message.
 */
export function reportMutationError(toast: ToastApi, error: unknown, memoryId: string | undefined, fallback: (message: string) => string): string {
  const message = errorMessage(error);
  if (error instanceof ApiError && error.status === 409) {
    toast.error(message);
    if (memoryId) void memoriesStore.refreshMemory(memoryId).catch(() => undefined);
    return message;
  }
  if (error instanceof ApiError && error.status === 404 && memoryId) {
    void memoriesStore.refreshMemory(memoryId).catch(() => undefined);
  }
  toast.error(fallback(message));
  return message;
}

/** Why a memory this person could see went away, while it is being said (null otherwise). */
export function useFarewell(): Farewell | null {
  return useSyncExternalStore(subscribe, getLive, getLive).farewell;
}
