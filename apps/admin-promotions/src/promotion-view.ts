// Wording and small rules of the Promotions screen (admin spec: Promotion Management, Promotion rules,
// Promotions constants), kept pure so they are tested without a browser.
import { EXPIRING_SOON_DAYS, PROMOTION_PLANS, type AdminPromotion, type AdminSettings, type PromotionPlan } from '@afterwards/contracts';
import { addDays } from '@afterwards/checklist-domain';

type Pricing = AdminSettings['promotionPricing'];

/** 'Expired' at 0 or fewer days, else '1 day' / 'n days'. */
export function daysLeftLabel(days: number): string {
  if (days <= 0) return 'Expired';
  return `${days.toLocaleString('en-GB')} ${days === 1 ? 'day' : 'days'}`;
}

/** The warning banner: an Active promotion with 1 to EXPIRING_SOON_DAYS days left. */
export function isExpiringSoon(p: Pick<AdminPromotion, 'status' | 'daysRemaining'>): boolean {
  return p.status === 'Active' && p.daysRemaining >= 1 && p.daysRemaining <= EXPIRING_SOON_DAYS;
}

export interface PromotionActions {
  edit: boolean;
  /** Offered on an Active promotion with EXPIRING_SOON_DAYS or fewer days left (grace days included). */
  renew: boolean;
  cancel: boolean;
  /** A Scheduled promotion whose start date has come (auto-start off, or its job not run yet). */
  start: boolean;
}

export function promotionActions(p: Pick<AdminPromotion, 'status' | 'daysRemaining' | 'startDate'>, today: string): PromotionActions {
  return {
    edit: p.status === 'Scheduled' || p.status === 'Active',
    renew: p.status === 'Active' && p.daysRemaining <= EXPIRING_SOON_DAYS,
    cancel: p.status === 'Active',
    start: p.status === 'Scheduled' && p.startDate <= today,
  };
}

export type BadgeTone = 'neutral' | 'accent' | 'featured' | 'success' | 'warning' | 'danger';

/** Status badge colours; any value the screen does not know is red. */
export function statusTone(status: string): BadgeTone {
  switch (status) {
    case 'Active':
      return 'success';
    case 'Scheduled':
      return 'accent';
    case 'Pending Payment':
      return 'warning';
    case 'Expired':
    case 'Cancelled':
      return 'neutral';
    default:
      return 'danger';
  }
}

const PLAN_FALLBACK: Record<PromotionPlan, string> = { '14-day': '14-Day Boost', '1-month': '1-Month Feature', monthly: 'Monthly Subscription' };

/** The plan's title from Settings, or its usual name while Settings are not known. */
export function planLabel(plan: PromotionPlan, pricing?: Pricing): string {
  return pricing?.[plan]?.title || PLAN_FALLBACK[plan];
}

export const PLAN_OPTIONS = (pricing?: Pricing) => PROMOTION_PLANS.map((plan) => ({ value: plan, label: planLabel(plan, pricing) }));

/** What a renewal adds now: the plan's price and days from Settings, counted from the current end date. */
export function renewalTerms(p: Pick<AdminPromotion, 'plan' | 'endDate'>, pricing: Pricing): { endDate: string; price: number; durationDays: number } {
  const terms = pricing[p.plan];
  return { endDate: addDays(p.endDate, terms.durationDays), price: terms.price, durationDays: terms.durationDays };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '2026-11-23' → '23 Nov 2026': a calendar date, so no time zone may move it. */
export function formatCalendarDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/** The platform's calendar date of an instant (e.g. created at), in the UK by default. */
export function calendarDateOf(instant: string, timeZone = 'Europe/London'): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A rate as the response gives it (per cent, one decimal place): '3.4%', '0.0%'. */
export function percent(rate: number): string {
  return `${rate.toFixed(1)}%`;
}

export const count = (n: number) => n.toLocaleString('en-GB');

/** True when no filter narrows the list. */
export function isUnfiltered(filter: { status?: string; plan?: string; q?: string; listingId?: string }): boolean {
  return !filter.status && !filter.plan && !filter.q?.trim() && !filter.listingId;
}
