import { TASK_CATEGORIES } from '@afterwards/checklist-domain';
import {
  chipsOverflow,
  documentCounts,
  groupByCategory,
  isAdditionalDocument,
  moreDocumentsLabel,
  moreTasksLabel,
  reviewedText,
  sectionKey,
  sectionSlice,
  sourceLabel,
  taskCounts,
  taskDeadline,
} from './checklist-view';

describe('groupByCategory', () => {
  it('follows the category order, keeps item order and leaves out empty categories', () => {
    const items = [
      { id: 'a', category: 'urgent' },
      { id: 'b', category: 'immediate' },
      { id: 'c', category: 'urgent' },
    ];
    expect(groupByCategory(items, TASK_CATEGORIES)).toEqual([
      { category: 'immediate', items: [{ id: 'b', category: 'immediate' }] },
      { category: 'urgent', items: [{ id: 'a', category: 'urgent' }, { id: 'c', category: 'urgent' }] },
    ]);
  });

  it('keeps categories it does not know, after the known ones', () => {
    const groups = groupByCategory([{ category: 'other' }, { category: 'immediate' }], TASK_CATEGORIES);
    expect(groups.map((g) => g.category)).toEqual(['immediate', 'other']);
  });
});

describe('sectionSlice', () => {
  const seven = [1, 2, 3, 4, 5, 6, 7];

  it('shows the first 3 and counts the rest while collapsed', () => {
    expect(sectionSlice(seven, false)).toEqual({ shown: [1, 2, 3], hidden: 4 });
  });

  it('shows everything when expanded', () => {
    expect(sectionSlice(seven, true)).toEqual({ shown: seven, hidden: 0 });
  });

  it('hides nothing when there are 3 or fewer', () => {
    expect(sectionSlice([1, 2, 3], false)).toEqual({ shown: [1, 2, 3], hidden: 0 });
  });
});

describe('more labels', () => {
  it("say 'View N more tasks...' and 'View N more documents...'", () => {
    expect(moreTasksLabel(4)).toBe('View 4 more tasks...');
    expect(moreTasksLabel(1)).toBe('View 1 more task...');
    expect(moreDocumentsLabel(2)).toBe('View 2 more documents...');
  });
});

describe('chipsOverflow', () => {
  it('shows the first 3 chips and a +N more indicator', () => {
    expect(chipsOverflow(['Probate', 'Banks', 'Insurance', 'Pensions', 'Funeral'])).toEqual({
      shown: ['Probate', 'Banks', 'Insurance'],
      more: '+2 more',
    });
  });

  it('has no indicator when all chips fit', () => {
    expect(chipsOverflow(['Probate', 'Banks', 'Insurance'])).toEqual({ shown: ['Probate', 'Banks', 'Insurance'], more: null });
    expect(chipsOverflow([])).toEqual({ shown: [], more: null });
  });
});

describe('counts', () => {
  it('counts tasks by status', () => {
    expect(taskCounts([{ status: 'pending' }, { status: 'complete' }, { status: 'in_progress' }, { status: 'pending' }])).toEqual({
      pending: 2,
      inProgress: 1,
      completed: 1,
      total: 4,
    });
  });

  it('counts documents: total, legal, financial, collected', () => {
    expect(
      documentCounts([
        { category: 'legal', collected: true },
        { category: 'financial', collected: false },
        { category: 'financial', collected: true },
        { category: 'additional', collected: true },
      ]),
    ).toEqual({ total: 4, legal: 1, financial: 2, collected: 3 });
  });
});

describe('task deadline and provenance text', () => {
  it('gives the real date when the memory has a date of death, else the deadline in days', () => {
    expect(taskDeadline({ dueDate: '2026-03-14', deadlineLabel: 'within 5 days' })).toBe('by 14 March 2026');
    expect(taskDeadline({ dueDate: null, deadlineLabel: 'within 5 days' })).toBe('within 5 days');
  });

  it('formats review dates and source hosts', () => {
    expect(reviewedText('2026-11-21')).toBe('reviewed 21 November 2026');
    expect(sourceLabel('https://www.gov.uk/register-a-death')).toBe('www.gov.uk');
    expect(sourceLabel('Citizens Advice')).toBe('Citizens Advice');
  });
});

describe('sections and additional documents', () => {
  it('keys sections by memory and category', () => {
    expect(sectionKey('m1', 'urgent')).toBe('m1:urgent');
  });

  it("treats a category or type of 'additional' as an additional document", () => {
    expect(isAdditionalDocument({ category: 'additional', documentType: 'upload' })).toBe(true);
    expect(isAdditionalDocument({ category: 'personal', documentType: 'additional' })).toBe(true);
    expect(isAdditionalDocument({ category: 'personal', documentType: 'passport', additional: false })).toBe(false);
  });
});
