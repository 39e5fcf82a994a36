// Sends listing interactions to POST /api/directory/interactions, only while the visitor allows
// analytics (cookie consent), in the InteractionQueue's batches: one request every couple of seconds
// at most, and one more when the page is hidden, closed or the finder left. Failures are silent.
import { useCallback, useEffect, useRef } from 'react';
import {
  RecordInteractionsRequestSchema,
  RecordInteractionsResponseSchema,
  type ListingInteraction,
  type RecordInteractionsRequest,
} from '@afterwards/contracts';
import { useConsent } from '@afterwards/web-ui';
import { InteractionQueue } from './tracking';

export const INTERACTIONS_URL = '/api/directory/interactions';
export type FinderPage = RecordInteractionsRequest['page'];

function newSessionId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

export function useInteractionTracking(page: FinderPage) {
  const consent = useConsent();
  const allowed = consent?.analytics === true;
  const allowedRef = useRef(allowed);
  allowedRef.current = allowed;

  const state = useRef<{ queue: InteractionQueue; sessionId: string; timer: number | undefined; inFlight: boolean } | null>(null);
  state.current ??= { queue: new InteractionQueue(), sessionId: newSessionId(), timer: undefined, inFlight: false };

  const pageRef = useRef(page);
  pageRef.current = page;

  // Plain functions over refs: stable for the component's lifetime.
  const engine = useRef<{ schedule: () => void; flush: () => Promise<void>; flushFinal: () => void } | null>(null);
  engine.current ??= (() => {
    const send = (batch: ListingInteraction[]): Promise<Response> | null => {
      const parsed = RecordInteractionsRequestSchema.safeParse({ page: pageRef.current, sessionId: state.current!.sessionId, interactions: batch });
      if (!parsed.success) return null; // nothing we could send; drop it
      // keepalive: the request outlives the page when it is closed or left.
      return fetch(INTERACTIONS_URL, {
        method: 'POST',
        credentials: 'same-origin',
        keepalive: true,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(parsed.data),
      });
    };
    const schedule = () => {
      const s = state.current!;
      if (s.timer !== undefined || s.inFlight) return;
      const wait = s.queue.nextSendIn(Date.now());
      if (wait === null) return;
      s.timer = window.setTimeout(() => {
        s.timer = undefined;
        void flush();
      }, wait);
    };
    const flush = async () => {
      const s = state.current!;
      if (!allowedRef.current) {
        s.queue.clear();
        return;
      }
      const batch = s.queue.takeBatch(Date.now());
      if (!batch || batch.length === 0) return schedule();
      const request = send(batch);
      if (!request) return schedule();
      s.inFlight = true;
      let ok = false;
      try {
        const response = await request;
        ok = response.ok && RecordInteractionsResponseSchema.safeParse(await response.json().catch(() => null)).success;
      } catch {
        ok = false;
      } finally {
        s.inFlight = false;
      }
      s.queue.reportResult(ok);
      schedule();
    };
    /** The page is going away or out of sight: what waits goes now, without waiting for an answer. */
    const flushFinal = () => {
      const s = state.current!;
      window.clearTimeout(s.timer);
      s.timer = undefined;
      if (!allowedRef.current) return s.queue.clear();
      const batch = s.queue.takeFinal(Date.now());
      if (batch && batch.length > 0) void send(batch)?.catch(() => undefined);
    };
    return { schedule, flush, flushFinal };
  })();

  useEffect(() => {
    if (!allowed) state.current!.queue.clear();
  }, [allowed]);

  useEffect(() => {
    const { flushFinal } = engine.current!;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushFinal();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flushFinal);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flushFinal);
      // Leaving the finder inside the app (another page or tab of the dashboard) sends what waits too.
      flushFinal();
    };
  }, []);

  /** Records an interaction when analytics is allowed; returns whether it was queued. */
  const track = useCallback(
    (interaction: ListingInteraction): boolean => {
      if (!allowedRef.current) return false;
      const queued = state.current!.queue.add(interaction, Date.now());
      if (queued) engine.current!.schedule();
      return queued;
    },
    [],
  );

  return { track, enabled: allowed };
}
