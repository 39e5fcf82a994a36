import { z } from 'zod';
import { isIsoDate } from './dates';
import {
  DEADLINE_BASES,
  DEADLINE_KINDS,
  DOCUMENT_CATEGORIES,
  TASK_CATEGORIES,
  URGENCIES,
  type DeadlineBasis,
  type DeadlineKind,
  type DocumentCategory,
  type TaskCategory,
  type Urgency,
} from '@afterwards/contracts';
import { JURISDICTIONS } from './jurisdiction';

export { DEADLINE_BASES, DEADLINE_KINDS, DOCUMENT_CATEGORIES, TASK_CATEGORIES, URGENCIES };
export type { DeadlineBasis, DeadlineKind, DocumentCategory, TaskCategory, Urgency };

/** Priority of each task category (immediate = 1 … administrative = 5). */
export const TASK_CATEGORY_PRIORITY: Record<TaskCategory, number> = {
  immediate: 1,
  urgent: 2,
  important: 3,
  ongoing: 4,
  administrative: 5,
};
/** Documents have no category priority in the spec; their priority follows urgency (critical = 1). */
export const URGENCY_PRIORITY: Record<Urgency, number> = { critical: 1, high: 2, medium: 3, low: 4 };

/** The only placeholder templates may use; it becomes the deceased person's name. */
export const NAME_PLACEHOLDER = '{deceasedName}';

const text = z.string().trim().min(1);
const templatedText = text.refine((s) => !/\{(?!deceasedName\})[^}]*\}/.test(s), {
  message: `Only the ${NAME_PLACEHOLDER} placeholder is allowed`,
});
const officialUrl = z.url({ protocol: /^https$/ });
const isoDate = z.string().refine(isIsoDate, { message: 'Expected a date as YYYY-MM-DD' });
const jurisdiction = z.enum(JURISDICTIONS);

/** Fields shared by every item: where the fact comes from and when someone last checked it. */
const provenance = {
  /** The official page the item's facts come from. */
  source: officialUrl,
  lastReviewed: isoDate,
  /** CONTENT-FACTS marks the figure "check": show it with its source and review date, not as a bare fact. */
  checkFigure: z.boolean().optional(),
  figureNote: text.nullable().optional(),
};

const taskContent = z.strictObject({
  title: templatedText,
  category: z.enum(TASK_CATEGORIES),
  urgency: z.enum(URGENCIES),
  /** Days after the date of death (spec: "deadline (days)"). */
  deadlineDays: z.int().min(0).max(3650),
  /** When the rule is in calendar months (Ireland: 3 months), the due date uses months; deadlineDays stays as an approximation. */
  deadlineMonths: z.int().min(1).max(120).nullable().optional(),
  deadlineNote: templatedText.nullable().optional(),
  deadlineKind: z.enum(DEADLINE_KINDS),
  /** Statutory only; omitted: calendar. */
  deadlineBasis: z.enum(DEADLINE_BASES).optional(),
  /**
   * Statutory only: the event the legal clock runs from when it is not the death, and which the product
   * cannot know ('the registrar receives the medical certificate of cause of death'). Omitted or null: the
   * date of death. The due date is then only an estimate counted from the death, and never 'overdue'.
   */
  clockStartsFrom: templatedText.nullable().optional(),
  /** Statutory only, and required there: what the person can still do once the deadline has passed. */
  lateNote: templatedText.nullable().optional(),
  /**
   * A limit set in law or by an authority on doing this in time (a payment in full only if claimed within
   * 3 months of the death; a claim within 6 months of the funeral). The suggested date is never later than
   * it, and the task states it. Months or days, counted from the death or from `after` (an event the
   * product cannot know, which cannot come before the death: the date is then counted from the death, the
   * earliest the limit can fall). endOfMonth: 'by the end of the sixth month after the death'.
   * The shape of the contract's AuthorityLimitSchema, checked more strictly for authored content.
   */
  limit: z
    .strictObject({
      months: z.int().min(1).max(120).nullable(),
      days: z.int().min(1).max(3650).nullable(),
      endOfMonth: z.boolean(),
      after: templatedText.nullable(),
      note: templatedText,
    })
    .refine((l) => (l.months === null) !== (l.days === null), { message: 'A limit is in months or in days' })
    .refine((l) => !l.endOfMonth || l.months !== null, { message: 'An end-of-month limit is in months' })
    .nullable()
    .optional(),
  description: templatedText,
  steps: z.array(templatedText).min(1),
  documentsNeeded: z.array(text),
  estimatedTime: text,
  cost: text,
  whyNeeded: templatedText,
  howToComplete: templatedText,
  externalUrl: officialUrl,
  ...provenance,
});

const documentContent = z.strictObject({
  title: templatedText,
  category: z.enum(DOCUMENT_CATEGORIES),
  documentType: text,
  urgency: z.enum(URGENCIES),
  multipleCopies: z.boolean(),
  recommendedCopies: z.int().min(1).max(20),
  description: templatedText,
  whereToGet: templatedText,
  cost: text,
  neededFor: z.array(text).min(1),
  ...provenance,
});

const itemKey = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Keys are lower-case words joined by hyphens');
/** Omitted: every jurisdiction. */
const itemJurisdictions = z.array(jurisdiction).min(1).optional();

function overridesApply(value: { jurisdictions?: string[]; overrides?: Partial<Record<string, unknown>> }, ctx: z.RefinementCtx): void {
  for (const j of Object.keys(value.overrides ?? {})) {
    if (value.jurisdictions && !value.jurisdictions.includes(j)) {
      ctx.addIssue({ code: 'custom', path: ['overrides', j], message: `Override for ${j}, which this item does not apply to` });
    }
  }
}

/** The deadline fields each jurisdiction ends up with (overrides applied) must make sense together. */
function deadlineRulesHold(
  value: z.infer<typeof taskContent> & { jurisdictions?: string[]; overrides?: Partial<Record<string, Partial<z.infer<typeof taskContent>>>> },
  ctx: z.RefinementCtx,
): void {
  for (const j of value.jurisdictions ?? JURISDICTIONS) {
    const override = value.overrides?.[j] ?? {};
    const rule = { ...value, ...override };
    const path = Object.keys(override).some((k) => k.startsWith('deadline') || k === 'clockStartsFrom' || k === 'lateNote') ? ['overrides', j] : [];
    if (rule.deadlineKind === 'suggested') {
      if ((rule.deadlineBasis ?? 'calendar') !== 'calendar' || rule.clockStartsFrom || rule.lateNote) {
        ctx.addIssue({ code: 'custom', path, message: `${j}: a suggested timing has no legal basis, clock or late note` });
      }
    } else {
      if (!rule.lateNote) ctx.addIssue({ code: 'custom', path, message: `${j}: a statutory deadline needs a late note (what can still be done)` });
      if (rule.deadlineBasis === 'working-days' && rule.deadlineMonths) {
        ctx.addIssue({ code: 'custom', path, message: `${j}: a deadline in months cannot be counted in working days` });
      }
    }
  }
}

function file<T extends z.ZodType>(kind: 'tasks' | 'documents', itemSchema: T) {
  return z
    .strictObject({ kind: z.literal(kind), version: isoDate, items: z.array(itemSchema).min(1) })
    .superRefine((value, ctx) => {
      const seen = new Set<string>();
      (value.items as { key: string }[]).forEach((it, index) => {
        if (seen.has(it.key)) ctx.addIssue({ code: 'custom', path: ['items', index, 'key'], message: `Duplicate key ${it.key}` });
        seen.add(it.key);
      });
    });
}

/** Per-jurisdiction corrections replace whole fields; null removes an optional field. */
export const TaskTemplateItemSchema = taskContent
  .extend({ key: itemKey, jurisdictions: itemJurisdictions, overrides: z.partialRecord(jurisdiction, taskContent.partial()).optional() })
  .superRefine(overridesApply)
  .superRefine(deadlineRulesHold);
export const DocumentTemplateItemSchema = documentContent
  .extend({ key: itemKey, jurisdictions: itemJurisdictions, overrides: z.partialRecord(jurisdiction, documentContent.partial()).optional() })
  .superRefine(overridesApply);
export const TaskTemplateFileSchema = file('tasks', TaskTemplateItemSchema);
export const DocumentTemplateFileSchema = file('documents', DocumentTemplateItemSchema);
/** Any template file: the `kind` field says which. */
export const TemplateFileSchema = z.union([TaskTemplateFileSchema, DocumentTemplateFileSchema]);

export type TaskContent = z.infer<typeof taskContent>;
export type DocumentContent = z.infer<typeof documentContent>;
export type TaskTemplateItem = z.infer<typeof TaskTemplateItemSchema>;
export type DocumentTemplateItem = z.infer<typeof DocumentTemplateItemSchema>;
export type TaskTemplateFile = z.infer<typeof TaskTemplateFileSchema>;
export type DocumentTemplateFile = z.infer<typeof DocumentTemplateFileSchema>;
