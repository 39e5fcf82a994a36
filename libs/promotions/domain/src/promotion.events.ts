import type { PaymentStatus, PromotionPlan, PromotionStatus } from '@afterwards/contracts';

/** Every promotion event names its listing, so reactors need no lookup to act on the business. */
interface About {
  promotionId: string;
  listingId: string;
}

/** Staff sold a promotion: its first period, at the plan's price on the day it was made. */
export interface PromotionCreated {
  type: 'PromotionCreated';
  data: About & {
    plan: PromotionPlan;
    startDate: string;
    endDate: string;
    durationDays: number;
    amount: number;
    position: number;
    autoRenew: boolean;
    paymentStatus: PaymentStatus;
  };
}
export interface PromotionStarted {
  type: 'PromotionStarted';
  data: About & { position: number; startDate: string; by: 'schedule' | 'staff' };
}
/** Staff changed a promotion; only the fields that changed (a new plan brings its dates and price). */
export interface PromotionChanged {
  type: 'PromotionChanged';
  data: About & {
    changes: Partial<{ plan: PromotionPlan; startDate: string; endDate: string; durationDays: number; amount: number; position: number; autoRenew: boolean }>;
  };
}
/** A new paid period from the previous end date, at the plan's price that day: revenue. */
export interface PromotionRenewed {
  type: 'PromotionRenewed';
  data: About & { period: number; previousEndDate: string; endDate: string; durationDays: number; amount: number; auto: boolean };
}
export interface PromotionCancelled {
  type: 'PromotionCancelled';
  data: About & { cancelledOn: string; previousEndDate: string };
}
export interface PromotionRenewalReminded {
  type: 'PromotionRenewalReminded';
  data: About & { period: number; endDate: string; daysLeft: number };
}
export interface PromotionExpiryWarned {
  type: 'PromotionExpiryWarned';
  data: About & { period: number; endDate: string; daysLeft: number };
}
export interface PromotionExpired {
  type: 'PromotionExpired';
  data: About & { period: number; endDate: string };
}

export type PromotionEvent =
  | PromotionCreated
  | PromotionStarted
  | PromotionChanged
  | PromotionRenewed
  | PromotionCancelled
  | PromotionRenewalReminded
  | PromotionExpiryWarned
  | PromotionExpired;

export const PROMOTION_EVENT_TYPES: readonly PromotionEvent['type'][] = [
  'PromotionCreated',
  'PromotionStarted',
  'PromotionChanged',
  'PromotionRenewed',
  'PromotionCancelled',
  'PromotionRenewalReminded',
  'PromotionExpiryWarned',
  'PromotionExpired',
];

export const PROMOTION_STREAM_PREFIX = 'promotion-';
export const promotionStreamId = (promotionId: string): string => `${PROMOTION_STREAM_PREFIX}${promotionId}`;

export type { PromotionStatus };
