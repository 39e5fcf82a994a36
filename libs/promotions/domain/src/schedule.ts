import { addDays, startOfDate } from '@afterwards/checklist-domain';
import type { PromotionState } from './promotion.state';

/** Settings that decide when a promotion's timed work happens (Settings: timing, platform time zone). */
export interface PromotionTiming {
  readonly timeZone: string;
  readonly autoStart: boolean;
  readonly gracePeriodHours: number;
  readonly expiryWarningDays: number;
  readonly renewalReminderDays: number;
}

export const PROMOTION_JOB_KINDS = ['start', 'remind-renewal', 'warn-expiry', 'auto-renew', 'expire'] as const;
export type PromotionJobKind = (typeof PROMOTION_JOB_KINDS)[number];

export interface DueAction {
  readonly kind: PromotionJobKind;
  /** The paid period the action belongs to: a job of an earlier period finds nothing to do. */
  readonly period: number;
  readonly dueAt: Date;
}

const HOUR_MS = 3_600_000;

/** The instant the current period ends: the start of its end date (0 days remain that day). */
export function endsAt(state: PromotionState, timing: Pick<PromotionTiming, 'timeZone'>): Date {
  return startOfDate(state.endDate!, timing.timeZone);
}

/**
 * When each piece of timed work is due for a promotion as it now is. Pure, so the scheduler, the jobs
 * (is it still due?) and the start-up sweep agree on one answer.
 */
export function dueActions(state: PromotionState, timing: PromotionTiming): DueAction[] {
  if (!state.exists) return [];
  const period = state.period;
  if (state.status === 'Scheduled') {
    return timing.autoStart ? [{ kind: 'start', period, dueAt: startOfDate(state.startDate!, timing.timeZone) }] : [];
  }
  if (state.status !== 'Active') return [];
  const end = endsAt(state, timing);
  // A reminder due before the period began (a short plan) is due when it begins.
  const periodStart = startOfDate(addDays(state.endDate!, -state.durationDays), timing.timeZone);
  const notBefore = (date: string) => new Date(Math.max(startOfDate(date, timing.timeZone).getTime(), periodStart.getTime()));
  const actions: DueAction[] = [];
  if (state.remindedPeriod < period) actions.push({ kind: 'remind-renewal', period, dueAt: notBefore(addDays(state.endDate!, -timing.renewalReminderDays)) });
  if (state.warnedPeriod < period) actions.push({ kind: 'warn-expiry', period, dueAt: notBefore(addDays(state.endDate!, -timing.expiryWarningDays)) });
  if (renewsAutomatically(state)) actions.push({ kind: 'auto-renew', period, dueAt: end });
  actions.push({ kind: 'expire', period, dueAt: new Date(end.getTime() + timing.gracePeriodHours * HOUR_MS) });
  return actions;
}

/** Auto-renew is offered only for the monthly plan. */
export function renewsAutomatically(state: Pick<PromotionState, 'autoRenew' | 'plan'>): boolean {
  return state.autoRenew && state.plan === 'monthly';
}

export type PeriodEnd = 'renew' | 'expire';

/**
 * The one rule for the end of a paid period, asked by both the auto-renew and the expiry job: a promotion
 * that renews automatically renews from the instant its period ends and never expires that period, whatever
 * the grace (0 to 168 hours) and whichever of the two jobs runs first; one that does not renew expires once
 * the grace period after its end has passed. Undefined while neither is due (or the promotion is not Active).
 */
export function periodEndAt(state: PromotionState, timing: Pick<PromotionTiming, 'timeZone' | 'gracePeriodHours'>, now: Date): PeriodEnd | undefined {
  if (!state.exists || state.status !== 'Active') return undefined;
  const end = endsAt(state, timing).getTime();
  if (renewsAutomatically(state)) return now.getTime() >= end ? 'renew' : undefined;
  return now.getTime() >= end + timing.gracePeriodHours * HOUR_MS ? 'expire' : undefined;
}

/** The action of `kind` for `period` if it is due at `now`, else undefined. */
export function dueNow(state: PromotionState, timing: PromotionTiming, kind: PromotionJobKind, period: number, now: Date): DueAction | undefined {
  return dueActions(state, timing).find((a) => a.kind === kind && a.period === period && a.dueAt.getTime() <= now.getTime());
}
