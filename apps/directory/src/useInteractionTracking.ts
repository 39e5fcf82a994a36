// Sends listing interactions to POST /api/directory/interactions, only while the visitor allows
// analytics (cookie consent), through the InteractionQueue's limits. Failures are silent.
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
  const engine = useRef<{ schedule: () => void; flush: () => Promise<void> } | null>(null);
  engine.current ??= (() => {
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
      const parsed = RecordInteractionsRequestSchema.safeParse({ page: pageRef.current, sessionId: s.sessionId, interactions: batch });
      if (!parsed.success) return schedule(); // nothing we could send; drop it
      s.inFlight = true;
      let ok = false;
      try {
        const response = await fetch(INTERACTIONS_URL, {
          method: 'POST',
          credentials: 'same-origin',
          keepalive: true,
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(parsed.data),
        });
        ok = response.ok && RecordInteractionsResponseSchema.safeParse(await response.json().catch(() => null)).success;
      } catch {
        ok = false;
      } finally {
        s.inFlight = false;
      }
      s.queue.reportResult(ok);
      schedule();
    };
    return { schedule, flush };
  })();

  useEffect(() => {
    if (!allowed) state.current!.queue.clear();
  }, [allowed]);

  useEffect(() => {
    const s = state.current!;
    return () => window.clearTimeout(s.timer);
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
