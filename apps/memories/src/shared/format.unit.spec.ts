import type { MemoryDocument, MemoryTask } from '@afterwards/contracts';
import { NETWORK_ERROR_MESSAGE } from '@afterwards/web-data';
import { categoryProgress, completedCount, syncDetail, formatCreatedDate, formatDay, formatSyncTime, isComplete, plural } from './format';
import { photoFileProblem } from './photo';
import { progressFrom, summary } from './testing-fixtures';

const task = (category: MemoryTask['category'], status: MemoryTask['status']) => ({ category, status }) as MemoryTask;
const doc = (category: MemoryDocument['category'], collected: boolean) => ({ category, collected }) as MemoryDocument;

describe('memory display helpers', () => {
  it('shows dates in en-GB, creation dates as the UK calendar day', () => {
    expect(formatCreatedDate('2026-03-14T10:00:00.000Z')).toBe('14 March 2026');
    // 23:30 UTC in summer is already the next day in the UK.
    expect(formatCreatedDate('2026-07-01T23:30:00.000Z')).toBe('2 July 2026');
    expect(formatCreatedDate('not a date')).toBe('');
    expect(formatDay('1941-11-05')).toBe('5 November 1941');
    expect(formatDay(null)).toBeNull();
    expect(formatSyncTime('2026-01-10T09:05:00.000Z')).toBe('09:05');
    expect(formatSyncTime('2026-07-10T09:05:00.000Z')).toBe('10:05');
  });

  it('says the offline message with one full stop in the sync indicator (issue 40, item 10)', () => {
    expect(syncDetail('error', NETWORK_ERROR_MESSAGE, '14:05')).toBe('Network error. Please check your internet connection. Last synced at 14:05');
    expect(syncDetail('error', null, null)).toBe('Sync failed.');
    expect(syncDetail('synced', null, '14:05')).toBe('Last synced at 14:05');
    expect(syncDetail('error', NETWORK_ERROR_MESSAGE, '14:05')).not.toContain('..');
  });

  it('counts', () => {
    expect(plural(1, 'task')).toBe('1 task');
    expect(plural(12, 'task')).toBe('12 tasks');
    expect(completedCount({ progress: progressFrom({ tasks: [12, 2], documents: [20, 3] }) })).toBe(5);
  });

  it("at 100% through 'Not needed' and 'Done before' the card counts every item, not 0 (issue 40, item 8)", () => {
    // 1 task ticked, 11 settled; 20 documents settled: the bar says 100%, so the count must say 32.
    const progress = progressFrom({ tasks: [12, 1, 11], documents: [20, 0, 20] });
    expect(progress.percent).toBe(100);
    expect(completedCount({ progress })).toBe(32);
    expect(isComplete(progress)).toBe(true);
  });

  it('celebrates only at 100% with items', () => {
    expect(isComplete(progressFrom({ tasks: [12, 12], documents: [20, 20] }))).toBe(true);
    // 199 of 200 rounds to 100%, but one thing is still to do: no celebration yet.
    expect(isComplete(progressFrom({ tasks: [200, 199], documents: [0, 0] }))).toBe(false);
    expect(isComplete(progressFrom({ tasks: [0, 0], documents: [0, 0] }))).toBe(false);
    expect(summary({ id: 'a' }).progress.overall.done).toBe(0);
  });

  it('tallies progress per category in the template order, leaving out empty categories', () => {
    const result = categoryProgress({
      tasks: [task('urgent', 'complete'), task('immediate', 'pending'), task('immediate', 'complete'), task('urgent', 'in_progress')],
      documents: [doc('additional', true), doc('legal', false), doc('essential', true)],
    });
    expect(result.tasks).toEqual([
      { category: 'immediate', done: 1, total: 2, percent: 50 },
      { category: 'urgent', done: 1, total: 2, percent: 50 },
    ]);
    expect(result.documents.map((d) => [d.category, d.percent])).toEqual([
      ['essential', 100],
      ['legal', 0],
      ['additional', 100],
    ]);
  });

  it('counts a task or document marked not needed or done before as done in its category', () => {
    const settled = { kind: 'not_needed', reason: null, settledAt: '2026-03-21T09:00:00.000Z' } as const;
    const result = categoryProgress({
      tasks: [{ ...task('immediate', 'pending'), settled }, task('immediate', 'complete')],
      documents: [{ ...doc('legal', false), settled }],
    });
    expect(result.tasks).toEqual([{ category: 'immediate', done: 2, total: 2, percent: 100 }]);
    expect(result.documents).toEqual([{ category: 'legal', done: 1, total: 1, percent: 100 }]);
  });

  it("checks a photo with the domain's limits and messages", () => {
    expect(photoFileProblem({ size: 1000, type: 'image/png' })).toBeNull();
    expect(photoFileProblem({ size: 5_242_881, type: 'image/png' })).toBe('Image size must be less than 5MB');
    expect(photoFileProblem({ size: 1000, type: 'image/svg+xml' })).toBe('Please select a valid image file (JPEG, PNG, GIF, or WebP)');
  });
});
