import type { PrismaClient } from '@afterwards/persistence';
import { withUser } from '@afterwards/server-kit';
import { memoryNotFound } from '../get-memory/get-memory.handler';
import { isUuid } from '../read-model/memory.queries';

/**
 * A memory the caller is on (their own, or one shared with them), read under row-level security: the
 * reminders' and calendar's own tables are written as their owner, so every route checks here first (404
 * for a memory that is not theirs). Reminders and calendar addresses are each person's own.
 */
export async function requireOwnedMemory(prisma: PrismaClient, userId: string, caseId: string): Promise<{ id: string; name: string }> {
  if (!isUuid(caseId)) throw memoryNotFound();
  const row = await withUser(prisma, userId, (tx) => tx.case.findUnique({ where: { id: caseId }, select: { id: true, name: true } }));
  if (!row) throw memoryNotFound();
  return row;
}
