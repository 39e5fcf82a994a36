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
  taskFlag,
  lateStartMessage,
  timingContext,
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
      {
        category: 'urgent',
        items: [
          { id: 'a', category: 'urgent' },
          { id: 'c', category: 'urgent' },
        ],
      },
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

  it('counts a document marked not needed or had before as collected, by the one progress rule (issue 40, item 8)', () => {
    const settled = (kind: 'not_needed' | 'done_before') => ({ kind });
    expect(
      documentCounts([
        { category: 'legal', collected: false, settled: settled('not_needed') },
        { category: 'financial', collected: false, settled: settled('done_before') },
        { category: 'financial', collected: false, settled: null },
      ]),
    ).toEqual({ total: 3, legal: 1, financial: 2, collected: 2 });
  });
});

describe('task deadline and provenance text', () => {
  it("reads timings on the user's day, from the day the memory was started (UK time)", () => {
    expect(timingContext({ createdAt: '2026-03-14T23:30:00.000Z', dateOfDeath: '2026-03-09', jurisdiction: 'Scotland' }, '2026-03-20')).toEqual({
      today: '2026-03-20',
      startedOn: '2026-03-14',
      dateOfDeath: '2026-03-09',
      jurisdiction: 'Scotland',
    });
    // 23:30 UTC in summer is already the next day in the UK.
    expect(timingContext({ createdAt: '2026-07-14T23:30:00.000Z', dateOfDeath: null, jurisdiction: 'England' }, '2026-07-20').startedOn).toBe('2026-07-15');
  });

  it('shows a red Critical badge only on a legal deadline; an urgent suggested task (the funeral) is a calm Priority', () => {
    expect(taskFlag({ urgency: 'critical', deadlineKind: 'statutory' })).toEqual({ label: 'Critical', tone: 'critical' });
    expect(taskFlag({ urgency: 'critical', deadlineKind: 'suggested' })).toEqual({ label: 'Priority', tone: 'priority' });
    expect(taskFlag({ urgency: 'high', deadlineKind: 'statutory' })).toBeNull();
  });

  it('explains a late start once, when some usual timings had passed before the memory was started', () => {
    const tasks = [
      { deadlineDays: 5, deadlineKind: 'statutory' as const },
      { deadlineDays: 7, deadlineKind: 'suggested' as const },
    ];
    const context = { today: '2026-11-23', startedOn: '2026-11-20', dateOfDeath: '2026-05-20', jurisdiction: 'Ireland' as const };
    expect(lateStartMessage(context, tasks)).toBe(
      'You started this checklist on 20 November 2026, after some of the usual timings had passed. Suggested timings count from that day. Where a legal deadline has passed, the task says what you can still do.',
    );
    // Someone the memory is shared with did not start it: the owner did.
    expect(lateStartMessage(context, tasks, 'Ann Ellis')).toMatch(/^Ann Ellis started this checklist on 20 November 2026, after/);
    expect(lateStartMessage({ ...context, startedOn: '2026-05-22' }, tasks)).toBeNull();
    expect(lateStartMessage({ ...context, dateOfDeath: null }, tasks)).toBeNull();
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
