import * as z from './zod-mini';

// What every public page needs at start-up (the session check, the sign-in options), in zod/mini so
// those pages do not load classic zod (see ./zod-mini). The sign-in forms are in ./sign-in-forms.

/** The product's password minimum. */
export const PASSWORD_MIN_LENGTH = 6;

/** The signed-in user as screens see it (`GET /api/session` → `{ user }`, 401 when signed out). */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  twoFactorEnabled: z.boolean(),
  /** Signed in before this session (the server counts sessions): 'Welcome back' rather than 'Welcome'. */
  returning: z.optional(z.boolean()),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
export const SessionResponseSchema = z.object({ user: SessionUserSchema });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
/**
 * `GET /api/session/state` → `{ user }` or `{ user: null }`, always 200: the shell's start-up question
 * "is anyone signed in?", where signed out is an answer, not an error (a 401 there would be logged as
 * a failed request in every signed-out visitor's console).
 */
export const SESSION_STATE_URL = '/api/session/state';
export const SessionStateResponseSchema = z.object({ user: z.nullable(SessionUserSchema) });
export type SessionStateResponse = z.infer<typeof SessionStateResponseSchema>;

/**
 * Sign-in options the server offers (`GET /api/sign-in-options`, public; outside better-auth's `/api/auth/*` mount). The sign-in screen shows
 * 'Sign in with Google' only when `google` is true (OIDC configured by environment variables);
 * the button starts better-auth's `POST /api/auth/sign-in/social` with `provider: GOOGLE_PROVIDER_ID`.
 */
export const AuthOptionsResponseSchema = z.object({
  google: z.boolean(),
  /** Contact Support address (SUPPORT_EMAIL), for the Settings tab's Support & Help card. */
  supportEmail: z.optional(z.string()),
});
export type AuthOptionsResponse = z.infer<typeof AuthOptionsResponseSchema>;
export const AUTH_OPTIONS_URL = '/api/sign-in-options';
export const GOOGLE_PROVIDER_ID = 'google';

/** The sign-in page's short confirmation after an account was deleted (`/?account=deleted`). */
export const ACCOUNT_DELETED_QUERY = 'account';
export const ACCOUNT_DELETED_VALUE = 'deleted';
