import { randomUUID } from 'node:crypto';
import { PrivateTopics, privateRoom } from '@afterwards/contracts';
import type { RecordedEvent } from '@afterwards/event-store';
import { defineJob, type JobQueue } from '@afterwards/jobs';
import type { Projection, ProjectionTx } from '@afterwards/server-kit';
import { CASE_STREAM_PREFIX, isFreshEnoughToTell, noticesFor, type CaseEvent, type MemoryNoticeKind, type NoticeSubject } from '@afterwards/cases-domain';

export const MEMORY_NOTICES = 'cases.memory-notices';

/** One e-mail about a memory someone lost or left, by its row; retried on a mail outage. */
export const sendMemoryNoticeJob = defineJob<{ noticeId: string }>('cases.send-memory-notice', { attempts: 8, backoff: { type: 'exponential', delayMs: 2_000 } });

/** What a screen hears on the private `memory-notices` topic: the kind and the memory, never a name. */
export const noticeMessageId = (kind: MemoryNoticeKind, caseId: string): string => `${kind}:${caseId}`;

async function subjectOf(tx: ProjectionTx, caseId: string): Promise<NoticeSubject | null> {
  const rows = await tx.$queryRaw<{ owner_id: string; deceased_name: string; member_ids: string[] }[]>`
    SELECT owner_id, deceased_name, member_ids FROM memory_notice_subjects WHERE case_id = ${caseId}::uuid`;
  const row = rows[0];
  return row ? { caseId, ownerId: row.owner_id, deceasedName: row.deceased_name, memberIds: row.member_ids } : null;
}

/**
 * Nobody loses a memory silently (decision 0045): on Delete Forever, an owner's account going, and someone
 * taken off or leaving a memory, the people who lost it (or the owner someone left) are told by e-mail, and
 * their open screens are told at once. A reactor with its own checkpoint, not part of any route: it keeps who
 * is on each memory (the tombstone erases the earlier events, and the read model may be gone before it gets
 * there), copies the names an e-mail needs when it sees the fact, and queues one job per person.
 *
 * Its effects leave the database (jobs), so it runs without a batch transaction: every step is idempotent and
 * the checkpoint moves after them. A replay re-inserts nothing (one row per fact and person) and re-queues only
 * e-mails not yet sent (the job's id is the row's); after a tombstone, a replay from the start finds no memory
 * and tells nobody again.
 */
export function memoryNoticesReactor(queue: JobQueue, now: () => Date = () => new Date()): Projection {
  const tellable = (recorded: RecordedEvent) => isFreshEnoughToTell(recorded.metadata.occurredAt, now());
  return {
    name: MEMORY_NOTICES,
    transactional: false,
    streamPrefixes: [CASE_STREAM_PREFIX],
    topic: PrivateTopics.memoryNotices,
    // The screens of the people told, and only theirs.
    async audience(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
      const event = { type: recorded.type, data: recorded.data } as CaseEvent;
      if ((event.type !== 'CaseDeleted' && event.type !== 'MemberRemoved') || !tellable(recorded)) return [];
      return noticesFor(event, await subjectOf(tx, event.data.caseId)).map((n) => privateRoom(PrivateTopics.memoryNotices, n.recipientId));
    },
    async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
      const event = { type: recorded.type, data: recorded.data } as CaseEvent;
      const caseId = event.data.caseId;
      switch (event.type) {
        case 'CaseOpened':
          await tx.$executeRaw`
            INSERT INTO memory_notice_subjects (case_id, owner_id, deceased_name) VALUES (${caseId}::uuid, ${event.data.ownerId}, ${event.data.details.deceasedName})
            ON CONFLICT (case_id) DO NOTHING`;
          return [];
        case 'CaseDetailsEdited':
          if (typeof event.data.changes.deceasedName === 'string') {
            await tx.$executeRaw`UPDATE memory_notice_subjects SET deceased_name = ${event.data.changes.deceasedName} WHERE case_id = ${caseId}::uuid`;
          }
          return [];
        case 'MemberJoined':
          await tx.$executeRaw`
            UPDATE memory_notice_subjects SET member_ids = array_append(member_ids, ${event.data.memberId})
            WHERE case_id = ${caseId}::uuid AND NOT (${event.data.memberId} = ANY(member_ids))`;
          return [];
        case 'CaseDeleted':
        case 'MemberRemoved': {
          const subject = await subjectOf(tx, caseId);
          const notices = tellable(recorded) ? noticesFor(event, subject) : [];
          const at = new Date(recorded.metadata.occurredAt);
          for (const notice of notices) {
            // Names now: an owner deleting their account, or someone leaving with theirs, is gone moments later.
            await tx.$executeRaw`
              INSERT INTO memory_notices (id, event_id, recipient_id, kind, case_id, deceased_name, actor_name, created_at)
              VALUES (${randomUUID()}::uuid, ${recorded.metadata.eventId}::uuid, ${notice.recipientId}, ${notice.kind}, ${caseId}::uuid,
                      ${notice.deceasedName}, nullif(app_person_name(${notice.actorId}), ''), ${at})
              ON CONFLICT (event_id, recipient_id) DO NOTHING`;
          }
          const waiting = await tx.$queryRaw<{ id: string }[]>`
            SELECT id::text FROM memory_notices WHERE event_id = ${recorded.metadata.eventId}::uuid AND sent_at IS NULL`;
          for (const { id } of waiting) await queue.enqueue(sendMemoryNoticeJob, { noticeId: id }, { jobId: id });
          if (event.type === 'CaseDeleted') await tx.$executeRaw`DELETE FROM memory_notice_subjects WHERE case_id = ${caseId}::uuid`;
          else await tx.$executeRaw`UPDATE memory_notice_subjects SET member_ids = array_remove(member_ids, ${event.data.memberId}) WHERE case_id = ${caseId}::uuid`;
          return notices.map((n) => noticeMessageId(n.kind, caseId));
        }
        default:
          return [];
      }
    },
    async snapshot(): Promise<unknown[]> {
      return [];
    },
  };
}
