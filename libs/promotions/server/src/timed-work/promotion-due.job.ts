import { defineJob, type JobQueue } from '@afterwards/jobs';
import { dueActions, type PromotionEvent, type PromotionJobKind, type PromotionState, type PromotionTiming } from '@afterwards/promotions-domain';
import { loadPromotion, SYSTEM_ACTOR, termsOf, timingOf, todayIn, type PromotionRuntime } from '../promotion-runtime';

export interface PromotionDuePayload {
  readonly promotionId: string;
  readonly kind: PromotionJobKind;
  readonly period: number;
  /** When it was due as scheduled (ISO); the handler decides again from the promotion as it now is. */
  readonly dueAt: string;
}

/** One piece of a promotion's timed work: start, renewal reminder, expiry warning, auto-renewal or expiry. */
export const promotionDueJob = defineJob<PromotionDuePayload>('promotions.due', {
  attempts: 5,
  backoff: { type: 'exponential', delayMs: 500 },
  removeOnComplete: 1000,
});

/**
 * Delayed jobs keyed by promotion, kind, period and due time: scheduling the same work twice (a replay,
 * the sweep, two API replicas) adds one job. A promotion changed since gets new keys for its new times;
 * the old jobs still fire and find nothing due.
 */
export async function scheduleDueWork(
  queue: JobQueue,
  now: Date,
  promotionId: string,
  state: PromotionState,
  timing: PromotionTiming,
  /** Only work due within this many ms of `now` (the sweep's window); all of it by default. */
  withinMs = Number.POSITIVE_INFINITY,
): Promise<number> {
  let added = 0;
  for (const action of dueActions(state, timing)) {
    if (action.dueAt.getTime() > now.getTime() + withinMs) continue;
    const result = await queue.enqueue(
      promotionDueJob,
      { promotionId, kind: action.kind, period: action.period, dueAt: action.dueAt.toISOString() },
      { jobId: `${promotionId}.${action.kind}.${action.period}.${action.dueAt.getTime()}`, delayMs: Math.max(0, action.dueAt.getTime() - now.getTime()) },
    );
    if (!result.deduplicated) added++;
  }
  return added;
}

/**
 * The job's handler: decides on the promotion as it is now, so a job that fires twice, after a renewal or
 * for a cancelled promotion appends nothing; two workers racing on one job end with one set of events
 * (the loser's append conflicts, it decides again, and finds the work done).
 */
export async function runDueWork(rt: PromotionRuntime, queue: JobQueue | undefined, payload: PromotionDuePayload): Promise<PromotionEvent[]> {
  const settings = await rt.settings();
  const now = rt.clock.now();
  const timing = timingOf(settings);
  const today = todayIn(settings, now);
  const { events } = await rt.commands.run(
    payload.promotionId,
    (state) =>
      payload.kind === 'start'
        ? { type: 'StartPromotion', by: 'schedule', now, today, timing }
        : { type: 'RunDueAction', kind: payload.kind, period: payload.period, now, today, timing, terms: termsOf(settings, state.plan ?? 'monthly') },
    { actor: SYSTEM_ACTOR },
  );
  if (events.length === 0 && queue) {
    // A timer may fire a moment early, or the settings moved the time later: still to do, so wait again.
    const { state } = await loadPromotion(rt.store, payload.promotionId);
    const pending = dueActions(state, timing).find((a) => a.kind === payload.kind && a.period === payload.period && a.dueAt.getTime() > now.getTime());
    if (pending) {
      await queue.enqueue(promotionDueJob, { ...payload, dueAt: pending.dueAt.toISOString() }, {
        jobId: `${payload.promotionId}.${payload.kind}.${payload.period}.${pending.dueAt.getTime()}.again.${now.getTime()}`,
        delayMs: pending.dueAt.getTime() - now.getTime(),
      });
    }
  }
  return events;
}
