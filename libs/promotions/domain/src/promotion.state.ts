import type { PaymentStatus, PromotionPlan, PromotionStatus } from '@afterwards/contracts';

/** A promotion as its events leave it (its own file, so the schedule can read it without the decider). */
export interface PromotionState {
  readonly exists: boolean;
  readonly promotionId: string | null;
  readonly listingId: string | null;
  readonly status: PromotionStatus | null;
  readonly paymentStatus: PaymentStatus | null;
  readonly plan: PromotionPlan | null;
  readonly startDate: string | null;
  readonly endDate: string | null;
  /** Days of the current period. */
  readonly durationDays: number;
  /** Price of the current period, in pounds. */
  readonly amount: number;
  /** Every period paid for, in pounds. */
  readonly revenue: number;
  readonly position: number;
  readonly autoRenew: boolean;
  /** 1 for the first period; each renewal adds one. */
  readonly period: number;
  /** The last period whose expiry warning / renewal reminder went out (0: none). */
  readonly warnedPeriod: number;
  readonly remindedPeriod: number;
}
