import { ChecklistError } from './checklist.errors';
import { addDays, addMonths, formatDateEnGB, isIsoDate } from './dates';
import { isJurisdiction, type Jurisdiction } from './jurisdiction';
import {
  NAME_PLACEHOLDER,
  TASK_CATEGORY_PRIORITY,
  URGENCY_PRIORITY,
  type DocumentCategory,
  type DocumentContent,
  type TaskCategory,
  type TaskContent,
  type Urgency,
} from './template.schema';
import { LATEST_TEMPLATE_VERSION, TEMPLATE_SETS } from './templates';

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
  /** YYYY-MM-DD counted from the date of death; null when no date of death is known. */
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
  /** Defaults to the latest published version. */
  templateVersion?: string;
}

/** Supplies a fresh id per generated item (the caller decides: UUIDs in production, a counter in tests). */
export type IdSource = () => string;

export function deadlineLabel(deadline: { deadlineDays: number; deadlineMonths?: number | null }): string {
  if (deadline.deadlineMonths) return `within ${deadline.deadlineMonths} month${deadline.deadlineMonths === 1 ? '' : 's'}`;
  return `within ${deadline.deadlineDays} day${deadline.deadlineDays === 1 ? '' : 's'}`;
}

/** The real due date of a deadline counted from the date of death, or null without one. */
export function dueDateFor(
  deadline: { deadlineDays: number; deadlineMonths?: number | null },
  dateOfDeath: string | null | undefined,
): string | null {
  if (!dateOfDeath) return null;
  return deadline.deadlineMonths ? addMonths(dateOfDeath, deadline.deadlineMonths) : addDays(dateOfDeath, deadline.deadlineDays);
}

/** 'Register the death: by 14 March 2026', or 'Register the death: within 5 days' without a date of death. */
export function dueText(task: Pick<ChecklistTask, 'title' | 'dueDate' | 'deadlineLabel'>): string {
  return task.dueDate ? `${task.title}: by ${formatDateEnGB(task.dueDate)}` : `${task.title}: ${task.deadlineLabel}`;
}

/**
 * An item is overdue when it has a due date, is not done, and `today` (YYYY-MM-DD, the user's calendar
 * date) is after the due date. Due today is not overdue. Documents have no due date, so never are.
 */
export function isOverdue(
  item: { dueDate?: string | null; status?: string; collected?: boolean },
  today: string,
): boolean {
  if (!item.dueDate) return false;
  if (item.status === 'complete' || item.collected === true) return false;
  return today > item.dueDate;
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

/**
 * Pure: the tasks and documents for a memory in `jurisdiction`, from a published template version, with the
 * deceased person's name filled in and due dates counted from the date of death. Ordered by priority, then
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
        deadlineLabel: deadlineLabel(c),
        deadlineNote: c.deadlineNote ? fill(c.deadlineNote, name) : null,
        dueDate: dueDateFor(c, input.dateOfDeath),
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
