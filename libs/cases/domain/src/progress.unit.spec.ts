import { describe, expect, it } from '@jest/globals';
import { decideCase, foldCase, initialCaseState, type CaseCommand } from './case';
import type { CaseEvent } from './case.events';
import { caseProgress, progressMessage, progressPercent } from './progress';

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
      tasks: { pending: 12, inProgress: 0, completed: 0, total: 12 },
      documents: { collected: 0, total: 20, additional: 0 },
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
    expect(progress.documents.collected).toBe(2);
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
    expect(progress.documents).toEqual({ collected: 1, settled: 0, total: 21, additional: 1 });
    expect(progress.documentsByCategory.additional).toEqual({ done: 1, total: 1, percent: 100 });
    expect(progress.percent).toBe(3); // round(1 / 33 × 100)
  });
});
