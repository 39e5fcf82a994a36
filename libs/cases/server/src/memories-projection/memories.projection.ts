import { PrivateTopics, unhandled } from '@afterwards/contracts';
import type { RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import type { Projection, ProjectionTx } from '@afterwards/server-kit';
import { CASE_STREAM_PREFIX, type CaseEvent } from '@afterwards/cases-domain';
import { memoryAudience } from '../memory-access/memory-for-person';
import { applyChecklist } from './memories.checklist';
import { applyDetails, openMemory } from './memories.details';
import { ERASED_WITH_MEMORY, eraseMemory } from './memories.erasure';
import { applyFiles } from './memories.files';
import { applyNotes } from './memories.notes';
import { applySettlement } from './memories.settlement';
import { applySharing } from './memories.sharing';
import { applyToMemory, recountTouched } from './memory-batch';

/**
 * Projects memory streams into cases, case_tasks, case_documents, case_files and case_notes. Each
 * event is applied once: the cases row keeps the stream revision it has reached, and older events
 * (a replay) change nothing. Delete Forever removes every row of the memory, its members' included.
 * Each area of the Case aggregate (libs/cases/domain's case.<area>.ts) has its applier beside this file;
 * the batch mechanics (the revision gate, the row's revision and time, the recount) are in memory-batch.ts.
 */
export const memoriesProjection: Projection = {
  name: 'cases.memories',
  streamPrefixes: [CASE_STREAM_PREFIX],
  topic: PrivateTopics.memories,
  // Everyone on the memory sees a change live: its owner and the people it is shared with (as they were
  // before the event, so a removed person's screen drops it), and whoever just joined.
  audience: memoryAudience,

  async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    const event = { type: recorded.type, data: recorded.data } as CaseEvent;
    switch (event.type) {
      case 'CaseOpened':
        return openMemory(event, tx, recorded.revision, new Date(recorded.metadata.occurredAt));
      case 'CaseDeleted':
        return eraseMemory(event, tx);
      case 'CaseDetailsEdited':
      case 'CasePhotoChanged':
        return applyToMemory(recorded, tx, event, applyDetails);
      case 'ChecklistGenerated':
      case 'TaskCompleted':
      case 'TaskReopened':
      case 'DocumentCollected':
      case 'DocumentUncollected':
        return applyToMemory(recorded, tx, event, applyChecklist);
      case 'TaskSettled':
      case 'TaskUnsettled':
      case 'DocumentSettled':
      case 'DocumentUnsettled':
        return applyToMemory(recorded, tx, event, applySettlement);
      case 'DocumentFileAttached':
      case 'DocumentFileRemoved':
      case 'AdditionalDocumentAdded':
      case 'AdditionalDocumentRemoved':
        return applyToMemory(recorded, tx, event, applyFiles);
      case 'NoteAdded':
      case 'NoteEdited':
      case 'NoteDeleted':
        return applyToMemory(recorded, tx, event, applyNotes);
      case 'MemberJoined':
      case 'MemberRoleChanged':
      case 'MemberRemoved':
        return applyToMemory(recorded, tx, event, applySharing);
      default:
        return unhandled('Unhandled case event', event);
    }
  },

  afterBatch: recountTouched,

  tables: [
    ...['cases', 'case_tasks', 'case_documents', 'case_files', 'case_notes', 'case_members'].map((name) => ({ name })),
    // Cleared on Delete Forever; written by other use cases, so a rebuild only needs somewhere harmless to clear.
    ...[...ERASED_WITH_MEMORY, 'reminder_digests'].map((name) => ({ name, compare: false })),
  ],

  async snapshot(prisma: PrismaClient): Promise<unknown[]> {
    const rows = await prisma.case.findMany({
      orderBy: { id: 'asc' },
      include: {
        tasks: { orderBy: { id: 'asc' } },
        documents: { orderBy: { id: 'asc' } },
        files: { orderBy: { id: 'asc' } },
        notes: { orderBy: { id: 'asc' } },
        members: { orderBy: { userId: 'asc' } },
      },
    });
    return rows.map((r) => ({ ...r, revision: r.revision.toString() }));
  },
};
