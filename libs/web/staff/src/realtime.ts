// Live updates for the back office: one socket.io connection per page, joined to the staff-only room.
// Screens register a callback; changes to listings, settings or activity call it (debounced), and the
// realtime indicator reads the connection state: connected, connection issue, or live updates disabled
// after persistent errors with an Enable control to try again.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_CLIENT_TRANSPORTS, REALTIME_PATH, ReadModelChangedSchema, RealtimeEvents, StaffTopics, type ReadModelChanged } from '@afterwards/contracts';
import { INVALIDATE_MAX_WAIT_MS, settled } from '@afterwards/web-data';

export type RealtimeStatus = 'connecting' | 'connected' | 'error' | 'disabled';
/** Consecutive failed connection attempts before live updates are switched off. */
export const MAX_REALTIME_ERRORS = 5;
/** How long a screen waits after a change before refetching (bursts of events become one refetch). */
export const REALTIME_DEBOUNCE_MS = 250;

type Listener = (change: ReadModelChanged) => void;

let socket: Socket | null = null;
let status: RealtimeStatus = 'connecting';
let errors = 0;
let users = 0;
const statusListeners = new Set<() => void>();
const changeListeners = new Set<Listener>();

function setStatus(next: RealtimeStatus) {
  if (next === status) return;
  status = next;
  for (const l of statusListeners) l();
}

function connect() {
  if (socket) return;
  errors = 0;
  setStatus('connecting');
  const s = io({ path: REALTIME_PATH, ...REALTIME_CLIENT_TRANSPORTS, reconnectionDelayMax: 10_000 });
  socket = s;
  s.on('connect', () => {
    // Join (again, after a reconnect) and tell every screen to refetch: changes may have been missed.
    s.emit(RealtimeEvents.subscribe, StaffTopics.backOffice, (ack: { ok?: boolean } | undefined) => {
      if (ack?.ok) {
        errors = 0;
        setStatus('connected');
        for (const l of changeListeners) l({ topic: StaffTopics.backOffice, ids: [], at: new Date().toISOString() });
      } else setStatus('error');
    });
  });
  const failed = () => {
    errors += 1;
    if (errors >= MAX_REALTIME_ERRORS) disable();
    else setStatus('error');
  };
  s.on('connect_error', failed);
  s.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') setStatus('error');
  });
  s.on(RealtimeEvents.readModelChanged, (payload: unknown) => {
    const parsed = ReadModelChangedSchema.safeParse(payload);
    if (parsed.success) for (const l of changeListeners) l(parsed.data);
  });
}

function disable() {
  socket?.disconnect();
  socket = null;
  setStatus('disabled');
}

/** The Enable control: live updates on again after they were switched off. */
export function enableRealtime(): void {
  if (status !== 'disabled') return;
  connect();
}

function retain(): () => void {
  users += 1;
  if (users === 1 && status !== 'disabled') connect();
  return () => {
    users -= 1;
    if (users === 0) {
      socket?.disconnect();
      socket = null;
      status = 'connecting';
    }
  };
}

/** The connection state for the realtime indicator. */
export function useRealtimeStatus(): RealtimeStatus {
  useEffect(() => retain(), []);
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    () => status,
    () => status,
  );
}

/** Calls `onChange` (debounced) whenever the staff room hears of a change, and once after each (re)connect. */
export function useStaffChanges(onChange: () => void, debounceMs = REALTIME_DEBOUNCE_MS): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const release = retain();
    const changes = settled(() => latest.current(), debounceMs, INVALIDATE_MAX_WAIT_MS);
    const listener: Listener = () => changes.push();
    changeListeners.add(listener);
    return () => {
      changes.cancel();
      changeListeners.delete(listener);
      release();
    };
  }, [debounceMs]);
}
