// Plain memory values for unit tests (no server): the shapes the API answers with.
import { combinedTally, progressTally } from '@afterwards/cases-domain';
import type { MemoryDetail, MemorySummary } from '@afterwards/contracts';

export function summary(over: Partial<MemorySummary> & { id: string }): MemorySummary {
  return {
    role: 'owner',
    ownerName: null,
    name: `Memory ${over.id}`,
    deceasedName: 'Margaret Ellis',
    jurisdiction: 'England',
    relationship: null,
    dateOfDeath: null,
    dateOfBirth: null,
    placeOfDeath: null,
    photo: null,
    templateVersion: '2026.1',
    detailsVersion: 0,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    progress: {
      tasks: progressTally({ total: 12, completed: 0, settled: 0, inProgress: 0 }),
      documents: progressTally({ total: 20, completed: 0, settled: 0, inProgress: 0 }),
      overall: combinedTally(progressTally({ total: 12, completed: 0, settled: 0, inProgress: 0 }), progressTally({ total: 20, completed: 0, settled: 0, inProgress: 0 })),
      tasksTotal: 12,
      tasksCompleted: 0,
      tasksInProgress: 0,
      documentsTotal: 20,
      documentsCollected: 0,
      documentsAdditional: 0,
      documentsLegal: 5,
      documentsFinancial: 6,
      tasksSettled: 0,
      documentsSettled: 0,
      percent: 0,
    },
    ...over,
  };
}

export function detail(memory: MemorySummary, parts: Partial<Omit<MemoryDetail, 'memory'>> = {}): MemoryDetail {
  return { memory, tasks: [], documents: [], notes: [], people: [], ...parts };
}

/** A summary's progress from its stored counts, through the one rule (as the API builds it). */
export function progressFrom(counts: {
  tasks: [total: number, completed: number, settled?: number, inProgress?: number];
  documents: [total: number, collected: number, settled?: number];
}): MemorySummary['progress'] {
  const [tasksTotal, tasksCompleted, tasksSettled = 0, tasksInProgress = 0] = counts.tasks;
  const [documentsTotal, documentsCollected, documentsSettled = 0] = counts.documents;
  const tasks = progressTally({ total: tasksTotal, completed: tasksCompleted, settled: tasksSettled, inProgress: tasksInProgress });
  const documents = progressTally({ total: documentsTotal, completed: documentsCollected, settled: documentsSettled, inProgress: 0 });
  const overall = combinedTally(tasks, documents);
  return {
    tasks,
    documents,
    overall,
    tasksTotal,
    tasksCompleted,
    tasksInProgress,
    documentsTotal,
    documentsCollected,
    documentsAdditional: 0,
    documentsLegal: 5,
    documentsFinancial: 6,
    tasksSettled,
    documentsSettled,
    percent: overall.percent,
  };
}
