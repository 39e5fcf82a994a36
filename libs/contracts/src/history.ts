import { z } from './zod';
import { ADMIN_API } from './admin';

/**
 * Event history for audit reviewers (staff roles `admin` and `auditor`, read-only): a stream's events
 * with who, when and from where; the aggregate's state at any version, replayed on the server by the
 * domain's own evolve; the events of one correlation; the global log; exports. Memory streams are shown
 * without personal data: event types, versions, times and which fields changed, never values.
 */
export const HISTORY_API = `${ADMIN_API}/history`;
export const HISTORY_PAGE_SIZE = 50;
/** A stream longer than this is shown from its newest events (the state at any version still replays all). */
export const HISTORY_STREAM_LIMIT = 2_000;

export const STREAM_KINDS = ['listing', 'promotion', 'settings', 'case', 'organisation'] as const;
export const StreamKindSchema = z.enum(STREAM_KINDS);
export type StreamKind = z.infer<typeof StreamKindSchema>;

/** `<aggregate>-<id>`, e.g. `listing-3f2…`, `settings-platform`. */
export const StreamIdSchema = z
  .string()
  .max(200)
  .regex(/^(listing|promotion|settings|case|organisation)-[A-Za-z0-9_-]+$/, 'Not a stream this screen shows');

export const HistoryActorSchema = z.object({
  kind: z.enum(['staff', 'family', 'system']),
  /** The staff member's name, 'Family member' or 'System'. */
  name: z.string(),
  /** As recorded on the event (`admin:<id>`, a family user's id, `system:…`); null for family members. */
  raw: z.string().nullable(),
});
export type HistoryActor = z.infer<typeof HistoryActorSchema>;

export const HistoryEventSchema = z.object({
  streamId: z.string(),
  kind: StreamKindSchema.nullable(),
  /** 1 for the stream's first event. */
  version: z.number().int(),
  type: z.string(),
  /** Global position: `<commit>/<prepare>`. */
  position: z.string(),
  recordedAt: z.string(),
  actor: HistoryActorSchema,
  correlationId: z.string().nullable(),
  causationId: z.string().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The event's data; null when withheld (memory streams). */
  data: z.unknown().nullable(),
  /** Top-level fields the event carries (names only), for withheld events. */
  fields: z.array(z.string()),
  redacted: z.boolean(),
});
export type HistoryEvent = z.infer<typeof HistoryEventSchema>;

export const StreamSummarySchema = z.object({
  streamId: z.string(),
  kind: StreamKindSchema,
  title: z.string(),
  subtitle: z.string().nullable(),
});
export type StreamSummary = z.infer<typeof StreamSummarySchema>;

export const StreamSearchQuerySchema = z.object({ q: z.string().trim().max(200).default('') });
export const StreamSearchResponseSchema = z.object({ streams: z.array(StreamSummarySchema) });
export type StreamSearchResponse = z.infer<typeof StreamSearchResponseSchema>;

export const StreamHistorySchema = StreamSummarySchema.extend({
  events: z.array(HistoryEventSchema),
  /** Events in the stream (the list may hold only the newest HISTORY_STREAM_LIMIT). */
  total: z.number().int(),
  redacted: z.boolean(),
  /** The stream was erased (Delete Forever): only its tombstone is left. */
  erased: z.boolean(),
});
export type StreamHistory = z.infer<typeof StreamHistorySchema>;

export const FieldChangeSchema = z.object({
  path: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  /** Values are left out (undefined) for memory streams. */
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const StreamStateQuerySchema = z.object({ version: z.coerce.number().int().min(1) });
export const StreamStateSchema = z.object({
  streamId: z.string(),
  version: z.number().int(),
  type: z.string(),
  /** The aggregate's state after this version; null when withheld (memory streams). */
  state: z.unknown().nullable(),
  changes: z.array(FieldChangeSchema),
  redacted: z.boolean(),
});
export type StreamState = z.infer<typeof StreamStateSchema>;

export const CorrelationResponseSchema = z.object({ correlationId: z.string(), events: z.array(HistoryEventSchema) });
export type CorrelationResponse = z.infer<typeof CorrelationResponseSchema>;

const isoDateTime = z.string().datetime({ offset: true });
export const GlobalLogQuerySchema = z.object({
  type: z.string().trim().max(100).optional().transform((v) => v || undefined),
  /** `admin:<id>`, `system`, or `family`. */
  actor: z.string().trim().max(100).optional().transform((v) => v || undefined),
  from: isoDateTime.optional().or(z.literal('').transform(() => undefined)),
  to: isoDateTime.optional().or(z.literal('').transform(() => undefined)),
  /** Opaque cursor from the previous page's `next`. */
  before: z.string().max(200).optional().transform((v) => v || undefined),
});
export type GlobalLogQuery = z.infer<typeof GlobalLogQuerySchema>;
export const GlobalLogResponseSchema = z.object({ events: z.array(HistoryEventSchema), next: z.string().nullable() });
export type GlobalLogResponse = z.infer<typeof GlobalLogResponseSchema>;

export const HistoryFiltersSchema = z.object({
  types: z.array(z.string()),
  staff: z.array(z.object({ actor: z.string(), name: z.string() })),
});
export type HistoryFilters = z.infer<typeof HistoryFiltersSchema>;

/** The staff audit trail's hash chain, as `tools audit verify` and the Audit Log's badge report it. */
export const AuditChainVerificationSchema = z.object({
  ok: z.boolean(),
  rowsChecked: z.number().int(),
  checkedAt: z.string(),
  firstBadRowId: z.string().nullable(),
  // checkpoint_mismatch and truncated: found against the signed checkpoints (decision 0038), by `tools audit verify`.
  problem: z.enum(['changed', 'removed_or_reordered', 'checkpoint_mismatch', 'truncated']).nullable(),
  detail: z.string(),
});
export type AuditChainVerification = z.infer<typeof AuditChainVerificationSchema>;
export const AUDIT_VERIFY_PATH = `${ADMIN_API}/audit-log/verify`;

export const historyStreamPath = (streamId: string) => `${HISTORY_API}/streams/${encodeURIComponent(streamId)}`;
/** Where staff screens link a record's history. */
export const historyScreenUrl = (streamId: string) => `/admin/history?stream=${encodeURIComponent(streamId)}`;
