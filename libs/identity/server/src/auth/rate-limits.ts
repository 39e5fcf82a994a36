import type { RateLimitRule } from '@afterwards/identity-domain';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface RateLimitedAction {
  /** better-auth endpoint path under /api/auth. */
  readonly path: string;
  readonly name: string;
  /** Which body field names the account. */
  readonly emailField: 'email';
  readonly perAccount: RateLimitRule;
  readonly perAddress: RateLimitRule;
  /** 'Too many … Please wait N minutes and try again.' */
  readonly what: string;
}

/**
 * Abuse limits on the public account endpoints that send e-mail or create accounts, per e-mail address
 * and per client address: every request counts. Sign-in is limited apart (`SIGN_IN_LIMITS`).
 */
export const RATE_LIMITED_ACTIONS: readonly RateLimitedAction[] = [
  { path: '/sign-up/email', name: 'sign-up', emailField: 'email', perAccount: { max: 5, windowMs: HOUR }, perAddress: { max: 20, windowMs: HOUR }, what: 'accounts created from here' },
  { path: '/request-password-reset', name: 'reset', emailField: 'email', perAccount: { max: 3, windowMs: HOUR }, perAddress: { max: 10, windowMs: HOUR }, what: 'password reset requests' },
  { path: '/send-verification-email', name: 'verify', emailField: 'email', perAccount: { max: 3, windowMs: HOUR }, perAddress: { max: 10, windowMs: HOUR }, what: 'verification e-mails' },
];

export const SIGN_IN_PATH = '/sign-in/email';

/**
 * Failed sign-ins (a right password takes its attempt back), per client address and account, and per
 * client address across accounts. There is no limit per account alone: guesses from anywhere would
 * then lock the owner out, so an attacker is slowed where they are instead.
 */
export const SIGN_IN_LIMITS = {
  perAddressAndAccount: { max: 10, windowMs: 15 * MINUTE },
  perAddress: { max: 60, windowMs: 15 * MINUTE },
  what: 'sign-in attempts',
} as const;

/**
 * The new verification link a sign-in with the right password but an unverified address sends, per
 * account. Past it the answer says so and sends nothing. Counted apart from the resend route, so that
 * route's answer never depends on whether someone signed in to the account.
 */
export const VERIFY_ON_SIGN_IN_LIMIT: RateLimitRule = { max: 3, windowMs: HOUR };

/** Paths whose e-mail carries a verification link (their `callbackURL`). */
export const VERIFICATION_LINK_PATHS: readonly string[] = ['/sign-up/email', '/send-verification-email'];

export function rateLimitMessage(what: string, minutes: number): string {
  return `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
