import { describe, expect, it } from '@jest/globals';
import { decideCase, foldCase, initialCaseState, type CaseCommand } from './case';
import type { CaseEvent } from './case.events';
import fc from 'fast-check';
import { caseProgress, combinedTally, documentProgress, isAllDone, progressMessage, progressOf, progressPercent, progressTally, taskProgress, type ItemProgress } from './progress';

describe('progressPercent', () => {
  it('rounds (done / total × 100) and is 0 with nothing to do', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(0, 32)).toBe(0);
    expect(progressPercent(1, 32)).toBe(3);
    expect(progressPercent(16, 32)).toBe(50);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(32, 32)).toBe(100);
  });
});

describe('progressMessage', () => {
  it.each([
    [100, "Amazing! You've completed everything!"],
    [99, "Nearly there! You're doing brilliantly!"],
    [90, "Nearly there! You're doing brilliantly!"],
    [89, "Great effort! You're almost finished!"],
    [75, "Great effort! You're almost finished!"],
    [74, "Doing great! You're halfway there!"],
    [50, "Doing great! You're halfway there!"],
    [49, "Keep going! You're making good progress!"],
    [25, "Keep going! You're making good progress!"],
    [24, 'Great start! Every step counts!'],
    [1, 'Great start! Every step counts!'],
    [0, "You've got this!"],
  ])('%i%% → %s', (percent, message) => {
    expect(progressMessage(percent)).toBe(message);
  });
  it('renders nothing when the percentage is missing', () => {
    expect(progressMessage(undefined)).toBeNull();
    expect(progressMessage(null)).toBeNull();
    expect(progressMessage(Number.NaN)).toBeNull();
  });
});

describe('caseProgress', () => {
  const at = '2026-03-20T10:00:00.000Z';
  let n = 0;
  const openEvents = decideCase(
    {
      type: 'OpenCase',
      caseId: 'c',
      actorId: 'u',
      at,
      ids: () => `i${++n}`,
      details: { name: 'Dad', deceasedName: 'Tom', jurisdiction: 'Scotland' },
    },
    initialCaseState,
  );
  function after(...commands: Omit<CaseCommand, 'caseId' | 'actorId' | 'at'>[]) {
    let events: CaseEvent[] = [...openEvents];
    for (const c of commands) events = [...events, ...decideCase({ caseId: 'c', actorId: 'u', at, ...c } as CaseCommand, foldCase(events))];
    return caseProgress(foldCase(events));
  }

  it('starts at 0 with all counts and categories', () => {
    const progress = after();
    expect(progress).toMatchObject({
      tasks: { open: 12, inProgress: 0, completed: 0, done: 0, total: 12 },
      documents: { completed: 0, done: 0, total: 20, additional: 0 },
      percent: 0,
      message: "You've got this!",
      celebrate: false,
    });
    expect(Object.keys(progress.tasksByCategory)).toEqual(['immediate', 'urgent', 'important', 'ongoing', 'administrative']);
    expect(progress.documentsByCategory.essential).toEqual({ done: 0, total: 2, percent: 0 });
  });

  it('counts completed tasks and collected documents together', () => {
    const progress = after(
      { type: 'CompleteTask', taskId: 'i1' } as never,
      { type: 'CollectDocument', documentId: 'i13' } as never,
      { type: 'CollectDocument', documentId: 'i14' } as never,
    );
    expect(progress.tasks.completed).toBe(1);
    expect(progress.documents.completed).toBe(2);
    expect(progress.percent).toBe(9); // round(3 / 32 × 100)
    expect(progress.message).toBe('Great start! Every step counts!');
    expect(progress.tasksByCategory.immediate).toEqual({ done: 1, total: 1, percent: 100 });
  });

  it('celebrates at 100% with items', () => {
    const all = [
      ...Array.from({ length: 12 }, (_, i) => ({ type: 'CompleteTask', taskId: `i${i + 1}` })),
      ...Array.from({ length: 20 }, (_, i) => ({ type: 'CollectDocument', documentId: `i${i + 13}` })),
    ] as never[];
    const progress = after(...all);
    expect(progress).toMatchObject({ percent: 100, celebrate: true, message: "Amazing! You've completed everything!" });
  });

  it('never celebrates an empty memory', () => {
    expect(caseProgress({ tasks: [], documents: [] })).toMatchObject({ percent: 0, celebrate: false, message: "You've got this!" });
  });

  it('counts additional documents in the documents total, as collected', () => {
    const progress = after({
      type: 'AddAdditionalDocument',
      documentId: 'extra',
      title: 'Letter',
      file: { fileId: 'f', fileName: 'f.pdf', fileSize: 10, fileType: 'application/pdf' },
    } as never);
    expect(progress.documents).toMatchObject({ completed: 1, settled: 0, done: 1, total: 21, additional: 1 });
    expect(progress.documentsByCategory.additional).toEqual({ done: 1, total: 1, percent: 100 });
    expect(progress.percent).toBe(3); // round(1 / 33 × 100)
  });
});

describe('the one progress rule (decision 0047)', () => {
  const settled = (kind: 'not_needed' | 'done_before') => ({ kind });

  it('counts not needed and done before as done: at 100% nothing says 0 completed or 0 done', () => {
    // Issue 40 item 8: a memory finished through 'Not needed' and 'Done before' read '0 completed'.
    const tasks = [
      { status: 'pending', settled: settled('not_needed') },
      { status: 'pending', settled: settled('done_before') },
      { status: 'complete', settled: null },
    ].map(taskProgress);
    const documents = [{ collected: false, settled: settled('not_needed') }].map(documentProgress);
    const t = progressOf(tasks);
    expect(t).toEqual({ total: 3, done: 3, completed: 1, settled: 2, notNeeded: 1, doneBefore: 1, inProgress: 0, open: 0, percent: 100 });
    const overall = combinedTally(t, progressOf(documents));
    expect(overall).toMatchObject({ total: 4, done: 4, open: 0, percent: 100 });
    expect(isAllDone(overall)).toBe(true);
  });

  it('a tick wins over a settlement, and a settlement over in progress', () => {
    expect(taskProgress({ status: 'complete', settled: settled('not_needed') })).toBe('completed');
    expect(taskProgress({ status: 'in_progress', settled: settled('done_before') })).toBe('done_before');
    expect(taskProgress({ status: 'in_progress', settled: null })).toBe('in_progress');
    expect(documentProgress({ collected: true, settled: settled('done_before') })).toBe('completed');
    expect(documentProgress({ collected: false })).toBe('open');
  });

  const item = fc.record({
    status: fc.constantFrom('pending', 'in_progress', 'complete'),
    settled: fc.option(fc.record({ kind: fc.constantFrom('not_needed' as const, 'done_before' as const) }), { nil: null }),
  });
  const doc = fc.record({
    collected: fc.boolean(),
    settled: fc.option(fc.record({ kind: fc.constantFrom('not_needed' as const, 'done_before' as const) }), { nil: null }),
  });

  it('property: the counts always sum to the total, and done is what the percent and 100% say', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), fc.array(doc, { maxLength: 60 }), (tasks, documents) => {
        for (const p of [progressOf(tasks.map(taskProgress)), progressOf(documents.map(documentProgress))]) {
          expect(p.completed + p.notNeeded + p.doneBefore + p.inProgress + p.open).toBe(p.total);
          expect(p.done).toBe(p.completed + p.settled);
          expect(p.settled).toBe(p.notNeeded + p.doneBefore);
          expect(p.percent).toBe(progressPercent(p.done, p.total));
          expect(isAllDone(p)).toBe(p.total > 0 && p.open === 0 && p.inProgress === 0);
          if (isAllDone(p)) expect(p.percent).toBe(100);
          expect(Math.min(p.done, p.open, p.inProgress, p.completed)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('property: the stored counts (read model) and the items (details) give the same tally', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), (tasks) => {
        const fromItems = progressOf(tasks.map(taskProgress));
        // What the projection stores per memory: total, completed, settled, in progress.
        const stored = progressTally({
          total: tasks.length,
          completed: tasks.filter((t) => t.status === 'complete').length,
          settled: tasks.filter((t) => t.status !== 'complete' && t.settled).length,
          inProgress: tasks.filter((t) => t.status === 'in_progress' && !t.settled).length,
        });
        const { notNeeded: _n, doneBefore: _d, ...tally } = fromItems;
        expect(stored).toEqual(tally);
      }),
    );
  });

  it('property: the whole memory is the sum of its parts', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<ItemProgress>('completed', 'not_needed', 'done_before', 'in_progress', 'open'), { maxLength: 80 }), fc.nat(80), (items, cut) => {
        const a = progressOf(items.slice(0, cut));
        const b = progressOf(items.slice(cut));
        const { notNeeded: _n, doneBefore: _d, ...whole } = progressOf(items);
        expect(combinedTally(a, b)).toEqual(whole);
      }),
    );
  });
});
