/**
 * The words the family dashboard's contracts and its domains share: jurisdictions, checklist categories,
 * urgencies, deadline kinds, note categories and relationships. They live here, below the domains, so the
 * contracts never import a domain package (the domains import these instead).
 */

/** Where the death is dealt with. "Ireland" is the Republic of Ireland; Northern Ireland is its own jurisdiction. */
export const JURISDICTIONS = ['England', 'Wales', 'Scotland', 'Northern Ireland', 'Ireland'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** Task categories in priority order (immediate = 1 … administrative = 5). */
export const TASK_CATEGORIES = ['immediate', 'urgent', 'important', 'ongoing', 'administrative'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

export const URGENCIES = ['critical', 'high', 'medium', 'low'] as const;
export type Urgency = (typeof URGENCIES)[number];

export const DOCUMENT_CATEGORIES = ['essential', 'legal', 'financial', 'employment', 'personal', 'utilities'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/**
 * statutory: a deadline set in law, the only kind that can ever be 'overdue'. suggested: a sensible timing
 * only (a funeral has no legal deadline), shown as 'Suggested by …' and never marked late.
 */
export const DEADLINE_KINDS = ['statutory', 'suggested'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/**
 * How the law counts a statutory deadline. calendar: every day counts and the last day stands even on a
 * weekend or bank holiday. next-working-day: every day counts, but a last day that is not a working day
 * moves to the next one. working-days: only working days count (weekends and the jurisdiction's bank
 * holidays do not).
 */
export const DEADLINE_BASES = ['calendar', 'next-working-day', 'working-days'] as const;
export type DeadlineBasis = (typeof DEADLINE_BASES)[number];

/**
 * Note categories carry an icon, a label and a colour so every screen shows
 * them the same way.
 */
export const NOTE_CATEGORIES = {
  general: { label: 'General', icon: '📝', colour: '#64748b' },
  contact: { label: 'Contact', icon: '📞', colour: '#2563eb' },
  important: { label: 'Important', icon: '⚠️', colour: '#dc2626' },
  memory: { label: 'Memory', icon: '💝', colour: '#db2777' },
  legal: { label: 'Legal', icon: '⚖️', colour: '#7c3aed' },
  financial: { label: 'Financial', icon: '💷', colour: '#059669' },
  funeral: { label: 'Funeral', icon: '🕊️', colour: '#0891b2' },
  reminder: { label: 'Reminder', icon: '⏰', colour: '#d97706' },
} as const;
export type NoteCategory = keyof typeof NOTE_CATEGORIES;
export const NOTE_CATEGORY_KEYS = Object.keys(NOTE_CATEGORIES) as NoteCategory[];

export const RELATIONSHIPS = ['Spouse/Partner', 'Child', 'Parent', 'Sibling', 'Other Family', 'Friend', 'Executor', 'Other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
