// The visitor's position as the finder knows it, shared with the page around it (e.g. the resources
// page's 'View on Maps'). Shared through the design-system singleton, like the consent store.
import { useSyncExternalStore } from 'react';

export type VisitorPosition = { status: 'unknown' } | { status: 'granted'; lat: number; lng: number } | { status: 'refused' };

const EVENT = 'afterwards:visitor-position';
let current: VisitorPosition = { status: 'unknown' };

export function publishVisitorPosition(position: VisitorPosition) {
  const same =
    position.status === current.status && (position.status !== 'granted' || (current.status === 'granted' && current.lat === position.lat && current.lng === position.lng));
  if (same) return;
  current = position;
  window.dispatchEvent(new CustomEvent(EVENT, { detail: position }));
}

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  return () => window.removeEventListener(EVENT, onChange);
}

export function useVisitorPosition(): VisitorPosition {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
