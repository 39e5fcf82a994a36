// Pure view helpers shared by the Tasks and Documents tabs: grouping by category,
// the first-3 preview of a section, 'needed for' chips overflow and the counts at the top of each tab.
import {
  DOCUMENT_CATEGORIES,
  TASK_CATEGORIES,
  dueDateFor,
  formatDateEnGB,
  isoDateIn,
  type DeadlineRule,
  type Jurisdiction,
  type TimingContext,
} from '@afterwards/checklist-domain';
import { documentProgress, progressOf } from '@afterwards/cases-domain';
import type { SettlementKind } from '@afterwards/contracts';

/** Spec: each category section shows its first 3 items until it is opened. */
export const SECTION_PREVIEW = 3;
/** Spec: a document shows its first 3 'needed for' chips, then a more indicator. */
export const CHIP_LIMIT = 3;

export const TASK_CATEGORY_LABELS: Record<(typeof TASK_CATEGORIES)[number], string> = {
  immediate: 'Immediate (1-5 days)',
  urgent: 'Urgent (5-14 days)',
  important: 'Important (2-8 weeks)',
  ongoing: 'Ongoing (2-3 months)',
  administrative: 'Administrative (3-12 months)',
};

export const DOCUMENT_CATEGORY_LABELS: Record<(typeof DOCUMENT_CATEGORIES)[number], string> = {
  essential: 'Essential',
  legal: 'Legal',
  financial: 'Financial',
  employment: 'Employment',
  personal: 'Personal',
  utilities: 'Utilities',
};

export interface CategoryGroup<T> {
  category: string;
  items: T[];
}

/**
 * Items by category in the given order (priority order of the template), keeping each item's order;
 * categories without items are left out, and unknown categories follow at the end so nothing is lost.
 */
export function groupByCategory<T extends { category: string }>(items: readonly T[], order: readonly string[]): CategoryGroup<T>[] {
  const buckets = new Map<string, T[]>();
  for (const category of order) buckets.set(category, []);
  for (const item of items) {
    const bucket = buckets.get(item.category);
    if (bucket) bucket.push(item);
    else buckets.set(item.category, [item]);
  }
  return [...buckets].filter(([, list]) => list.length > 0).map(([category, list]) => ({ category, items: list }));
}

/** The items a section shows, and how many the 'View N more' button stands for. */
export function sectionSlice<T>(items: readonly T[], expanded: boolean, limit = SECTION_PREVIEW): { shown: T[]; hidden: number } {
  if (expanded || items.length <= limit) return { shown: [...items], hidden: 0 };
  return { shown: items.slice(0, limit), hidden: items.length - limit };
}

export function moreTasksLabel(hidden: number): string {
  return `View ${hidden} more task${hidden === 1 ? '' : 's'}...`;
}

export function moreDocumentsLabel(hidden: number): string {
  return `View ${hidden} more document${hidden === 1 ? '' : 's'}...`;
}

/** First chips and the '+N more' text (null when everything fits). */
export function chipsOverflow<T>(chips: readonly T[], limit = CHIP_LIMIT): { shown: T[]; more: string | null } {
  if (chips.length <= limit) return { shown: [...chips], more: null };
  return { shown: chips.slice(0, limit), more: `+${chips.length - limit} more` };
}

/** Stable key of one collapsible section: sections are toggled per memory and category. */
export function sectionKey(memoryId: string, category: string): string {
  return `${memoryId}:${category}`;
}

/** The day a memory's task timings are read on, with what they depend on: when it was started, the death, where. */
export function timingContext(memory: { createdAt: string; dateOfDeath: string | null; jurisdiction: Jurisdiction }, today: string): TimingContext {
  return { today, startedOn: isoDateIn(new Date(memory.createdAt)), dateOfDeath: memory.dateOfDeath, jurisdiction: memory.jurisdiction };
}

export interface TaskFlag {
  label: string;
  /** critical: red, only where the law sets the deadline; priority: a calm badge for a suggested timing. */
  tone: 'critical' | 'priority';
}

/** The urgency badge of a task: 'Critical' (red) only on a legal deadline; an urgent suggested task is a 'Priority'. */
export function taskFlag(task: { urgency: string; deadlineKind: string }): TaskFlag | null {
  if (task.urgency !== 'critical') return null;
  return task.deadlineKind === 'statutory' ? { label: 'Critical', tone: 'critical' } : { label: 'Priority', tone: 'priority' };
}

/**
 * For a memory started after some usual timings had passed (counted from the death): a word on how its
 * checklist reads, so a late start is explained rather than shown as a list of missed dates. Null otherwise.
 */
/** `startedBy`: who started the memory when it is not the person reading (a memory shared with them). */
export function lateStartMessage(context: TimingContext, tasks: readonly DeadlineRule[], startedBy: string | null = null): string | null {
  const { dateOfDeath, startedOn, jurisdiction } = context;
  if (!dateOfDeath || !startedOn) return null;
  // Without a start day every timing counts from the death.
  const late = tasks.some((t) => (dueDateFor(t, { dateOfDeath, jurisdiction }) ?? startedOn) < startedOn);
  if (!late) return null;
  return `${startedBy ?? 'You'} started this checklist on ${formatDateEnGB(startedOn)}, after some of the usual timings had passed. Suggested timings count from that day. Where a legal deadline has passed, the task says what you can still do.`;
}

export interface DocumentCounts {
  total: number;
  legal: number;
  financial: number;
  collected: number;
}

/** 'Collected' counts what the one progress rule calls done: collected, not needed, or had before (decision 0047). */
export function documentCounts(documents: readonly { category: string; collected: boolean; settled?: { kind: SettlementKind } | null }[]): DocumentCounts {
  return {
    total: documents.length,
    legal: documents.filter((d) => d.category === 'legal').length,
    financial: documents.filter((d) => d.category === 'financial').length,
    collected: progressOf(documents.map(documentProgress)).done,
  };
}

/** A document whose category or type is 'additional' is an extra upload, listed apart. */
export function isAdditionalDocument(document: { category: string; documentType: string; additional?: boolean }): boolean {
  return document.additional === true || document.category === 'additional' || document.documentType === 'additional';
}

/** 'Last reviewed 21 November 2026' from the template's review date (YYYY-MM-DD), tolerant of other text. */
export function reviewedText(lastReviewed: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(lastReviewed) ? `reviewed ${formatDateEnGB(lastReviewed)}` : `reviewed ${lastReviewed}`;
}

/** Readable host of a source address for the link text ('www.gov.uk'); the address itself if it is not a URL. */
export function sourceLabel(source: string): string {
  try {
    return new URL(source).host;
  } catch {
    return source;
  }
}
