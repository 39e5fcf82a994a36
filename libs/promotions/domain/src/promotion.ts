import { PROMOTION_MESSAGES, unhandled, type FieldError, type ListingStatus, type PromotionPlan } from '@afterwards/contracts';
import { addDays, daysBetween, isIsoDate } from '@afterwards/checklist-domain';
import { PromotionError } from './promotion.errors';
import type { PromotionChanged, PromotionEvent } from './promotion.events';
import { dueNow, periodEndAt, type PromotionJobKind, type PromotionTiming } from './schedule';
import type { PromotionState } from './promotion.state';

export type { PromotionState } from './promotion.state';


export const initialPromotionState: PromotionState = {
  exists: false,
  promotionId: null,
  listingId: null,
  status: null,
  paymentStatus: null,
  plan: null,
  startDate: null,
  endDate: null,
  durationDays: 0,
  amount: 0,
  revenue: 0,
  position: 1,
  autoRenew: false,
  period: 0,
  warnedPeriod: 0,
  remindedPeriod: 0,
};

/** A plan as Settings price it on the day of the command. */
export interface PlanTerms {
  readonly price: number;
  readonly durationDays: number;
}

export type PromotionCommand =
  | {
      type: 'CreatePromotion';
      promotionId: string;
      listingId: string;
      /** The business's status now: only Active businesses may be promoted. */
      listingStatus: ListingStatus | null;
      plan: PromotionPlan;
      terms: PlanTerms;
      startDate: string;
      endDate?: string;
      position: number;
      autoRenew: boolean;
      today: string;
      autoStart: boolean;
      maxDurationDays: number;
    }
  | {
      type: 'ChangePromotion';
      changes: { plan?: PromotionPlan; startDate?: string; position?: number; autoRenew?: boolean };
      /** Terms of the plan the promotion will have (the new one when it changes). */
      terms: PlanTerms;
      today: string;
      maxDurationDays: number;
    }
  | { type: 'StartPromotion'; by: 'schedule' | 'staff'; today: string; now: Date; timing: PromotionTiming }
  | { type: 'RenewPromotion'; by: 'staff'; terms: PlanTerms }
  | { type: 'CancelPromotion'; today: string }
  /** Timed work of one period, run by a job: does nothing unless it is due and not done yet. */
  | { type: 'RunDueAction'; kind: Exclude<PromotionJobKind, 'start'>; period: number; now: Date; today: string; timing: PromotionTiming; terms: PlanTerms };

const invalid = (path: string, message: string) => new PromotionError('PROMOTION_INVALID', message, [{ path, message }]);

function mustExist(state: PromotionState): void {
  if (!state.exists) throw new PromotionError('PROMOTION_NOT_FOUND', 'Promotion not found');
}

function checkPosition(position: number): void {
  if (!Number.isInteger(position) || position < 1) throw invalid('position', PROMOTION_MESSAGES.position);
}

function checkAutoRenew(plan: PromotionPlan, autoRenew: boolean): void {
  if (autoRenew && plan !== 'monthly') throw invalid('autoRenew', PROMOTION_MESSAGES.autoRenewMonthlyOnly);
}

function checkStart(startDate: string, today: string): void {
  if (!isIsoDate(startDate)) throw invalid('startDate', PROMOTION_MESSAGES.startRequired);
  if (startDate < today) throw invalid('startDate', PROMOTION_MESSAGES.startNotPast);
}

function checkDuration(terms: PlanTerms, maxDurationDays: number): void {
  if (terms.durationDays > maxDurationDays) throw invalid('plan', PROMOTION_MESSAGES.maxDuration(maxDurationDays));
}

/** Whole days left of the current period on `today` (0 on the end date: 'Expired' on the card). */
export function daysRemaining(state: Pick<PromotionState, 'endDate'>, today: string): number {
  return state.endDate ? daysBetween(today, state.endDate) : 0;
}

/** Pure: what happens when `command` meets a promotion in `state`. Throws PromotionError when refused. */
export function decidePromotion(command: PromotionCommand, state: PromotionState): PromotionEvent[] {
  switch (command.type) {
    case 'CreatePromotion': {
      if (state.exists) throw new PromotionError('PROMOTION_ALREADY_EXISTS', `Promotion ${command.promotionId} already exists`);
      if (command.listingStatus !== 'Active') throw invalid('listingId', PROMOTION_MESSAGES.businessNotActive);
      checkStart(command.startDate, command.today);
      const endDate = addDays(command.startDate, command.terms.durationDays);
      if (command.endDate !== undefined) {
        if (!isIsoDate(command.endDate) || command.endDate <= command.startDate) throw invalid('endDate', PROMOTION_MESSAGES.endAfterStart);
        if (command.endDate !== endDate) throw invalid('endDate', PROMOTION_MESSAGES.endFollowsPlan(endDate));
      }
      checkPosition(command.position);
      checkAutoRenew(command.plan, command.autoRenew);
      checkDuration(command.terms, command.maxDurationDays);
      const ids = { promotionId: command.promotionId, listingId: command.listingId };
      const events: PromotionEvent[] = [
        {
          type: 'PromotionCreated',
          data: {
            ...ids,
            plan: command.plan,
            startDate: command.startDate,
            endDate,
            durationDays: command.terms.durationDays,
            amount: command.terms.price,
            position: command.position,
            autoRenew: command.autoRenew,
            // Staff sell promotions by invoice; no card payment is taken in the product.
            paymentStatus: 'Paid',
          },
        },
      ];
      if (command.autoStart && command.startDate === command.today) {
        events.push({ type: 'PromotionStarted', data: { ...ids, position: command.position, startDate: command.startDate, by: 'schedule' } });
      }
      return events;
    }
    case 'ChangePromotion': {
      mustExist(state);
      if (state.status !== 'Scheduled' && state.status !== 'Active') throw new PromotionError('PROMOTION_INVALID_TRANSITION', PROMOTION_MESSAGES.editClosed);
      const { changes: c } = command;
      const changes: PromotionChanged['data']['changes'] = {};
      const plan = c.plan ?? state.plan!;
      const startDate = c.startDate ?? state.startDate!;
      if ((c.plan !== undefined && c.plan !== state.plan) || (c.startDate !== undefined && c.startDate !== state.startDate)) {
        if (state.status !== 'Scheduled') throw invalid(c.plan !== undefined && c.plan !== state.plan ? 'plan' : 'startDate', PROMOTION_MESSAGES.startLocked);
        checkStart(startDate, command.today);
        checkDuration(command.terms, command.maxDurationDays);
        if (plan !== state.plan) Object.assign(changes, { plan, durationDays: command.terms.durationDays, amount: command.terms.price });
        if (startDate !== state.startDate) changes.startDate = startDate;
        const endDate = addDays(startDate, command.terms.durationDays);
        if (endDate !== state.endDate) changes.endDate = endDate;
      }
      const autoRenew = c.autoRenew ?? (plan === 'monthly' ? state.autoRenew : false);
      checkAutoRenew(plan, autoRenew);
      if (autoRenew !== state.autoRenew) changes.autoRenew = autoRenew;
      if (c.position !== undefined) {
        checkPosition(c.position);
        if (c.position !== state.position) changes.position = c.position;
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'PromotionChanged', data: { promotionId: state.promotionId!, listingId: state.listingId!, changes } }];
    }
    case 'StartPromotion': {
      mustExist(state);
      if (state.status !== 'Scheduled') {
        if (command.by === 'schedule') return [];
        throw new PromotionError('PROMOTION_INVALID_TRANSITION', PROMOTION_MESSAGES.startOnlyScheduled);
      }
      if (command.by === 'schedule' && !dueNow(state, command.timing, 'start', state.period, command.now)) return [];
      if (command.today < state.startDate!) {
        if (command.by === 'schedule') return [];
        throw invalid('startDate', `This promotion starts on ${state.startDate}`);
      }
      return [{ type: 'PromotionStarted', data: { promotionId: state.promotionId!, listingId: state.listingId!, position: state.position, startDate: state.startDate!, by: command.by } }];
    }
    case 'RenewPromotion': {
      mustExist(state);
      if (state.status !== 'Active') throw new PromotionError('PROMOTION_INVALID_TRANSITION', PROMOTION_MESSAGES.renewOnlyActive);
      return [renewal(state, command.terms, false)];
    }
    case 'CancelPromotion': {
      mustExist(state);
      if (state.status !== 'Active') throw new PromotionError('PROMOTION_INVALID_TRANSITION', PROMOTION_MESSAGES.cancelOnlyActive);
      return [{ type: 'PromotionCancelled', data: { promotionId: state.promotionId!, listingId: state.listingId!, cancelledOn: command.today, previousEndDate: state.endDate! } }];
    }
    case 'RunDueAction': {
      mustExist(state);
      // Idempotent by construction: a job that fires twice, late, or for an earlier period finds nothing due.
      if (!dueNow(state, command.timing, command.kind, command.period, command.now)) return [];
      const ids = { promotionId: state.promotionId!, listingId: state.listingId! };
      const daysLeft = Math.max(0, daysRemaining(state, command.today));
      switch (command.kind) {
        case 'remind-renewal':
          return [{ type: 'PromotionRenewalReminded', data: { ...ids, period: state.period, endDate: state.endDate!, daysLeft } }];
        case 'warn-expiry':
          return [{ type: 'PromotionExpiryWarned', data: { ...ids, period: state.period, endDate: state.endDate!, daysLeft } }];
        case 'auto-renew':
        case 'expire': {
          // Both jobs ask the same rule, so with a grace of 0 (both due at one instant) renewal still wins.
          const outcome = periodEndAt(state, command.timing, command.now);
          if (outcome === 'renew') return [renewal(state, command.terms, true)];
          if (outcome === 'expire') return [{ type: 'PromotionExpired', data: { ...ids, period: state.period, endDate: state.endDate! } }];
          return [];
        }
        default:
          return unhandled('Unknown due action', command.kind);
      }
    }
    default:
      return unhandled('Unknown command', command);
  }
}

function renewal(state: PromotionState, terms: PlanTerms, auto: boolean): PromotionEvent {
  return {
    type: 'PromotionRenewed',
    data: {
      promotionId: state.promotionId!,
      listingId: state.listingId!,
      period: state.period + 1,
      previousEndDate: state.endDate!,
      endDate: addDays(state.endDate!, terms.durationDays),
      durationDays: terms.durationDays,
      amount: terms.price,
      auto,
    },
  };
}

/** Pure: the state after `event`. */
export function evolvePromotion(state: PromotionState, event: PromotionEvent): PromotionState {
  switch (event.type) {
    case 'PromotionCreated': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        promotionId: d.promotionId,
        listingId: d.listingId,
        status: 'Scheduled',
        paymentStatus: d.paymentStatus,
        plan: d.plan,
        startDate: d.startDate,
        endDate: d.endDate,
        durationDays: d.durationDays,
        amount: d.amount,
        revenue: d.paymentStatus === 'Paid' ? d.amount : 0,
        position: d.position,
        autoRenew: d.autoRenew,
        period: 1,
      };
    }
    case 'PromotionStarted':
      return { ...state, status: 'Active' };
    case 'PromotionChanged':
      return { ...state, ...event.data.changes, revenue: event.data.changes.amount !== undefined ? state.revenue - state.amount + event.data.changes.amount : state.revenue };
    case 'PromotionRenewed':
      return {
        ...state,
        period: event.data.period,
        endDate: event.data.endDate,
        durationDays: event.data.durationDays,
        amount: event.data.amount,
        revenue: Math.round((state.revenue + event.data.amount) * 100) / 100,
      };
    case 'PromotionCancelled':
      return { ...state, status: 'Cancelled', endDate: event.data.cancelledOn };
    case 'PromotionRenewalReminded':
      return { ...state, remindedPeriod: event.data.period };
    case 'PromotionExpiryWarned':
      return { ...state, warnedPeriod: event.data.period };
    case 'PromotionExpired':
      return { ...state, status: 'Expired' };
    default:
      return unhandled('Unknown event', event);
  }
}

export function foldPromotion(events: readonly PromotionEvent[]): PromotionState {
  return events.reduce(evolvePromotion, initialPromotionState);
}

export type { FieldError };
