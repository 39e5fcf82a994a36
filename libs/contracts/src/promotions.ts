import { z } from './zod';
import { ListingStatusSchema } from './directory';
import { ListingCategorySchema } from './directory-search';
import { ADMIN_API, PROMOTION_PLANS } from './admin';

/**
 * Paid promotions (admin spec: Promotion Management). A promotion puts an Active business first in the
 * public finder for a paid period. Staff create, edit, renew and cancel them; jobs start, warn, remind,
 * renew (monthly plans with auto-renew) and expire them on time.
 *
 * - `GET  /api/admin/promotions?status=&plan=&q=`      AdminPromotionList
 * - `GET  /api/admin/promotions/businesses`            PromotableBusinesses (Active businesses only)
 * - `POST /api/admin/promotions`                       CreatePromotionRequest → 201 AdminPromotion
 * - `PUT  /api/admin/promotions/:id`                   EditPromotionRequest → AdminPromotion
 * - `POST /api/admin/promotions/:id/renew`             { expectedVersion } → AdminPromotion
 * - `POST /api/admin/promotions/:id/cancel`            { expectedVersion } → AdminPromotion
 * - `POST /api/admin/promotions/:id/start`             { expectedVersion } → AdminPromotion (a Scheduled one, when auto-start is off)
 *
 * Dates are calendar dates (`YYYY-MM-DD`) in the platform's time zone (Settings). A promotion runs from
 * the start of its start date to the start of its end date, so on its end date 0 days remain ('Expired'
 * on the card); the business stays first for the grace period after that, then the promotion expires.
 */
export const ADMIN_PROMOTIONS_PATH = `${ADMIN_API}/promotions`;

/** `Scheduled`: created with a later start date (or auto-start is off) and not started yet. */
export const PROMOTION_STATUSES = ['Scheduled', 'Active', 'Pending Payment', 'Expired', 'Cancelled'] as const;
export const PromotionStatusSchema = z.enum(PROMOTION_STATUSES);
export type PromotionStatus = z.infer<typeof PromotionStatusSchema>;
export const PAYMENT_STATUSES = ['Pending', 'Paid'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
export const PromotionPlanSchema = z.enum(PROMOTION_PLANS);

/** 'Expiring soon': Active with 1 to 3 days left; the banner and Renew appear then. */
export const EXPIRING_SOON_DAYS = 3;
export const DEFAULT_PROMOTION_POSITION = 1;

export const PROMOTION_MESSAGES = {
  selectBusiness: 'Please select a business',
  startRequired: 'Start date is required',
  endAfterStart: 'End date must be after start date',
  startNotPast: 'Start date cannot be earlier than today',
  position: 'Position must be 1 or higher',
  autoRenewMonthlyOnly: 'Auto-renew is only available for the monthly plan',
  maxDuration: (days: number) => `A promotion can last at most ${days} days (Settings: maximum promotion duration)`,
  endFollowsPlan: (end: string) => `The end date follows from the plan: ${end}`,
  businessNotActive: 'Only active businesses can be promoted',
  noActiveBusinesses: 'No active businesses available. Please approve some businesses first.',
  cancelOnlyActive: 'Only an active promotion can be cancelled',
  renewOnlyActive: 'Only an active promotion can be renewed',
  startOnlyScheduled: 'Only a scheduled promotion can be started',
  editClosed: 'Only scheduled or active promotions can be changed',
  startLocked: 'The start date and plan cannot change once a promotion has started',
  changed: 'This promotion was changed by someone else. The latest details have been loaded.',
  notFound: (id: string) => `Promotion not found: ${id}`,
  loadFailed: 'Failed to load promotions. Please try again.',
  createFailed: 'Failed to create promotion. Please try again.',
  cancelFailed: 'Failed to cancel promotion. Please try again.',
  renewFailed: 'Failed to renew promotion. Please try again.',
  updateFailed: 'Failed to update promotion. Please try again.',
  created: (business: string) => `Promotion created successfully for "${business}"!`,
  cancelled: 'Promotion cancelled successfully!',
  renewed: (business: string, endDate: string) => `Promotion for "${business}" renewed until ${endDate}.`,
  updated: 'Promotion updated successfully!',
  started: 'Promotion started.',
  empty: 'No promotions found',
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');
const expectedVersion = z.number().int().min(0);

export const CreatePromotionRequestSchema = z.object({
  listingId: z.string({ error: PROMOTION_MESSAGES.selectBusiness }).uuid(PROMOTION_MESSAGES.selectBusiness),
  plan: PromotionPlanSchema,
  startDate: isoDate,
  /** Optional: the end follows from the plan; when sent it must agree. */
  endDate: isoDate.optional(),
  position: z.number({ error: PROMOTION_MESSAGES.position }).int(PROMOTION_MESSAGES.position).min(1, PROMOTION_MESSAGES.position).max(1000),
  autoRenew: z.boolean().default(false),
});
export type CreatePromotionRequest = z.input<typeof CreatePromotionRequestSchema>;

/** Position and auto-renew may change while Scheduled or Active; start date and plan only while Scheduled. */
export const EditPromotionRequestSchema = z.object({
  expectedVersion,
  plan: PromotionPlanSchema.optional(),
  startDate: isoDate.optional(),
  position: z.number({ error: PROMOTION_MESSAGES.position }).int(PROMOTION_MESSAGES.position).min(1, PROMOTION_MESSAGES.position).max(1000).optional(),
  autoRenew: z.boolean().optional(),
});
export type EditPromotionRequest = z.infer<typeof EditPromotionRequestSchema>;

export const PromotionActionRequestSchema = z.object({ expectedVersion });
export type PromotionActionRequest = z.infer<typeof PromotionActionRequestSchema>;

export const AdminPromotionSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  businessName: z.string(),
  businessCategory: z.nullable(ListingCategorySchema),
  businessLocation: z.string().nullable(),
  businessStatus: ListingStatusSchema.nullable(),
  plan: PromotionPlanSchema,
  startDate: z.string(),
  endDate: z.string(),
  durationDays: z.number().int(),
  /** Pounds: the price of the current period. */
  amount: z.number(),
  /** Pounds: every period paid for, renewals included. */
  revenue: z.number(),
  /** 1 for the first period, 2 after the first renewal, and so on. */
  period: z.number().int(),
  status: PromotionStatusSchema,
  /** Active and paid, but its place is paused while the business is not Active (decision 0048). */
  placePaused: z.boolean(),
  paymentStatus: PaymentStatusSchema,
  autoRenew: z.boolean(),
  position: z.number().int(),
  /** Whole days from today (platform time zone) to the end date; 0 or less reads 'Expired'. */
  daysRemaining: z.number().int(),
  views: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  /** Clicks per view and conversions per view, in per cent to one decimal place. */
  clickThroughRate: z.number(),
  conversionRate: z.number(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type AdminPromotion = z.infer<typeof AdminPromotionSchema>;

export const PromotionListQuerySchema = z.object({
  status: PromotionStatusSchema.optional().or(z.literal('').transform(() => undefined)),
  plan: PromotionPlanSchema.optional().or(z.literal('').transform(() => undefined)),
  q: z.string().trim().max(200).optional(),
  /** One business's promotions (Local Businesses' 'View Promotion' and 'Cancel Promotion'). */
  listingId: z.string().uuid().optional().or(z.literal('').transform(() => undefined)),
});
export type PromotionListQuery = z.input<typeof PromotionListQuerySchema>;

export const AdminPromotionListSchema = z.object({
  promotions: z.array(AdminPromotionSchema),
  stats: z.object({
    total: z.number().int(),
    /** Active promotions featuring their business now (its business is Active). */
    active: z.number().int(),
    /** Active and paid, paused while the business is not Active. */
    paused: z.number().int(),
    scheduled: z.number().int(),
    expiringSoon: z.number().int(),
    /** Pounds: every paid period of every promotion. */
    revenue: z.number(),
  }),
  /** Today in the platform's time zone, so the screen counts days as the server does. */
  today: z.string(),
});
export type AdminPromotionList = z.infer<typeof AdminPromotionListSchema>;

export const PromotableBusinessSchema = z.object({ id: z.string(), name: z.string(), category: ListingCategorySchema, location: z.string() });
export const PromotableBusinessesSchema = z.object({ businesses: z.array(PromotableBusinessSchema) });
export type PromotableBusiness = z.infer<typeof PromotableBusinessSchema>;
export type PromotableBusinesses = z.infer<typeof PromotableBusinessesSchema>;

/**
 * A share in per cent to one decimal place, as the spec shows rates; 0 when nothing was viewed. A share
 * never passes 100% (decision 0048): each view counts at most one click and at most one conversion, so 2
 * conversions after 1 view read 100%, not 200%. (Interactions are not tied to the view they followed, so
 * the cap is how 'views that led to a conversion' is counted from the totals.)
 */
export function ratePercent(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  return Math.round((Math.min(part, whole) / whole) * 1000) / 10;
}
