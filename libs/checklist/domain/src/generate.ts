import { ChecklistError } from './checklist.errors';
import { deadlineLabel, dueDateFor, type AuthorityLimit } from './deadline';
import { formatDateEnGB, isIsoDate } from './dates';
import { isJurisdiction, type Jurisdiction } from './jurisdiction';
import {
  NAME_PLACEHOLDER,
  type DeadlineBasis,
  type DeadlineKind,
  TASK_CATEGORY_PRIORITY,
  URGENCY_PRIORITY,
  type DocumentCategory,
  type DocumentContent,
  type TaskCategory,
  type TaskContent,
  type Urgency,
} from './template.schema';
import { LATEST_TEMPLATE_VERSION, TEMPLATE_SETS, TEMPLATE_VERSIONS_NEWEST_FIRST } from './templates';

/** Where a checklist item's facts come from (CONTENT-FACTS: each item with its source and review date). */
export interface Provenance {
  source: string;
  lastReviewed: string;
  /** Show the figure with its source and review date rather than as a bare fact. */
  checkFigure: boolean;
  figureNote: string | null;
}

export interface ChecklistTask extends Provenance {
  id: string;
  templateKey: string;
  title: string;
  /** The spec stores the title twice (title and task_name); both come from the template. */
  taskName: string;
  category: TaskCategory;
  priority: number;
  urgency: Urgency;
  deadlineDays: number;
  deadlineMonths: number | null;
  /** 'within 5 days', 'within 3 months'. */
  deadlineLabel: string;
  deadlineNote: string | null;
  /** statutory: a legal deadline (the only kind ever 'overdue'); suggested: a sensible timing only. */
  deadlineKind: DeadlineKind;
  /** How the law counts a statutory deadline; always 'calendar' for a suggested one. */
  deadlineBasis: DeadlineBasis;
  /** Statutory: the event the legal clock runs from when it is not the death; null: the date of death. */
  clockStartsFrom: string | null;
  /** Statutory: what can still be done once the deadline has passed. */
  lateNote: string | null;
  /** A limit set in law or by an authority; the due date is never later than it. Null: none. */
  limit: AuthorityLimit | null;
  /**
   * YYYY-MM-DD: a legal deadline counted from the date of death; a suggested timing counted from the later
   * of the death and the day the memory was started. Null when no date of death is known.
   */
  dueDate: string | null;
  description: string;
  steps: string[];
  documentsNeeded: string[];
  estimatedTime: string;
  cost: string;
  whyNeeded: string;
  howToComplete: string;
  externalUrl: string;
}

export interface ChecklistDocument extends Provenance {
  id: string;
  templateKey: string;
  title: string;
  documentName: string;
  category: DocumentCategory;
  documentType: string;
  priority: number;
  urgency: Urgency;
  multipleCopies: boolean;
  recommendedCopies: number;
  description: string;
  whereToGet: string;
  cost: string;
  neededFor: string[];
}

export interface Checklist {
  templateVersion: string;
  jurisdiction: Jurisdiction;
  tasks: ChecklistTask[];
  documents: ChecklistDocument[];
}

export interface ChecklistInput {
  jurisdiction: Jurisdiction;
  deceasedName: string;
  /** YYYY-MM-DD; without it tasks keep their deadline in days but get no due date. */
  dateOfDeath?: string | null;
  /** YYYY-MM-DD the memory is started; suggested timings count from it when it is later than the death. */
  startedOn?: string | null;
  /** Defaults to the latest published version. */
  templateVersion?: string;
}

/** Supplies a fresh id per generated item (the caller decides: UUIDs in production, a counter in tests). */
export type IdSource = () => string;

/** 'Register the death: by 14 March 2026', or 'Register the death: within 5 days' without a date of death. */
export function dueText(task: Pick<ChecklistTask, 'title' | 'dueDate' | 'deadlineLabel'>): string {
  return task.dueDate ? `${task.title}: by ${formatDateEnGB(task.dueDate)}` : `${task.title}: ${task.deadlineLabel}`;
}

function withOverrides<T extends object>(
  item: T & { overrides?: Partial<Record<Jurisdiction, Partial<T>>> },
  jurisdiction: Jurisdiction,
): T {
  const { overrides, ...base } = item;
  return { ...(base as T), ...(overrides?.[jurisdiction] ?? {}) };
}

function fill(text: string, name: string): string {
  return text.split(NAME_PLACEHOLDER).join(name);
}

function provenance(content: Pick<TaskContent | DocumentContent, 'source' | 'lastReviewed' | 'checkFigure' | 'figureNote'>): Provenance {
  return {
    source: content.source,
    lastReviewed: content.lastReviewed,
    checkFigure: content.checkFigure ?? false,
    figureNote: content.figureNote ?? null,
  };
}

/** A task's deadline fields from its template content, placeholders filled. */
export type TaskDeadlineRule = Pick<ChecklistTask, 'deadlineKind' | 'deadlineBasis' | 'clockStartsFrom' | 'lateNote' | 'limit'>;

function limitFrom(c: Pick<TaskContent, 'limit'>, name: string): AuthorityLimit | null {
  const l = c.limit;
  return l ? { months: l.months, days: l.days, endOfMonth: l.endOfMonth, after: l.after ? fill(l.after, name) : null, note: fill(l.note, name) } : null;
}

/** The rule without its limit, which `deadlineRuleOf` takes from the latest version instead. */
function timingRuleFrom(c: TaskContent, name: string): Omit<TaskDeadlineRule, 'limit'> {
  return {
    deadlineKind: c.deadlineKind,
    deadlineBasis: c.deadlineBasis ?? 'calendar',
    clockStartsFrom: c.clockStartsFrom ? fill(c.clockStartsFrom, name) : null,
    lateNote: c.lateNote ? fill(c.lateNote, name) : null,
  };
}

function deadlineRuleFrom(c: TaskContent, name: string): TaskDeadlineRule {
  return { ...timingRuleFrom(c, name), limit: limitFrom(c, name) };
}

const SUGGESTED: TaskDeadlineRule = { deadlineKind: 'suggested', deadlineBasis: 'calendar', clockStartsFrom: null, lateNote: null, limit: null };

/**
 * The limit in law or set by an authority for a task, from the latest template version that has the task.
 * A limit is a fact about the world, not about a version's wording: a memory generated before the limit
 * was recorded gets it too, so its suggested date stops going past it.
 */
function latestLimitOf(jurisdiction: Jurisdiction, templateKey: string, name: string): AuthorityLimit | null {
  for (const version of TEMPLATE_VERSIONS_NEWEST_FIRST) {
    const item = TEMPLATE_SETS.get(version)!.tasks.items.find((i) => i.key === templateKey);
    if (item && (!item.jurisdictions || item.jurisdictions.includes(jurisdiction))) return limitFrom(withOverrides<TaskContent>(item, jurisdiction), name);
  }
  return null;
}

/**
 * The deadline rule of one task of a memory, from the template version it was generated from. Memories
 * generated before tasks carried their rule get it this way; a task the template does not know (or an
 * unknown version) is a suggested timing, which can never be marked overdue.
 */
export function deadlineRuleOf(templateVersion: string, jurisdiction: Jurisdiction, templateKey: string, deceasedName: string): TaskDeadlineRule {
  const item = TEMPLATE_SETS.get(templateVersion)?.tasks.items.find((i) => i.key === templateKey);
  if (!item || !isJurisdiction(jurisdiction) || (item.jurisdictions && !item.jurisdictions.includes(jurisdiction))) return SUGGESTED;
  const name = deceasedName.trim() || 'the person who died';
  return { ...timingRuleFrom(withOverrides<TaskContent>(item, jurisdiction), name), limit: latestLimitOf(jurisdiction, templateKey, name) };
}

/**
 * A task with its deadline rule: one recorded before tasks carried their rule gets it from its template. The
 * limit always comes from `deadlineRuleOf`, never from the event, as in the projection, read model and
 * reminders: a limit is a fact about the world, so one recorded later reaches older memories too.
 */
export function withDeadlineRule<T extends { templateKey: string; deadlineKind?: DeadlineKind | null }>(
  task: T,
  source: { templateVersion: string; jurisdiction: Jurisdiction; deceasedName: string },
): T & TaskDeadlineRule {
  const rule = deadlineRuleOf(source.templateVersion, source.jurisdiction, task.templateKey, source.deceasedName);
  if (task.deadlineKind) return { ...task, limit: rule.limit } as T & TaskDeadlineRule;
  return { ...task, ...rule };
}

/**
 * Pure: the tasks and documents for a memory in `jurisdiction`, from a published template version, with the
 * deceased person's name filled in and due dates from the date of death (see `dueDateFor`). Ordered by priority, then
 * deadline, then template order.
 */
export function generateChecklist(input: ChecklistInput, ids: IdSource): Checklist {
  const templateVersion = input.templateVersion ?? LATEST_TEMPLATE_VERSION;
  const templates = TEMPLATE_SETS.get(templateVersion);
  if (!templates) throw new ChecklistError('CHECKLIST_TEMPLATE_VERSION_UNKNOWN', `No checklist template version ${templateVersion}`);
  if (!isJurisdiction(input.jurisdiction)) {
    throw new ChecklistError('CHECKLIST_JURISDICTION_UNKNOWN', `Unknown jurisdiction ${String(input.jurisdiction)}`);
  }
  if (input.dateOfDeath && !isIsoDate(input.dateOfDeath)) throw new RangeError(`Not an ISO date: ${input.dateOfDeath}`);
  if (input.startedOn && !isIsoDate(input.startedOn)) throw new RangeError(`Not an ISO date: ${input.startedOn}`);
  const { jurisdiction } = input;
  const name = input.deceasedName.trim() || 'the person who died';
  const applies = (item: { jurisdictions?: Jurisdiction[] }) => !item.jurisdictions || item.jurisdictions.includes(jurisdiction);

  const tasks = templates.tasks.items
    .filter(applies)
    .map((item, order) => ({ order, content: withOverrides<TaskContent>(item, jurisdiction), key: item.key }))
    .sort(
      (a, b) =>
        TASK_CATEGORY_PRIORITY[a.content.category] - TASK_CATEGORY_PRIORITY[b.content.category] ||
        a.content.deadlineDays - b.content.deadlineDays ||
        a.order - b.order,
    )
    .map(({ content: c, key }): ChecklistTask => {
      const title = fill(c.title, name);
      const rule = deadlineRuleFrom(c, name);
      return {
        id: ids(),
        templateKey: key,
        title,
        taskName: title,
        category: c.category,
        priority: TASK_CATEGORY_PRIORITY[c.category],
        urgency: c.urgency,
        deadlineDays: c.deadlineDays,
        deadlineMonths: c.deadlineMonths ?? null,
        deadlineLabel: deadlineLabel({ ...c, ...rule }),
        deadlineNote: c.deadlineNote ? fill(c.deadlineNote, name) : null,
        ...rule,
        dueDate: dueDateFor({ ...c, ...rule }, { dateOfDeath: input.dateOfDeath, jurisdiction, startedOn: input.startedOn }),
        description: fill(c.description, name),
        steps: c.steps.map((s) => fill(s, name)),
        documentsNeeded: [...c.documentsNeeded],
        estimatedTime: c.estimatedTime,
        cost: c.cost,
        whyNeeded: fill(c.whyNeeded, name),
        howToComplete: fill(c.howToComplete, name),
        externalUrl: c.externalUrl,
        ...provenance(c),
      };
    });

  const documents = templates.documents.items
    .filter(applies)
    .map((item): ChecklistDocument => {
      const c = withOverrides<DocumentContent>(item, jurisdiction);
      const title = fill(c.title, name);
      return {
        id: ids(),
        templateKey: item.key,
        title,
        documentName: title,
        category: c.category,
        documentType: c.documentType,
        priority: URGENCY_PRIORITY[c.urgency],
        urgency: c.urgency,
        multipleCopies: c.multipleCopies,
        recommendedCopies: c.recommendedCopies,
        description: fill(c.description, name),
        whereToGet: fill(c.whereToGet, name),
        cost: c.cost,
        neededFor: [...c.neededFor],
        ...provenance(c),
      };
    });

  return { templateVersion, jurisdiction, tasks, documents };
}
