import * as z from './zod-mini';

/** RFC 9457 problem details, with the product's stable `code` and optional field errors. */
export const ProblemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.optional(z.string()),
  instance: z.optional(z.string()),
  code: z.string(),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /** Staff sign-in: attempts left before the lock. */
  remainingAttempts: z.optional(z.number()),
  /** When a lock or rate limit ends (ISO 8601); also sent as Retry-After. */
  retryAt: z.optional(z.string()),
  /** Staff sign-in: the password was right and the account has two-factor on; send it again with `code`. */
  twoFactorRequired: z.optional(z.boolean()),
});
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;

/** Any body that may be a problem, its fields each optional (a screen reading a failed answer's code or detail). */
export const PartialProblemDetailsSchema = z.partial(ProblemDetailsSchema);

/** One field's problem, named by its path in the request ('address.0', 'sources'): a problem's `errors` item. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/**
 * A refused command with the stable `code` the server maps to a status, the message people read, and the
 * fields at fault. Each context's error extends it with its own codes and its own `name`.
 */
export abstract class CodedError<Code extends string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly errors: readonly FieldError[] = [],
  ) {
    super(message);
  }
}
