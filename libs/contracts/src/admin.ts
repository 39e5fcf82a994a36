import { z } from './zod';
import { LISTING_STATUSES, ListingDetailsInputSchema, ListingStatusSchema } from './directory';
import { LISTING_CATEGORIES, ListingCategorySchema, PublicListingSchema } from './directory-search';
import { AdminUserSchema } from './identity';
import { withoutFullStop } from './sentences';

/**
 * The staff back office: listings, dashboard, settings and the audit log.
 * Every route here is under `/api/admin/` and guarded on the server: a live staff session whose
 * `admin_users` record is active. Anonymous is 401, a family account 403 (`ADMIN_ACCESS_DENIED`), and
 * an `auditor` 403 (`ADMIN_READ_ONLY`) on any write. Writes need the product's own `Origin`.
 */
export const ADMIN_API = '/api/admin';

/** Staff roles: `admin` may do everything; `auditor` may read every screen and the audit log, and write nothing. */
export const ADMIN_ROLES = ['admin', 'auditor'] as const;
export const AdminRoleSchema = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof AdminRoleSchema>;

/**
 * Who may do what in the back office, the one rule for both sides: `read` (every screen, the audit log,
 * history) and `change` (every write). The API's staff guard refuses a write by it (403 `ADMIN_READ_ONLY`)
 * and the screens offer only the actions it allows (no Add, Create, bulk or row write actions for an auditor).
 */
export const STAFF_ACTIONS = ['read', 'change'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
const STAFF_ROLE_MAY: Record<AdminRole, readonly StaffAction[]> = {
  admin: ['read', 'change'],
  auditor: ['read'],
};
/** Whether `role` may do `action`; a role this rule does not know is the least privileged one (auditor). */
export function staffMay(role: string, action: StaffAction): boolean {
  const known = AdminRoleSchema.safeParse(role);
  return STAFF_ROLE_MAY[known.success ? known.data : 'auditor'].includes(action);
}

export const ADMIN_GUARD_MESSAGES = {
  readOnly: 'Your staff role can view the back office but not change it.',
} as const;

// ---------------------------------------------------------------------------------------------------
// Listings (Local Businesses)
// ---------------------------------------------------------------------------------------------------

/** A listing as staff see it: every column of the read model. */
export const AdminListingSchema = z.object(PublicListingSchema.shape).omit({ distanceMiles: true, withinServiceArea: true }).extend({
  serviceRadiusMiles: z.number().int(),
  servesSurroundingAreas: z.boolean(),
  status: ListingStatusSchema,
  position: z.number().int().nullable(),
  totalReviews: z.number().int(),
  rejectionReason: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  source: z.string().nullable(),
  /** The file an import made it from (`source` 'Bulk Upload' or 'Document Upload'). */
  originalFilename: z.string().nullable(),
  /** Stream revision the row reflects; send it back as `expectedVersion` to refuse a stale edit. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminListing = z.infer<typeof AdminListingSchema>;

export const ADMIN_LISTING_SORTS = ['name', 'category', 'location', 'status', 'createdAt', 'updatedAt'] as const;
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

const intFromQuery = (min: number, max: number, fallback: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : Number(v)))
    .pipe(z.number().int().min(min).max(max));

/** Filters of the staff list, shared by the page query, select-all (`/ids`) and the bench. */
export const AdminListingFilterSchema = z.object({
  status: z.union([ListingStatusSchema, z.literal('all'), z.literal('')]).optional(),
  category: z.union([ListingCategorySchema, z.literal('all'), z.literal('')]).optional(),
  promoted: z.enum(['all', 'yes', 'no', '']).optional(),
  /** Case-insensitive 'contains' over name, location and category. */
  q: z.string().trim().max(100, 'Search must be 100 characters or fewer').optional(),
});
export type AdminListingFilter = z.input<typeof AdminListingFilterSchema>;

/** `GET /api/admin/listings?status&category&promoted&q&sort&order&page&pageSize`. */
export const AdminListingsQuerySchema = AdminListingFilterSchema.extend({
  sort: z.enum(ADMIN_LISTING_SORTS).optional().default('createdAt'),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  page: intFromQuery(1, 100_000, 1),
  pageSize: intFromQuery(1, 100, ADMIN_DEFAULT_PAGE_SIZE),
});
export type AdminListingsQuery = z.input<typeof AdminListingsQuerySchema>;

/** Stat tiles: every listing by status (not narrowed by the filters), and how many are promoted. */
export const AdminListingStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.object(Object.fromEntries(LISTING_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof LISTING_STATUSES)[number], z.ZodNumber>),
  promoted: z.number().int(),
});
export type AdminListingStats = z.infer<typeof AdminListingStatsSchema>;

export const AdminListingsResponseSchema = z.object({
  listings: z.array(AdminListingSchema),
  /** Listings matching the filters (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  stats: AdminListingStatsSchema,
});
export type AdminListingsResponse = z.infer<typeof AdminListingsResponseSchema>;

/** Select-all selects the filtered set: `GET /api/admin/listings/ids?<filters>` (at most this many). */
export const ADMIN_SELECT_ALL_LIMIT = 10_000;
export const AdminListingIdsResponseSchema = z.object({
  ids: z.array(z.string().uuid()),
  total: z.number().int(),
  /** True when `total` is larger than ADMIN_SELECT_ALL_LIMIT and only the first ids were returned. */
  truncated: z.boolean(),
});
export type AdminListingIdsResponse = z.infer<typeof AdminListingIdsResponseSchema>;

/**
 * The Add/Edit Business form: twelve fields. Messages are the spec's own;
 * the service radius is whole miles. Empty optional fields become null; a website without a scheme gets https://.
 */
export const AdminListingFormSchema = ListingDetailsInputSchema.omit({ latitude: true, longitude: true }).extend({
  status: ListingStatusSchema.optional(),
});
export type AdminListingFormInput = z.input<typeof AdminListingFormSchema>;
export type AdminListingForm = z.output<typeof AdminListingFormSchema>;

/** `PUT /api/admin/listings/:id`: the form plus the version it was filled from (409 `LISTING_CHANGED` when stale). */
export const AdminEditListingSchema = AdminListingFormSchema.extend({
  expectedVersion: z.number().int().optional(),
});

const REASON_REQUIRED = 'A reason is required';
export const ReasonSchema = z.object({
  reason: z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(500, 'Reason must be 500 characters or fewer'),
});
export type ReasonInput = z.infer<typeof ReasonSchema>;

export const SetListingStatusSchema = z.object({ status: ListingStatusSchema });

/**
 * Routes (all JSON; each answers the listing as it is after the change, or 204 for delete):
 * - `POST   /api/admin/listings`                  create (AdminListingForm) → 201 AdminListing
 * - `GET    /api/admin/listings/:id`              one listing (404 `LISTING_NOT_FOUND`, 'Business not found: …')
 * - `PUT    /api/admin/listings/:id`              edit (AdminEditListing)
 * - `POST   /api/admin/listings/:id/approve`      Pending Review → Active
 * - `POST   /api/admin/listings/:id/reject`       { reason } → Inactive
 * - `POST   /api/admin/listings/:id/suspend`      { reason } Active → Suspended
 * - `PUT    /api/admin/listings/:id/status`       { status }
 *
 * A listing's featured place is not set here: it follows its promotions (decision 0048), made and
 * cancelled under /api/admin/promotions.
 * - `DELETE /api/admin/listings/:id`              204; 404 'Business not found: …' when already gone
 * - `POST   /api/admin/listings/bulk`             BulkListingRequest → BulkListingResponse
 */
export const ADMIN_LISTINGS_PATH = `${ADMIN_API}/listings`;

export const ADMIN_BULK_LIMIT = ADMIN_SELECT_ALL_LIMIT;
export const BulkListingRequestSchema = z.discriminatedUnion('action', [
  // Suspending needs the reason a single Suspend asks for, with the same rule and words (ReasonSchema).
  z
    .object({ action: z.literal('status'), ids: z.array(z.string().uuid()).min(1).max(ADMIN_BULK_LIMIT), status: ListingStatusSchema, reason: ReasonSchema.shape.reason.optional() })
    .superRefine((value, ctx) => {
      if (value.status === 'Suspended' && value.reason === undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
    }),
  z.object({ action: z.literal('delete'), ids: z.array(z.string().uuid()).min(1).max(ADMIN_BULK_LIMIT) }),
]);
export type BulkListingRequest = z.input<typeof BulkListingRequestSchema>;

export const BulkListingResultSchema = z.discriminatedUnion('ok', [
  z.object({ id: z.string(), ok: z.literal(true) }),
  z.object({ id: z.string(), ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type BulkListingResult = z.infer<typeof BulkListingResultSchema>;
export const BulkListingResponseSchema = z.object({
  results: z.array(BulkListingResultSchema),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BulkListingResponse = z.infer<typeof BulkListingResponseSchema>;

/** The spec's messages for the Local Businesses screen (section 8). */
export const LISTING_ADMIN_MESSAGES = {
  loadFailed: 'Failed to load businesses. Please try again.',
  saveFailed: 'Failed to save business. Please try again.',
  approveFailed: 'Failed to approve business. Please try again.',
  rejectFailed: 'Failed to reject business. Please try again.',
  suspendFailed: 'Failed to suspend business. Please try again.',
  promotionFailed: 'Failed to update promotion status. Please try again.',
  deleteFailed: (message: string) => `Failed to delete business: ${withoutFullStop(message)}. Please try again.`,
  bulkUpdateFailed: (message: string) => `Failed to update businesses: ${message}`,
  bulkPromotionFailed: (message: string) => `Failed to update promotions: ${message}`,
  bulkDeleteRefresh: 'Page will refresh to show current state.',
  notFound: (id: string) => `Business not found: ${id}`,
} as const;

// ---------------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------------

export const ACTIVITY_TYPES = [
  'business_created',
  'business_approved',
  'business_rejected',
  'business_suspended',
  'promotion_created',
  'promotion_started',
  'promotion_renewed',
  'promotion_cancelled',
  'promotion_expiry_warned',
  'promotion_expired',
] as const;
export const ActivitySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  description: z.string(),
  timestamp: z.string(),
});
export type Activity = z.infer<typeof ActivitySchema>;
export const RECENT_ACTIVITY_LIMIT = 10;

/** `GET /api/admin/dashboard`. */
export const AdminDashboardSchema = z.object({
  stats: z.object({
    totalBusinesses: z.number().int(),
    /** Promotions featuring their business now: Active, on an Active business (the Promoted tile's listings). */
    activePromotions: z.number().int(),
    /** Active and paid, but paused while their business is not Active (decision 0048). */
    pausedPromotions: z.number().int(),
    /** Pounds: every paid promotion period, renewals included. */
    totalRevenue: z.number(),
    pendingReviews: z.number().int(),
  }),
  activities: z.array(ActivitySchema),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
export const ADMIN_DASHBOARD_PATH = `${ADMIN_API}/dashboard`;

// ---------------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------------

export const PROMOTION_PLANS = ['14-day', '1-month', 'monthly'] as const;
export type PromotionPlan = (typeof PROMOTION_PLANS)[number];

export const SETTINGS_MESSAGES = {
  radius: 'Service radius must be between 1 and 50 miles',
  price: 'Price must be at least 1',
  duration: 'Duration must be between 1 and 365 days',
  grace: 'Grace period must be between 0 and 168 hours',
  expiryWarning: 'Expiry warning must be between 1 and 30 days',
  renewalReminder: 'Renewal reminder must be between 1 and 30 days',
  maxDuration: 'Maximum promotion duration must be between 1 and 1095 days',
  saved: 'Settings saved successfully!',
  saveFailed: 'Failed to save settings. Please try again.',
  loadFailed: (reason: string) => `Failed to load settings: ${withoutFullStop(reason)}. Using default values.`,
  unsaved: 'You have unsaved changes. Click "Save Changes" to apply them.',
} as const;

const int = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

export const PromotionPlanSettingsSchema = z.object({
  price: z.number({ error: SETTINGS_MESSAGES.price }).min(1, SETTINGS_MESSAGES.price).max(100_000).multipleOf(0.01, 'Price must be in whole pence'),
  durationDays: int(1, 365, SETTINGS_MESSAGES.duration),
  title: z.string().trim().min(1, 'Title is required').max(80),
  description: z.string().trim().max(300),
  recurring: z.boolean().optional(),
});
export type PromotionPlanSettings = z.infer<typeof PromotionPlanSettingsSchema>;

export const AdminSettingsSchema = z.object({
  promotionPricing: z.object({
    '14-day': PromotionPlanSettingsSchema,
    '1-month': PromotionPlanSettingsSchema,
    monthly: PromotionPlanSettingsSchema,
  }),
  defaultServiceRadius: int(1, 50, SETTINGS_MESSAGES.radius),
  promotionTiming: z.object({
    autoStart: z.boolean(),
    gracePeriodHours: int(0, 168, SETTINGS_MESSAGES.grace),
    expiryWarningDays: int(1, 30, SETTINGS_MESSAGES.expiryWarning),
    renewalReminderDays: int(1, 30, SETTINGS_MESSAGES.renewalReminder),
  }),
  // No currency or currency symbol (decision 0048): every amount is priced, stored and shown in pounds, as
  // the spec shows them; a symbol that relabelled pounds as dollars would misstate every figure. Settings
  // saved before carry the two keys; parsing drops them.
  platformConfig: z.object({
    timezone: z.string().trim().min(1).max(64).refine(isTimeZone, 'Unknown time zone'),
    autoApproveBusinesses: z.boolean(),
    maxPromotionDuration: int(1, 1095, SETTINGS_MESSAGES.maxDuration),
  }),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;
export type SettingsGroup = keyof AdminSettings;
/** Each group is one `admin_settings` row under the spec's setting_key and setting_type. */
export const SETTINGS_KEYS: Record<SettingsGroup, { key: string; type: string }> = {
  promotionPricing: { key: 'promotion_pricing', type: 'pricing' },
  defaultServiceRadius: { key: 'default_service_radius', type: 'radius' },
  promotionTiming: { key: 'promotion_timing', type: 'duration' },
  platformConfig: { key: 'platform_config', type: 'general' },
};

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Section 9 defaults. */
export const DEFAULT_SETTINGS: AdminSettings = {
  promotionPricing: {
    '14-day': { price: 49, durationDays: 14, title: '14-Day Boost', description: 'Boost for 2 weeks' },
    '1-month': { price: 99, durationDays: 30, title: '1-Month Feature', description: 'Featured for a month' },
    monthly: { price: 79, durationDays: 30, title: 'Monthly Subscription', description: 'Featured every month, renewed automatically', recurring: true },
  },
  defaultServiceRadius: 5,
  promotionTiming: { autoStart: true, gracePeriodHours: 24, expiryWarningDays: 3, renewalReminderDays: 7 },
  platformConfig: { timezone: 'Europe/London', autoApproveBusinesses: false, maxPromotionDuration: 365 },
};

/**
 * `GET /api/admin/settings`; `PUT /api/admin/settings` (body: SaveSettingsRequest); `POST /api/admin/settings/reset`.
 * All three answer AdminSettingsResponse. Field errors of a refused save have paths under `settings.` (e.g. `settings.defaultServiceRadius`).
 */
export const AdminSettingsResponseSchema = z.object({
  settings: AdminSettingsSchema,
  /** When they were last saved; null while on the defaults. */
  updatedAt: z.string().nullable(),
  /** Settings stream revision; send it back as `expectedVersion` so a save over someone else's is refused (409 `SETTINGS_CHANGED`). */
  version: z.number().int(),
});
export type AdminSettingsResponse = z.infer<typeof AdminSettingsResponseSchema>;
export const SaveSettingsRequestSchema = z.object({ settings: AdminSettingsSchema, expectedVersion: z.number().int().optional() });
export type SaveSettingsRequest = z.infer<typeof SaveSettingsRequestSchema>;
export const ADMIN_SETTINGS_PATH = `${ADMIN_API}/settings`;

// ---------------------------------------------------------------------------------------------------
// Audit log (the spec: and 7; the screen is new)
// ---------------------------------------------------------------------------------------------------

export const AUDIT_PAGE_SIZE = 50;
const isoDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Use a date like 2026-11-23');

/** `GET /api/admin/audit-log?action&tableName&adminUserId&from&to&page` (from/to are whole days, inclusive, UK time). */
export const AuditLogQuerySchema = z.object({
  action: z.string().trim().max(100).optional(),
  tableName: z.string().trim().max(100).optional(),
  adminUserId: z.union([z.string().uuid(), z.literal('')]).optional(),
  from: isoDate,
  to: isoDate,
  page: intFromQuery(1, 1_000_000, 1),
});
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  tableName: z.string().nullable(),
  recordId: z.string().nullable(),
  oldValues: z.unknown().nullable(),
  newValues: z.unknown().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  admin: AdminUserSchema.nullable(),
  /** The record's name today ('Hope Funeral Care'), or null when it has none or no longer exists. */
  recordName: z.string().nullable(),
  /** The sign-in account of a row with no staff member (a family account refused at /admin); email null once deleted. */
  account: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;
/** `GET /api/admin/audit-log/filters`: the choices of the filter menus. */
export const AuditFiltersResponseSchema = z.object({
  actions: z.array(z.string()),
  tableNames: z.array(z.string()),
  staff: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() })),
});
export type AuditFiltersResponse = z.infer<typeof AuditFiltersResponseSchema>;
export const ADMIN_AUDIT_PATH = `${ADMIN_API}/audit-log`;

// ---------------------------------------------------------------------------------------------------
// First staff account (a newcomer on `npm start`)
// ---------------------------------------------------------------------------------------------------

/** While no staff account exists, start-up prints `/admin/setup?token=…`, valid for an hour, used once. */
export const FIRST_STAFF_TOKEN_TTL_MS = 60 * 60 * 1000;
export const ADMIN_SETUP_PATH = `${ADMIN_API}/setup`;
/** `GET /api/admin/setup?token=` → { valid }; `POST /api/admin/setup` → 201 { admin } (then sign in). */
export const FirstStaffSchema = z.object({
  token: z.string().min(1, 'This set-up link is not valid.'),
  name: z.string({ error: 'Please enter your name' }).trim().min(1, 'Please enter your name').max(100),
  email: z
    .string({ error: 'Email and password are required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email and password are required')
    .max(254)
    .email('Please enter a valid email address'),
  password: z.string({ error: 'Email and password are required' }).min(6, 'Password must be at least 6 characters').max(128),
});
export type FirstStaffInput = z.input<typeof FirstStaffSchema>;
export const SetupTokenStatusSchema = z.object({ valid: z.boolean() });

// Categories for staff filters, in the order the family spec lists them.
export const ADMIN_CATEGORY_OPTIONS = LISTING_CATEGORIES;
