// The Create/Edit Promotion form's values and their validation (admin spec: Promotion form) with the
// shared request schemas and the spec's messages, so the client says what the server would.
import {
  CreatePromotionRequestSchema,
  DEFAULT_PROMOTION_POSITION,
  EditPromotionRequestSchema,
  PROMOTION_MESSAGES,
  type AdminPromotion,
  type AdminSettings,
  type CreatePromotionRequest,
  type EditPromotionRequest,
  type PromotionPlan,
} from '@afterwards/contracts';
import { addDays, isIsoDate } from '@afterwards/checklist-domain';
import { formFieldErrors } from '@afterwards/web-staff';

type Pricing = AdminSettings['promotionPricing'];

/** What the inputs hold, as typed. */
export interface PromotionFormValues {
  listingId: string;
  plan: PromotionPlan;
  /** `YYYY-MM-DD` from the date input; blank when empty or not a whole date. */
  startDate: string;
  position: string;
  autoRenew: boolean;
}

export type PromotionFormField = keyof PromotionFormValues | 'endDate';
export type PromotionFormErrors = Partial<Record<PromotionFormField, string>>;

/** 'Default promotion duration 30 days' (spec): the 1-month plan, starting today, first position. */
export function emptyPromotionForm(today: string, listingId = ''): PromotionFormValues {
  return { listingId, plan: '1-month', startDate: today, position: String(DEFAULT_PROMOTION_POSITION), autoRenew: false };
}

export function formValuesOf(p: AdminPromotion): PromotionFormValues {
  return { listingId: p.listingId, plan: p.plan, startDate: p.startDate, position: String(p.position), autoRenew: p.autoRenew };
}

/** Auto-renew is offered only for the monthly plan. */
export const offersAutoRenew = (plan: PromotionPlan) => plan === 'monthly';

/** The end date as the server will set it: start plus the plan's days (Settings); null without a start. */
export function endDateOf(startDate: string, plan: PromotionPlan, pricing: Pricing): string | null {
  if (!isIsoDate(startDate)) return null;
  return addDays(startDate, pricing[plan].durationDays);
}

/** What may change: position and auto-renew while Scheduled or Active; plan and start date only while Scheduled. */
export function editableFields(p: Pick<AdminPromotion, 'status'> | null) {
  const open = p === null || p.status === 'Scheduled' || p.status === 'Active';
  const scheduled = p === null || p.status === 'Scheduled';
  return { business: p === null, plan: scheduled, startDate: scheduled, position: open, autoRenew: open };
}

export interface PromotionFormContext {
  /** The platform's today (the list response's `today`). */
  today: string;
  pricing: Pricing;
  /** Settings: maximum promotion duration, in days. */
  maxDurationDays: number;
}

export type PromotionFormResult =
  | { ok: true; create: CreatePromotionRequest; edit?: undefined }
  | { ok: true; edit: EditPromotionRequest; create?: undefined }
  | { ok: false; errors: PromotionFormErrors };

const FIELDS = new Set<string>(['listingId', 'plan', 'startDate', 'endDate', 'position', 'autoRenew']);

function parsePosition(text: string): number | undefined {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** Issues of a refused schema parse, first message per form field. */
function issuesOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): PromotionFormErrors {
  const errors: PromotionFormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (FIELDS.has(field)) errors[field as PromotionFormField] ??= issue.message;
  }
  return errors;
}

/**
 * Checks the form and builds the request: a new promotion (`promotion` null) or the changes the
 * promotion's status still allows, sent with the version the form was filled from.
 */
export function validatePromotionForm(values: PromotionFormValues, promotion: AdminPromotion | null, context: PromotionFormContext): PromotionFormResult {
  const errors: PromotionFormErrors = {};
  const may = editableFields(promotion);
  const plan = may.plan ? values.plan : (promotion?.plan ?? values.plan);
  const startDate = may.startDate ? values.startDate.trim() : (promotion?.startDate ?? '');
  const startChanged = promotion === null || startDate !== promotion.startDate || plan !== promotion.plan;

  if (promotion === null && !values.listingId) errors.listingId = PROMOTION_MESSAGES.selectBusiness;
  if (may.startDate) {
    if (!isIsoDate(startDate)) errors.startDate = PROMOTION_MESSAGES.startRequired;
    else if (startChanged && startDate < context.today) errors.startDate = PROMOTION_MESSAGES.startNotPast;
  }
  if (may.plan && context.pricing[plan].durationDays > context.maxDurationDays) errors.plan = PROMOTION_MESSAGES.maxDuration(context.maxDurationDays);
  const endDate = endDateOf(startDate, plan, context.pricing);
  if (endDate !== null && endDate <= startDate) errors.endDate = PROMOTION_MESSAGES.endAfterStart;
  const position = parsePosition(values.position);
  if (position === undefined || position < 1) errors.position = PROMOTION_MESSAGES.position;
  if (values.autoRenew && !offersAutoRenew(plan)) errors.autoRenew = PROMOTION_MESSAGES.autoRenewMonthlyOnly;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  if (promotion === null) {
    const parsed = CreatePromotionRequestSchema.safeParse({ listingId: values.listingId, plan, startDate, endDate: endDate ?? undefined, position, autoRenew: values.autoRenew });
    if (!parsed.success) return { ok: false, errors: issuesOf(parsed.error.issues) };
    return { ok: true, create: parsed.data };
  }
  const changes: Record<string, unknown> = { expectedVersion: promotion.version, position };
  if (offersAutoRenew(plan)) changes.autoRenew = values.autoRenew;
  else if (promotion.autoRenew) changes.autoRenew = false;
  if (may.plan) changes.plan = plan;
  if (may.startDate) changes.startDate = startDate;
  const parsed = EditPromotionRequestSchema.safeParse(changes);
  if (!parsed.success) return { ok: false, errors: issuesOf(parsed.error.issues) };
  return { ok: true, edit: parsed.data };
}

/** Server field errors (problem `errors[].path`) for the form's own fields; the rest stay general. */
export const formErrorsOf = (errors: Record<string, string>): PromotionFormErrors => formFieldErrors<PromotionFormField>(errors, FIELDS);
