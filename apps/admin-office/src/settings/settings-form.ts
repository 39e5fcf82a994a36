// The Settings form as the person edits it: numbers are kept as the text in their boxes, so a half-typed
// value is never rewritten under the cursor. Parsing: a number that cannot be
// read becomes 0, except the service radius (5) and the maximum promotion duration (365).
import { AdminSettingsSchema, PROMOTION_PLANS, type AdminSettings, type PromotionPlan } from '@afterwards/contracts';

export interface PlanForm {
  price: string;
  durationDays: string;
  title: string;
  description: string;
  recurring?: boolean;
}

export interface SettingsForm {
  promotionPricing: Record<PromotionPlan, PlanForm>;
  defaultServiceRadius: string;
  promotionTiming: { autoStart: boolean; gracePeriodHours: string; expiryWarningDays: string; renewalReminderDays: string };
  platformConfig: { timezone: string; autoApproveBusinesses: boolean; maxPromotionDuration: string };
}

/** Field errors keyed by the settings path ('promotionPricing.14-day.price'). */
export type SettingsErrors = Record<string, string>;

export const RADIUS_WHEN_EMPTY = 5;
export const MAX_DURATION_WHEN_EMPTY = 365;

/** The spec's parse rule: empty or unreadable text becomes `fallback` (0 unless the field says otherwise). */
export function parseSettingNumber(text: string, fallback = 0): number {
  const trimmed = text.trim();
  if (trimmed === '') return fallback;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : fallback;
}

export function toForm(settings: AdminSettings): SettingsForm {
  const plan = (p: AdminSettings['promotionPricing'][PromotionPlan]): PlanForm => ({
    price: String(p.price),
    durationDays: String(p.durationDays),
    title: p.title,
    description: p.description,
    ...(p.recurring === undefined ? {} : { recurring: p.recurring }),
  });
  const { promotionTiming: t, platformConfig: c } = settings;
  return {
    promotionPricing: Object.fromEntries(PROMOTION_PLANS.map((id) => [id, plan(settings.promotionPricing[id])])) as Record<PromotionPlan, PlanForm>,
    defaultServiceRadius: String(settings.defaultServiceRadius),
    promotionTiming: {
      autoStart: t.autoStart,
      gracePeriodHours: String(t.gracePeriodHours),
      expiryWarningDays: String(t.expiryWarningDays),
      renewalReminderDays: String(t.renewalReminderDays),
    },
    platformConfig: {
      timezone: c.timezone,
      autoApproveBusinesses: c.autoApproveBusinesses,
      maxPromotionDuration: String(c.maxPromotionDuration),
    },
  };
}

/** The settings the form stands for, before validation (numbers parsed with the spec's fallbacks). */
export function fromForm(form: SettingsForm): AdminSettings {
  const plan = (p: PlanForm): AdminSettings['promotionPricing'][PromotionPlan] => ({
    price: parseSettingNumber(p.price),
    durationDays: parseSettingNumber(p.durationDays),
    title: p.title,
    description: p.description,
    ...(p.recurring === undefined ? {} : { recurring: p.recurring }),
  });
  const { promotionTiming: t, platformConfig: c } = form;
  return {
    promotionPricing: Object.fromEntries(PROMOTION_PLANS.map((id) => [id, plan(form.promotionPricing[id])])) as AdminSettings['promotionPricing'],
    defaultServiceRadius: parseSettingNumber(form.defaultServiceRadius, RADIUS_WHEN_EMPTY),
    promotionTiming: {
      autoStart: t.autoStart,
      gracePeriodHours: parseSettingNumber(t.gracePeriodHours),
      expiryWarningDays: parseSettingNumber(t.expiryWarningDays),
      renewalReminderDays: parseSettingNumber(t.renewalReminderDays),
    },
    platformConfig: {
      timezone: c.timezone,
      autoApproveBusinesses: c.autoApproveBusinesses,
      maxPromotionDuration: parseSettingNumber(c.maxPromotionDuration, MAX_DURATION_WHEN_EMPTY),
    },
  };
}

/** Checks the form against the shared schema: the settings to send, or the first message per field. */
export function validateSettings(form: SettingsForm): { ok: true; settings: AdminSettings } | { ok: false; errors: SettingsErrors } {
  const parsed = AdminSettingsSchema.safeParse(fromForm(form));
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: SettingsErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}

/** Server field errors use the request's paths ('settings.defaultServiceRadius'); the form uses the settings' own. */
export function settingsFieldErrors(serverErrors: Record<string, string>): SettingsErrors {
  const out: SettingsErrors = {};
  for (const [path, message] of Object.entries(serverErrors)) out[path.replace(/^settings\./, '')] ??= message;
  return out;
}

/** Any edit counts, even one that reads the same once parsed (the spec: any edit sets the dirty flag). */
export function isDirty(form: SettingsForm, saved: AdminSettings): boolean {
  return JSON.stringify(form) !== JSON.stringify(toForm(saved));
}

/** A copy of the form with the value at `path` replaced (paths as in SettingsErrors). */
export function setField(form: SettingsForm, path: string, value: string | boolean): SettingsForm {
  const keys = path.split('.');
  const next = structuredClone(form) as unknown as Record<string, unknown>;
  let node = next;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
  return next as unknown as SettingsForm;
}
