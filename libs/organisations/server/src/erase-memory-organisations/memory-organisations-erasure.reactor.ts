import type { RecordedEvent } from '@afterwards/event-store';
import type { Projection, ProjectionTx } from '@afterwards/server-kit';
import { CASE_STREAM_PREFIX, type CaseEvent } from '@afterwards/cases-domain';

export const MEMORY_ORGANISATIONS_ERASURE = 'organisations.memory-erasure';

/**
 * Not a read model: it acts on the memories' events. When a memory is deleted forever (or with its owner's
 * account), `erase` removes its organisations: the stream down to a tombstone, the rows and the memory's key.
 * Each step is idempotent, so a replay after a crash finishes the job and a second run changes nothing.
 */
export function memoryOrganisationsErasureReactor(erase: (caseId: string, actor: string) => Promise<void>): Projection {
  return {
    name: MEMORY_ORGANISATIONS_ERASURE,
    streamPrefixes: [CASE_STREAM_PREFIX],
    // Its effect leaves the database transaction (an append to the event store): effects first, checkpoint after.
    transactional: false,
    async apply(recorded: RecordedEvent, _tx: ProjectionTx): Promise<string[]> {
      const event = { type: recorded.type, data: recorded.data } as CaseEvent;
      if (event.type !== 'CaseDeleted') return [];
      await erase(event.data.caseId, typeof recorded.metadata.actor === 'string' ? recorded.metadata.actor : 'system');
      return [];
    },
    async snapshot(): Promise<unknown[]> {
      return [];
    },
  };
}
