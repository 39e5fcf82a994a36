import { z } from './zod';

/** RFC 9457 problem details, with the product's stable `code` and optional field errors. */
export const ProblemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Staff sign-in: attempts left before the lock. */
  remainingAttempts: z.number().optional(),
  /** When a lock or rate limit ends (ISO 8601); also sent as Retry-After. */
  retryAt: z.string().optional(),
  /** Staff sign-in: the password was right and the account has two-factor on; send it again with `code`. */
  twoFactorRequired: z.boolean().optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;
