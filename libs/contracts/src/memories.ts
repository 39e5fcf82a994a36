import * as z from './zod-mini';
import {
  DEADLINE_BASES,
  DEADLINE_KINDS,
  DOCUMENT_CATEGORIES,
  JURISDICTIONS,
  NOTE_CATEGORY_KEYS,
  RELATIONSHIPS,
  TASK_CATEGORIES,
  URGENCIES,
  type NoteCategory,
} from './memory-vocabulary';
import { latestDateOfBirth } from './birth-date';

/**
 * The family dashboard's API (the spec: to 9): memories (the Case aggregate), their checklist of
 * tasks and documents, files and notes. Every route needs a signed-in user and shows only their own data;
 * another user's memory answers 404 exactly like one that does not exist.
 *
 *   GET    /api/memories                                   MemoryListResponse (the dashboard)
 *   POST   /api/memories                                   CreateMemoryRequest → 201 MemoryDetail
 *   GET    /api/memories/:id                               MemoryDetail (with its whole checklist and notes)
 *   PATCH  /api/memories/:id                               EditMemoryRequest → MemoryDetail (409 CASE_CHANGED when stale)
 *   DELETE /api/memories/:id                               204: Delete Forever
 *   PUT    /api/memories/:id/photo                         raw image body → MemoryDetail
 *   DELETE /api/memories/:id/photo                         MemoryDetail
 *   GET    /api/memories/:id/photo[?size=thumbnail]        the image (owner only)
 *   PUT    /api/memories/:id/tasks/:taskId                 SetTaskStatusRequest → MemoryDetail
 *   PUT    /api/memories/:id/documents/:documentId         SetDocumentCollectedRequest → MemoryDetail
 *   POST   /api/memories/:id/documents/:documentId/files   raw file body → 201 MemoryDetail
 *   DELETE /api/memories/:id/documents/:documentId/files/:fileId   MemoryDetail
 *   POST   /api/memories/:id/additional-documents          raw file body → 201 MemoryDetail
 *   DELETE /api/memories/:id/additional-documents/:documentId      MemoryDetail
 *   GET    /api/memories/:id/files/:fileId[?download=1]    the file (owner only)
 *   POST   /api/memories/:id/notes                         NoteRequest → 201 MemoryDetail
 *   PUT    /api/memories/:id/notes/:noteId                 EditNoteRequest → MemoryDetail (409 NOTE_CHANGED when stale)
 *   DELETE /api/memories/:id/notes/:noteId                 MemoryDetail
 *   GET    /api/checklist/preview?jurisdiction=England     ChecklistPreview (public: the empty-state preview)
 *
 * Uploads send the file's bytes as the body (`Content-Type: application/octet-stream`), its name in the
 * `X-File-Name` header (URI-encoded), and for an additional document its title in `X-Document-Title`.
 * The server checks the size while streaming and the type from the content, not the name.
 */
export const MEMORIES_PATH = '/api/memories';
/** The one body type the upload routes accept: the file's own bytes. */
export const UPLOAD_CONTENT_TYPE = 'application/octet-stream';
export const FILE_NAME_HEADER = 'x-file-name';
export const DOCUMENT_TITLE_HEADER = 'x-document-title';

export const JurisdictionSchema = z.enum(JURISDICTIONS);
export const RelationshipSchema = z.enum(RELATIONSHIPS);
export const NoteCategorySchema = z.enum(NOTE_CATEGORY_KEYS as [NoteCategory, ...NoteCategory[]]);

// Shapes only: the domain checks meaning and answers with the spec's messages (one place for both).
const text = z.string().check(z.maxLength(10_000));
const optionalText = z.optional(z.nullable(text));

/** The memory's dates as the form and the API check them (issue 40, item 10): one rule, both ends. */
export const MEMORY_DATE_MESSAGES = {
  birthInFuture: 'The date of birth cannot be in the future.',
  birthAfterDeath: 'The date of birth must be on or before the date of death.',
} as const;

/**
 * Problems with a date of birth: not after today (where the day has started first, so nobody's own
 * calendar is refused) and not after the date of death when both are given. Dates are YYYY-MM-DD, so
 * they compare as text; anything else is the domain's 'not a date' to say.
 */
export function memoryDateProblems(dates: { dateOfBirth?: string | null; dateOfDeath?: string | null }, now: Date = new Date()): { path: 'dateOfBirth'; message: string }[] {
  const birth = dates.dateOfBirth?.trim();
  const death = dates.dateOfDeath?.trim();
  if (!birth || !/^\d{4}-\d{2}-\d{2}$/.test(birth)) return [];
  if (birth > latestDateOfBirth(now)) return [{ path: 'dateOfBirth', message: MEMORY_DATE_MESSAGES.birthInFuture }];
  if (death && /^\d{4}-\d{2}-\d{2}$/.test(death) && birth > death) return [{ path: 'dateOfBirth', message: MEMORY_DATE_MESSAGES.birthAfterDeath }];
  return [];
}

const datesInOrder = z.superRefine((v: { dateOfBirth?: string | null; dateOfDeath?: string | null }, ctx) => {
  for (const problem of memoryDateProblems(v)) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path], input: v.dateOfBirth });
});

export const CreateMemoryRequestSchema = z
  .object({
    name: text,
    deceasedName: text,
    jurisdiction: text,
    relationship: optionalText,
    dateOfDeath: optionalText,
    dateOfBirth: optionalText,
    placeOfDeath: optionalText,
  })
  .check(datesInOrder);
export type CreateMemoryRequest = z.infer<typeof CreateMemoryRequestSchema>;

export const EditMemoryRequestSchema = z
  .object({
    name: z.optional(text),
    deceasedName: z.optional(text),
    relationship: optionalText,
    dateOfDeath: optionalText,
    dateOfBirth: optionalText,
    placeOfDeath: optionalText,
    /** The `detailsVersion` the form was filled from. */
    expectedDetailsVersion: z.optional(z.int().check(z.gte(0))),
  })
  .check(datesInOrder);
export type EditMemoryRequest = z.infer<typeof EditMemoryRequestSchema>;

export const SetTaskStatusRequestSchema = z.object({ status: z.enum(['complete', 'pending']) });
export type SetTaskStatusRequest = z.infer<typeof SetTaskStatusRequestSchema>;

export const SetDocumentCollectedRequestSchema = z.object({ collected: z.boolean() });
export type SetDocumentCollectedRequest = z.infer<typeof SetDocumentCollectedRequestSchema>;

/**
 * A task or document the family does not need to do ('not_needed'), or did before they started here
 * ('done_before'): progress counts it as settled, so every memory can reach 100%.
 */
export const SETTLEMENT_KINDS = ['not_needed', 'done_before'] as const;
export const SettlementKindSchema = z.enum(SETTLEMENT_KINDS);
export type SettlementKind = z.infer<typeof SettlementKindSchema>;
export const SETTLEMENT_LABELS: Record<SettlementKind, string> = { not_needed: 'Not needed', done_before: 'Done before I started' };
export const SETTLEMENT_REASON_MAX = 500;
export const SettleItemRequestSchema = z.object({
  kind: SettlementKindSchema,
  /** Why, in the family's words (optional). */
  reason: z.optional(z.nullable(z.string().check(z.maxLength(SETTLEMENT_REASON_MAX, `The reason must be ${SETTLEMENT_REASON_MAX} characters or fewer.`)))),
});
export type SettleItemRequest = z.infer<typeof SettleItemRequestSchema>;
export const SettlementSchema = z.object({ kind: SettlementKindSchema, reason: z.nullable(z.string()), settledAt: z.string() });
export type Settlement = z.infer<typeof SettlementSchema>;

export const NoteRequestSchema = z.object({
  title: z.string().check(z.maxLength(100_000)),
  content: z.string().check(z.maxLength(100_000)),
  category: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
});
export type NoteRequest = z.infer<typeof NoteRequestSchema>;
export const EditNoteRequestSchema = z.extend(NoteRequestSchema, { expectedVersion: z.optional(z.int().check(z.gte(0))) });
export type EditNoteRequest = z.infer<typeof EditNoteRequestSchema>;

// ---------------------------------------------------------------------------------------------- responses

const urgency = z.enum(URGENCIES);
const provenance = {
  /** Where the item's facts come from, and when they were last checked. */
  source: z.string(),
  lastReviewed: z.string(),
  /** Show the figure as 'check' with its source rather than as a bare fact. */
  checkFigure: z.boolean(),
  figureNote: z.nullable(z.string()),
};

/** Counts from the one progress rule (cases domain, progress.ts): done = completed + settled; done + inProgress + open = total. */
export const ProgressTallySchema = z.object({
  total: z.number(),
  done: z.number(),
  completed: z.number(),
  settled: z.number(),
  inProgress: z.number(),
  open: z.number(),
  percent: z.number(),
});
export type ProgressTallyDto = z.infer<typeof ProgressTallySchema>;

export const MemoryProgressSchema = z.object({
  /** What every screen shows: tasks, documents and both together, counted by the one rule. */
  tasks: ProgressTallySchema,
  documents: ProgressTallySchema,
  overall: ProgressTallySchema,
  tasksTotal: z.number(),
  tasksCompleted: z.number(),
  tasksInProgress: z.number(),
  documentsTotal: z.number(),
  documentsCollected: z.number(),
  documentsAdditional: z.number(),
  documentsLegal: z.number(),
  documentsFinancial: z.number(),
  /** Tasks and documents marked not needed or done before the memory was started. */
  tasksSettled: z.number(),
  documentsSettled: z.number(),
  /** round((completed or settled tasks + collected or settled documents) / (tasks + documents) × 100), 0 when empty. */
  percent: z.number(),
});
export type MemoryProgress = z.infer<typeof MemoryProgressSchema>;

export const MemoryPhotoSchema = z.object({ url: z.string(), thumbnailUrl: z.string(), fileType: z.string(), fileSize: z.number() });

/**
 * Sharing: the owner invites people to one memory as an editor (ticks, uploads, notes) or a viewer (reads and
 * downloads). Only the owner edits its details, shares it or deletes it forever.
 *
 *   GET    /api/memories/:id/sharing                       MemorySharing (owner only)
 *   POST   /api/memories/:id/invitations                   InviteToMemoryRequest → 201 MemorySharing
 *   DELETE /api/memories/:id/invitations/:invitationId     MemorySharing
 *   PUT    /api/memories/:id/members/:userId               ChangeMemberRoleRequest → MemorySharing
 *   DELETE /api/memories/:id/members/:userId               204: the owner removes a person, or a person leaves
 *   GET    /api/invitations/:token                         InvitationPreview (public: the link is the secret)
 *   POST   /api/invitations/:token/accept                  AcceptInvitationResponse (signed in, the invited address)
 */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof MemberRoleSchema>;
export const MemoryRoleSchema = z.enum(['owner', ...MEMBER_ROLES]);
export type MemoryRole = z.infer<typeof MemoryRoleSchema>;
export const MEMORY_ROLE_LABELS: Record<MemoryRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };
export const MEMBER_ROLE_HINTS: Record<MemberRole, string> = {
  editor: 'Can tick tasks, collect and upload documents, and write notes',
  viewer: 'Can read everything and download files, but not change anything',
};
/** People a memory can be shared with (besides its owner), invitations waiting included. */
export const MEMORY_PEOPLE_MAX = 20;
export const INVITATION_DAYS = 14;

/** Someone on a memory, as every person on it sees them. */
export const MemoryPersonSchema = z.object({ id: z.string(), name: z.string(), role: MemoryRoleSchema });
export type MemoryPerson = z.infer<typeof MemoryPersonSchema>;

export const InviteToMemoryRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Please enter their email address'), z.maxLength(254), z.email('Please enter a valid email address')),
  role: MemberRoleSchema,
});
export type InviteToMemoryRequest = z.infer<typeof InviteToMemoryRequestSchema>;
export const ChangeMemberRoleRequestSchema = z.object({ role: MemberRoleSchema });
export type ChangeMemberRoleRequest = z.infer<typeof ChangeMemberRoleRequestSchema>;

export const MemorySharingSchema = z.object({
  people: z.array(z.extend(MemoryPersonSchema, { email: z.string(), addedAt: z.nullable(z.string()) })),
  invitations: z.array(z.object({ id: z.string(), email: z.string(), role: MemberRoleSchema, invitedAt: z.string(), expiresAt: z.string() })),
});
export type MemorySharing = z.infer<typeof MemorySharingSchema>;

export const InvitationPreviewSchema = z.object({
  memoryName: z.string(),
  deceasedName: z.string(),
  invitedBy: z.string(),
  role: MemberRoleSchema,
  /** The address the invitation was sent to: only that account can accept it. */
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;
export const AcceptInvitationResponseSchema = z.object({ memoryId: z.string() });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;

export const MemorySummarySchema = z.object({
  id: z.string(),
  /** What the signed-in person may do here: their own memory, or one shared with them. */
  role: MemoryRoleSchema,
  /** Who shared it, when it is not the signed-in person's own. */
  ownerName: z.nullable(z.string()),
  name: z.string(),
  deceasedName: z.string(),
  jurisdiction: JurisdictionSchema,
  relationship: z.nullable(RelationshipSchema),
  dateOfDeath: z.nullable(z.string()),
  dateOfBirth: z.nullable(z.string()),
  placeOfDeath: z.nullable(z.string()),
  photo: z.nullable(MemoryPhotoSchema),
  templateVersion: z.string(),
  detailsVersion: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  progress: MemoryProgressSchema,
});
export type MemorySummary = z.infer<typeof MemorySummarySchema>;

/**
 * A limit set in law or by an authority on doing a task in time (a claim paid in full only within 3 months
 * of the death). Months or days, counted from the death or from `after`, an event the product cannot know
 * ('the funeral'; null: the death). endOfMonth: 'by the end of the sixth month after the death'. `note`: what
 * the limit protects, in plain words. The one shape of a limit; the template schema checks authored limits
 * more strictly.
 */
export const AuthorityLimitSchema = z.object({
  months: z.nullable(z.number()),
  days: z.nullable(z.number()),
  endOfMonth: z.boolean(),
  after: z.nullable(z.string()),
  note: z.string(),
});
export type AuthorityLimit = z.infer<typeof AuthorityLimitSchema>;

export const ChecklistTaskSchema = z.object({
  id: z.string(),
  templateKey: z.string(),
  title: z.string(),
  category: z.enum(TASK_CATEGORIES),
  priority: z.number(),
  urgency,
  deadlineDays: z.number(),
  deadlineMonths: z.nullable(z.number()),
  deadlineLabel: z.string(),
  deadlineNote: z.nullable(z.string()),
  /** statutory: a legal deadline, the only kind ever shown as overdue; suggested: a sensible timing only. */
  deadlineKind: z.enum(DEADLINE_KINDS),
  /** How the law counts a statutory deadline (calendar days, next working day, working days). */
  deadlineBasis: z.enum(DEADLINE_BASES),
  /** Statutory: the event the legal clock runs from when it is not the death (the due date is then an estimate). */
  clockStartsFrom: z.nullable(z.string()),
  /** Statutory: what can still be done once the deadline has passed. */
  lateNote: z.nullable(z.string()),
  /** A limit set in law or by an authority; the suggested date is never later. */
  limit: z.nullable(AuthorityLimitSchema),
  /**
   * YYYY-MM-DD, null without a date of death: a legal deadline counted from the death, a suggested timing
   * from the later of the death and the day the memory was started.
   */
  dueDate: z.nullable(z.string()),
  description: z.string(),
  steps: z.array(z.string()),
  documentsNeeded: z.array(z.string()),
  estimatedTime: z.string(),
  cost: z.string(),
  whyNeeded: z.string(),
  howToComplete: z.string(),
  externalUrl: z.string(),
  ...provenance,
});
export type ChecklistTaskView = z.infer<typeof ChecklistTaskSchema>;

export const MemoryTaskSchema = z.extend(ChecklistTaskSchema, {
  status: z.enum(['pending', 'in_progress', 'complete']),
  completedAt: z.nullable(z.string()),
  /** Who ticked it (a person's id; see MemoryDetail.people for the name). */
  completedBy: z.nullable(z.string()),
  /** Not needed, or done before the memory was started; null otherwise. */
  settled: z.nullable(SettlementSchema),
});
export type MemoryTask = z.infer<typeof MemoryTaskSchema>;

export const MemoryFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  fileType: z.string(),
  uploadedAt: z.string(),
  /** Owner-only address of the bytes; add `?download=1` to save rather than view. */
  url: z.string(),
});
export type MemoryFile = z.infer<typeof MemoryFileSchema>;

export const ChecklistDocumentSchema = z.object({
  id: z.string(),
  templateKey: z.nullable(z.string()),
  title: z.string(),
  category: z.enum([...DOCUMENT_CATEGORIES, 'additional']),
  documentType: z.string(),
  priority: z.number(),
  urgency,
  multipleCopies: z.boolean(),
  recommendedCopies: z.number(),
  description: z.nullable(z.string()),
  whereToGet: z.string(),
  cost: z.string(),
  neededFor: z.array(z.string()),
  ...provenance,
});
export type ChecklistDocumentView = z.infer<typeof ChecklistDocumentSchema>;

export const MemoryDocumentSchema = z.extend(ChecklistDocumentSchema, {
  additional: z.boolean(),
  collected: z.boolean(),
  collectedAt: z.nullable(z.string()),
  settled: z.nullable(SettlementSchema),
  files: z.array(MemoryFileSchema),
});
export type MemoryDocument = z.infer<typeof MemoryDocumentSchema>;

export const MemoryNoteSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  category: NoteCategorySchema,
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who wrote it and who last changed it (ids; see MemoryDetail.people). */
  createdBy: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});
export type MemoryNote = z.infer<typeof MemoryNoteSchema>;

export const MemoryDetailSchema = z.object({
  memory: MemorySummarySchema,
  tasks: z.array(MemoryTaskSchema),
  documents: z.array(MemoryDocumentSchema),
  notes: z.array(MemoryNoteSchema),
  /** Everyone who can see this memory, its owner first. */
  people: z.array(MemoryPersonSchema),
});
export type MemoryDetail = z.infer<typeof MemoryDetailSchema>;

/** Query of `GET /api/memories`: `include=details` adds every memory's detail (a dashboard's first load, in one read). */
export const MemoryListQuerySchema = z.object({ include: z.optional(z.literal('details')) });
export type MemoryListQuery = z.infer<typeof MemoryListQuerySchema>;

export const MemoryListResponseSchema = z.object({
  memories: z.array(MemorySummarySchema),
  /** With `include=details`: each memory whole, newest first. */
  details: z.optional(z.array(MemoryDetailSchema)),
});
export type MemoryListResponse = z.infer<typeof MemoryListResponseSchema>;

export const ChecklistPreviewSchema = z.object({
  jurisdiction: JurisdictionSchema,
  templateVersion: z.string(),
  tasks: z.array(ChecklistTaskSchema),
  documents: z.array(ChecklistDocumentSchema),
});
export type ChecklistPreview = z.infer<typeof ChecklistPreviewSchema>;
