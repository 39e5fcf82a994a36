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

/** Abuse limits on the public account endpoints, per e-mail address and per client address. */
export const RATE_LIMITED_ACTIONS: readonly RateLimitedAction[] = [
  { path: '/sign-in/email', name: 'sign-in', emailField: 'email', perAccount: { max: 10, windowMs: 15 * MINUTE }, perAddress: { max: 60, windowMs: 15 * MINUTE }, what: 'sign-in attempts' },
  { path: '/sign-up/email', name: 'sign-up', emailField: 'email', perAccount: { max: 5, windowMs: HOUR }, perAddress: { max: 20, windowMs: HOUR }, what: 'accounts created from here' },
  { path: '/request-password-reset', name: 'reset', emailField: 'email', perAccount: { max: 3, windowMs: HOUR }, perAddress: { max: 10, windowMs: HOUR }, what: 'password reset requests' },
  { path: '/send-verification-email', name: 'verify', emailField: 'email', perAccount: { max: 3, windowMs: HOUR }, perAddress: { max: 10, windowMs: HOUR }, what: 'verification e-mails' },
];

export function rateLimitMessage(what: string, minutes: number): string {
  return `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
