// Plain memory values for unit tests (no server): the shapes the API answers with.
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
