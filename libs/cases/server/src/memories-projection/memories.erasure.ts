// Delete Forever: every row of the memory goes, its members' included.
import type { ProjectionTx } from '@afterwards/server-kit';
import type { CaseEvent } from '@afterwards/cases-domain';

/** The tables other use cases write about a memory, cleared with it (ids only, but nothing is left behind). */
export const ERASED_WITH_MEMORY = ['reminder_optouts', 'reminders_sent', 'calendar_subscriptions'];

export async function eraseMemory(event: Extract<CaseEvent, { type: 'CaseDeleted' }>, tx: ProjectionTx): Promise<string[]> {
  const caseId = event.data.caseId;
  // Cascades to tasks, documents, files and notes.
  const { count } = await tx.case.deleteMany({ where: { id: caseId } });
  for (const table of ERASED_WITH_MEMORY) await tx.$executeRawUnsafe(`DELETE FROM ${table} WHERE case_id = $1::uuid`, caseId);
  // The day's e-mails that spoke of it keep their other memories (their stop links still stop those).
  await tx.$executeRawUnsafe(`UPDATE reminder_digests SET case_ids = array_remove(case_ids, $1::uuid) WHERE $1::uuid = ANY (case_ids)`, caseId);
  return count > 0 ? [caseId] : [];
}
