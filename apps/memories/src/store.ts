// One module-level store for the whole remote: every exposed module (the dashboard, the sync indicator) is
// loaded from the same container, so they share this state. Read it with useMemories(); change it through
// memoriesStore. Realtime: the private 'memories' topic tells us which memories changed; we refetch those,
// except the changes this page made itself: a write's answer already holds them (see `echoes`).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { PrivateTopics, REALTIME_PATH, ReadModelChangedSchema, RealtimeEvents, type MemoryDetail } from '@afterwards/contracts';
import type { ToastApi } from '@afterwards/web-ui';
import { api, ApiError, errorMessage, onWritesSettled, writing } from './api';
import { INITIAL_STATE, withDetail, withLoaded, withoutMemory, withSync, type MemoriesState, type SyncStatus } from './shared/memories-state';

export type { MemoriesState, SyncStatus };

export type MemoriesTab = 'overview' | 'cases' | 'case-details' | 'tasks' | 'documents' | 'notes';

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

let state: MemoriesState = INITIAL_STATE;
const listeners = new Set<() => void>();

function set(next: MemoriesState) {
  if (next === state) return;
  state = next;
  for (const l of listeners) l();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const now = () => new Date().toISOString();

let refreshing: Promise<void> | null = null;
let refreshAgain = false;

async function loadAll(): Promise<void> {
  set(withSync(state, 'syncing', null));
  try {
    const details = await api.listMemoryDetails();
    set(
      withLoaded(
        state,
        details.map((d) => d.memory),
        details,
        now(),
      ),
    );
  } catch (error) {
    set({ ...withSync(state, 'error', null, errorMessage(error)), loaded: true });
    throw error;
  }
}

// ------------------------------------------------------------------------------------------ realtime

let starts = 0;
let socket: Socket | null = null;
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
      // After the caller has put the answer into the state (same task, later microtasks).
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

/** How long the first load waits for the realtime room before loading without it. */
const JOIN_WAIT_MS = 2_000;
let firstLoadTimer: ReturnType<typeof setTimeout> | undefined;

function connect() {
  const s = io({ path: REALTIME_PATH, reconnectionDelayMax: 15_000 });
  const topic = PrivateTopics.memories;
  s.on('connect', () => {
    // Load once the room is joined: changes committed before the join (while the connection was down, or
    // before this page opened) would otherwise never reach this page. The first load waits for the join
    // too, so a page load reads everything once, not before and again after joining.
    s.emit(RealtimeEvents.subscribe, topic, () => {
      clearTimeout(firstLoadTimer);
      echoes.clear();
      void memoriesStore.refresh().catch(() => undefined);
    });
  });
  s.on('disconnect', (reason) => {
    // A disconnect we asked for (stop) is not an error.
    if (reason === 'io client disconnect') return;
    set(withSync(state, 'error', null, SYNC_FAILED));
  });
  s.on(RealtimeEvents.readModelChanged, (payload: unknown) => {
    const event = ReadModelChangedSchema.safeParse(payload);
    if (event.success && event.data.topic === topic) refetchSoon(event.data.ids);
  });
  return s;
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
    return state;
  },

  /**
   * List + every detail; sets the sync status. Used by the manual sync button, which awaits it: it
   * rejects when the load fails (the state then says 'error'). Calls during a load coalesce into one more.
   */
  refresh(): Promise<void> {
    if (refreshing) {
      refreshAgain = true;
      return refreshing;
    }
    const run = async (): Promise<void> => {
      try {
        await loadAll();
      } finally {
        if (refreshAgain) {
          refreshAgain = false;
          await loadAll();
        }
      }
    };
    refreshing = run().finally(() => {
      refreshing = null;
    });
    return refreshing;
  },

  /** Refetches one memory; a 404 (deleted elsewhere) removes it. */
  async refreshMemory(id: string): Promise<void> {
    try {
      const detail = await api.getMemory(id);
      set(withSync(withDetail(state, detail), 'synced', now()));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        set(withSync(withoutMemory(state, id), 'synced', now()));
        return;
      }
      set(withSync(state, 'error', null, errorMessage(error)));
      throw error;
    }
  },

  /** Puts a mutation's answer into the state at once. */
  apply(detail: MemoryDetail): void {
    const before = state.details[detail.memory.id];
    if (!before || before.memory.updatedAt !== detail.memory.updatedAt) expectEcho(detail.memory.id);
    set(withSync(withDetail(state, detail), 'synced', now()));
  },

  /** Removes a memory after Delete Forever. */
  forget(id: string): void {
    expectEcho(id);
    set(withoutMemory(state, id));
  },

  /** Marks the sync as failed (e.g. creation failed), keeping the data. */
  failed(message: string = SYNC_FAILED): void {
    set(withSync(state, 'error', null, message));
  },

  /**
   * First load and the realtime subscription. Counted: every mounted user calls it and the returned stop;
   * the connection closes when the last one stops.
   */
  start(): () => void {
    starts += 1;
    if (starts === 1) {
      // The join's load is the first load; without a join soon (realtime down), load anyway.
      if (!state.loaded && !refreshing) {
        set(withSync(state, 'syncing', null));
        firstLoadTimer = setTimeout(() => void memoriesStore.refresh().catch(() => undefined), JOIN_WAIT_MS);
      }
      socket = connect();
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      starts -= 1;
      if (starts === 0 && socket) {
        clearTimeout(refetchTimer);
        clearTimeout(firstLoadTimer);
        stopWaitingForWrites?.();
        stopWaitingForWrites = null;
        if (socket.connected) socket.emit(RealtimeEvents.unsubscribe, PrivateTopics.memories);
        socket.disconnect();
        socket = null;
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

  /** Escape: close every dialog of the remote (use useCloseAllModals in each dialog's owner). */
  closeAllModals(): void {
    setUi({ ...ui, closeAllSeq: ui.closeAllSeq + 1 });
  },
};

/** The memories state; re-renders on every change. */
export function useMemories(): MemoriesState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
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
