import * as z from './zod-mini';
import { ProblemDetailsSchema } from './problem';

/**
 * Where every e-mailed verification link lands (better-auth's `callbackURL`, also the server's default):
 * the link signs the person in, and this page takes them on to their dashboard, or explains an expired link.
 */
export const EMAIL_VERIFIED_PATH = '/email-verified';

/**
 * `POST /api/auth/sign-in/email` 403 when the password is right but the e-mail address is not verified
 * yet. `verificationSent` says whether a new link went to `email` with this answer (not when the
 * per-account limit on such e-mails held it back). A new link on request:
 * `POST /api/auth/send-verification-email` `{ email, callbackURL: EMAIL_VERIFIED_PATH }`, which answers
 * 200 whether or not the account exists, and 429 (`RATE_LIMITED`, `retryAt`, Retry-After) past its
 * limits per account and per client address.
 */
export const EmailNotVerifiedProblemSchema = z.extend(ProblemDetailsSchema, {
  code: z.literal('EMAIL_NOT_VERIFIED'),
  email: z.string(),
  verificationSent: z.boolean(),
});
export type EmailNotVerifiedProblem = z.infer<typeof EmailNotVerifiedProblemSchema>;
