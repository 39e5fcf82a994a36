import * as z from './zod-mini';

/**
 * "Your data": a memory downloaded whole as a zip (prepared by a job, kept for a day), and an account
 * deleted with everything it holds.
 */

/** How long a prepared zip stays downloadable; after that the link answers 410 and the zip is deleted. */
export const MEMORY_EXPORT_TTL_HOURS = 24;

export const MemoryExportStatusSchema = z.enum(['preparing', 'ready', 'failed']);
export type MemoryExportStatus = z.infer<typeof MemoryExportStatusSchema>;

/** `POST /api/memories/:id/exports` takes nothing: the memory is the whole of what is exported. */
export const StartMemoryExportRequestSchema = z.strictObject({});

export const MemoryExportSchema = z.object({
  id: z.string(),
  memoryId: z.string(),
  status: MemoryExportStatusSchema,
  /** 0 to 100: the share of the memory's files and summaries written so far. */
  progress: z.int().check(z.gte(0), z.lte(100)),
  createdAt: z.string(),
  /** When the zip and its link go; null while it is being prepared. */
  expiresAt: z.nullable(z.string()),
  /** Owner-only address of the zip once it is ready. */
  downloadUrl: z.nullable(z.string()),
  fileName: z.string(),
  fileSize: z.nullable(z.number()),
  /** Why it could not be prepared, in the family's words. */
  failure: z.nullable(z.string()),
});
export type MemoryExport = z.infer<typeof MemoryExportSchema>;

export const memoryExportsPath = (memoryId: string): string => `/api/memories/${memoryId}/exports`;

/** What the person types in the warning dialog to confirm, as on the screen. */
export const ACCOUNT_DELETION_PHRASE = 'DELETE';
export const ACCOUNT_PATH = '/api/account';

/**
 * `DELETE /api/account`: the password of an account that has one (a Google-only account has none and needs a
 * session started in the last few minutes instead), the current two-step code of an account that has two-step
 * verification, and the phrase typed in the warning dialog.
 */
export const DeleteAccountRequestSchema = z.object({
  password: z.optional(z.string().check(z.maxLength(128))),
  /** The current code from the authenticator app, when the account has two-step verification. */
  code: z.optional(z.string().check(z.trim(), z.maxLength(16))),
  confirmation: z.literal(ACCOUNT_DELETION_PHRASE, { message: `Please type ${ACCOUNT_DELETION_PHRASE} to confirm` }),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;
