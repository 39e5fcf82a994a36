import { PrivateTopics } from '@afterwards/contracts';
import type { RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { projectedEvent, type Projection, type ProjectionTx } from '@afterwards/server-kit';
import { memoryAudience } from '@afterwards/cases-server';
import { MEMORY_ORGANISATIONS_STREAM_PREFIX, UNANSWERED, type MemoryOrganisationsEvent } from '@afterwards/organisations-domain';

export const MEMORY_ORGANISATIONS_PROJECTION = 'organisations.memory-organisations';

/** The column each status's day goes in; 'to-tell' again clears them all (the family started over). */
const DAY_COLUMN = { 'letter-sent': 'sent_on', 'told-by-service': 'told_on', acknowledged: 'acknowledged_on', closed: 'closed_on' } as const;

/**
 * Applies the event unless the memory's list has already reached its revision (a replay). Returns whether
 * it is new: the list row carries the revision, made by the memory's first event.
 */
async function claimRevision(tx: ProjectionTx, caseId: string, revision: bigint, at: Date): Promise<boolean> {
  const rows = await tx.$queryRaw<{ case_id: string }[]>`
    INSERT INTO memory_organisations_lists (case_id, answers, revision, updated_at)
    VALUES (${caseId}::uuid, ${JSON.stringify(UNANSWERED)}::jsonb, ${revision}, ${at})
    ON CONFLICT (case_id) DO UPDATE SET revision = excluded.revision, updated_at = excluded.updated_at
      WHERE memory_organisations_lists.revision < excluded.revision
    RETURNING case_id`;
  return rows.length > 0;
}

async function applyEvent(event: MemoryOrganisationsEvent, tx: ProjectionTx, at: Date): Promise<void> {
  switch (event.type) {
    case 'OrganisationAnswersGiven':
      await tx.$executeRaw`UPDATE memory_organisations_lists SET answers = ${JSON.stringify(event.data.answers)}::jsonb WHERE case_id = ${event.data.caseId}::uuid`;
      return;
    case 'DeceasedLastAddressGiven':
      await tx.$executeRaw`UPDATE memory_organisations_lists SET last_address_sealed = ${event.data.lastAddress} WHERE case_id = ${event.data.caseId}::uuid`;
      return;
    case 'MemoryOrganisationAdded': {
      const d = event.data;
      await tx.$executeRaw`
        INSERT INTO memory_organisations (id, case_id, organisation_id, name, kind, address, email, usual_reply_days, status, version, added_at, updated_at)
        VALUES (${d.entryId}::uuid, ${d.caseId}::uuid, ${d.organisationId}, ${d.name}, ${d.kind}, ${JSON.stringify(d.address)}::jsonb, ${d.email},
          ${d.usualReplyDays}, 'to-tell', 1, ${at}, ${at})
        ON CONFLICT (id) DO NOTHING`;
      return;
    }
    case 'MemoryOrganisationEdited': {
      const d = event.data;
      // Only the fields the event names change; the others keep their sealed values.
      await tx.$executeRaw`
        UPDATE memory_organisations SET
          references_sealed = CASE WHEN ${d.references !== undefined} THEN ${d.references ?? null} ELSE references_sealed END,
          notes_sealed = CASE WHEN ${d.notes !== undefined} THEN ${d.notes ?? null} ELSE notes_sealed END,
          letter_text_sealed = CASE WHEN ${d.letterText !== undefined} THEN ${d.letterText ?? null} ELSE letter_text_sealed END,
          version = version + 1, updated_at = ${at}
        WHERE id = ${d.entryId}::uuid`;
      return;
    }
    case 'MemoryOrganisationStatusChanged': {
      const d = event.data;
      const day = d.status === 'to-tell' ? null : DAY_COLUMN[d.status];
      await tx.$executeRawUnsafe(
        `UPDATE memory_organisations SET status = $2, version = version + 1, updated_at = $3,
           ${day ? `${day} = $4::date` : 'sent_on = NULL, told_on = NULL, acknowledged_on = NULL, closed_on = NULL'},
           service = CASE WHEN $2 = 'told-by-service' THEN $5 ELSE service END,
           service_reference_sealed = CASE WHEN $2 = 'told-by-service' THEN $6 ELSE service_reference_sealed END,
           amount_minor = CASE WHEN $2 = 'closed' THEN $7::bigint ELSE amount_minor END
         WHERE id = $1::uuid`,
        d.entryId,
        d.status,
        at,
        d.on,
        d.service,
        d.serviceReference,
        d.amountMinor,
      );
      return;
    }
    case 'MemoryOrganisationRemoved':
      await tx.$executeRaw`DELETE FROM memory_organisations WHERE id = ${event.data.entryId}::uuid`;
      return;
    case 'MemoryOrganisationsErased':
      await tx.$executeRaw`DELETE FROM memory_organisations WHERE case_id = ${event.data.caseId}::uuid`;
      await tx.$executeRaw`DELETE FROM memory_organisations_lists WHERE case_id = ${event.data.caseId}::uuid`;
      return;
  }
}

/**
 * Projects memory-organisations streams into memory_organisations_lists (the answers) and memory_organisations
 * (one row per organisation, references sealed as in the events). Everyone on the memory hears of a change on
 * the memories topic the memory's own changes use (its id, as for any change to it; decision 0019), so a
 * shared editor's change shows on the others' screens live.
 */
export const memoryOrganisationsProjection: Projection = {
  name: MEMORY_ORGANISATIONS_PROJECTION,
  streamPrefixes: [MEMORY_ORGANISATIONS_STREAM_PREFIX],
  topic: PrivateTopics.memories,
  audience: memoryAudience,
  async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    const { event, at, version } = projectedEvent<MemoryOrganisationsEvent>(recorded);
    const caseId = event.data.caseId;
    if (event.type === 'MemoryOrganisationsErased') {
      await applyEvent(event, tx, at);
      return [caseId];
    }
    if (!(await claimRevision(tx, caseId, version, at))) return [];
    await applyEvent(event, tx, at);
    return [caseId];
  },
  tables: [{ name: 'memory_organisations_lists' }, { name: 'memory_organisations' }],
  async snapshot(prisma: PrismaClient): Promise<unknown[]> {
    const lists = await prisma.memoryOrganisationsList.findMany({ orderBy: { caseId: 'asc' } });
    const entries = await prisma.memoryOrganisation.findMany({ orderBy: { id: 'asc' } });
    return [...lists.map(({ updatedAt: _u, ...l }) => l), ...entries.map(({ updatedAt: _u, addedAt: _a, ...e }) => e)];
  },
};
