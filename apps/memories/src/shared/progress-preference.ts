// The Progress Tracking preference (Settings → Preferences), as the memory screens follow it: on (the
// default), they show progress bars, percentages, encouragement and the 100% celebration; off, only the
// lists and their counts. Read from the server on load and followed live when Settings saves it. Decision 0047.
import { useSyncExternalStore } from 'react';
import { PREFERENCES_CHANGED_EVENT, PREFERENCES_PATH } from '@afterwards/contracts';
import { requestJson } from '@afterwards/web-data';

let shown = true;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === shown) return;
  shown = next;
  for (const l of listeners) l();
}

/** The `progressTracking` of a preferences answer or event; undefined when it has none. */
export function progressTrackingOf(value: unknown): boolean | undefined {
  const prefs = value && typeof value === 'object' && 'preferences' in value ? (value as { preferences: unknown }).preferences : value;
  const flag = prefs && typeof prefs === 'object' ? (prefs as { progressTracking?: unknown }).progressTracking : undefined;
  return typeof flag === 'boolean' ? flag : undefined;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener(PREFERENCES_CHANGED_EVENT, onChanged);
  if (!loading && typeof window !== 'undefined') {
    // Once per page: a failed read keeps the default (on), as the spec's 'on by default'.
    loading = requestJson('GET', PREFERENCES_PATH).then(
      (answer) => set(progressTrackingOf(answer) ?? true),
      () => undefined,
    );
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener(PREFERENCES_CHANGED_EVENT, onChanged);
  };
}

function onChanged(event: Event) {
  const flag = progressTrackingOf((event as CustomEvent).detail);
  if (flag !== undefined) set(flag);
}

/** Whether the family wants to see progress (bars, percentages, messages, celebration). */
export function useProgressShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => true,
  );
}
