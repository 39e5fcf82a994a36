import { z } from './zod';
import { PASSWORD_MIN_LENGTH } from './sign-in';
import { latestDateOfBirth } from './birth-date';

export { latestDateOfBirth };

/** Change password dialog; the current password is really checked on the server. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.'),
    newPassword: z
      .string()
      .min(1, 'Please enter a new password.')
      .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long.'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'New passwords do not match.', path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** Longest value of each Personal Information field: the API refuses more, and the form's inputs stop there. */
export const PROFILE_LIMITS = {
  firstName: 100,
  lastName: 100,
  phone: 30,
  address: 500,
  emergencyContact: 200,
  emergencyPhone: 30,
} as const;
/** A phone number has this many digits, whatever spaces, brackets or dashes are typed around them. */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;
/** The earliest date of birth the profile takes. */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

/** Whether `YYYY-MM-DD` names a real calendar day (not 2023-02-30). */
function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalPhone = (label: string) =>
  optionalText(label, PROFILE_LIMITS.phone)
    .refine((v) => v === null || /^\+?[0-9 ()-]+$/.test(v), `${label} can only contain digits, spaces, brackets, dashes and a leading +`)
    .refine((v) => {
      if (v === null || !/^\+?[0-9 ()-]+$/.test(v)) return true;
      const digits = v.replace(/\D/g, '').length;
      return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
    }, `${label} must have ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits`);

/**
 * Personal Information as the form sends it and the API takes it (`PUT /api/profile`; table
 * user_settings, one row per user). The form checks with this same schema before sending.
 */
export const ProfileSchema = z.object({
  firstName: z
    .string({ error: 'Please enter at least your first name.' })
    .trim()
    .min(1, 'Please enter at least your first name.')
    .max(PROFILE_LIMITS.firstName, `First name must be ${PROFILE_LIMITS.firstName} characters or fewer`),
  lastName: optionalText('Last name', PROFILE_LIMITS.lastName),
  phone: optionalPhone('Phone number'),
  /** ISO date (YYYY-MM-DD); empty is null. Not in the future, not before 1900. */
  dateOfBirth: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .superRefine((v, ctx) => {
      if (v === null) return;
      if (!isCalendarDate(v)) ctx.addIssue({ code: 'custom', message: 'Please enter a valid date' });
      else if (v > latestDateOfBirth()) ctx.addIssue({ code: 'custom', message: 'Date of birth cannot be in the future' });
      else if (v < EARLIEST_DATE_OF_BIRTH) ctx.addIssue({ code: 'custom', message: 'Date of birth cannot be before 1900' });
    }),
  address: optionalText('Address', PROFILE_LIMITS.address),
  emergencyContact: optionalText('Emergency contact', PROFILE_LIMITS.emergencyContact),
  emergencyPhone: optionalPhone('Emergency contact phone'),
});
export type ProfileInput = z.input<typeof ProfileSchema>;
export type Profile = z.output<typeof ProfileSchema>;
/**
 * `GET`/`PUT /api/profile` 200. Read back as stored, without the input rules: a row saved before a
 * rule existed must still show (and be corrected in the form), not break the Settings tab.
 */
export const ProfileResponseSchema = z.object({
  profile: z
    .object({
      firstName: z.string(),
      lastName: z.string().nullable(),
      phone: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      address: z.string().nullable(),
      emergencyContact: z.string().nullable(),
      emergencyPhone: z.string().nullable(),
    })
    .nullable(),
});

/** Preferences card: saved per user (`GET`/`PUT /api/preferences`); both on by default. */
export const PreferencesSchema = z.object({
  emailNotifications: z.boolean(),
  progressTracking: z.boolean(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = { emailNotifications: true, progressTracking: true };
/** `GET`/`PUT /api/preferences` 200 (defaults until the user saves). */
export const PreferencesResponseSchema = z.object({ preferences: PreferencesSchema });
export type PreferencesResponse = z.infer<typeof PreferencesResponseSchema>;

/** Staff sign-in. The email is trimmed and lower-cased. */
export const AdminSignInSchema = z.object({
  email: z
    .string({ error: 'Email and password are required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email and password are required')
    .refine((v) => v.includes('@') && v.length >= 5, 'Please enter a valid email address'),
  password: z
    .string({ error: 'Email and password are required' })
    .min(1, 'Email and password are required')
    .min(6, 'Password must be at least 6 characters'),
  /**
   * Second step for staff with two-factor on: the 6-digit authenticator code, or a recovery code.
   * Spaces people type are dropped; empty means none.
   */
  code: z
    .string()
    .optional()
    .transform((v) => v?.replace(/[\s]+/g, '') || undefined),
});
export type AdminSignInInput = z.infer<typeof AdminSignInSchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
/**
 * `POST /api/admin/session` 200 and `GET /api/admin/session` 200 (401 when not signed in as staff).
 * Failures are problem details: a wrong password is 401 with `remainingAttempts`; a lock is 429 with
 * `retryAt` (ISO 8601). A right password on an account with two-factor on, sent without `code`, is 401
 * `ADMIN_TWO_FACTOR_REQUIRED` with `twoFactorRequired: true` (not counted as a failure); a wrong code is
 * 401 `ADMIN_INVALID_CODE` with `twoFactorRequired: true` and `remainingAttempts` (counted). `GET /api/admin/session` answering 401 also carries `retryAt` while this client
 * address is locked, so the sign-in screen shows the lock after a reload or in a new browser.
 * `DELETE /api/admin/session` signs staff out (204).
 */
export const AdminSessionResponseSchema = z.object({ admin: AdminUserSchema });

/** Staff lockout: 5 failures lock sign-in for 15 minutes. */
export const ADMIN_MAX_ATTEMPTS = 5;
export const ADMIN_LOCK_MS = 15 * 60 * 1000;
