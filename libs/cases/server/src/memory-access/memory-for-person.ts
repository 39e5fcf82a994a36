import type { Jurisdiction, MemoryRole } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { readAsUser, type ProjectionTx } from '@afterwards/server-kit';
import { isUuid } from '../read-model/memory.queries';

/** A memory as another context needs it to act for someone on it: their role, and the details letters quote. */
export interface MemoryForPerson {
  readonly id: string;
  readonly role: MemoryRole;
  readonly name: string;
  readonly deceasedName: string;
  readonly jurisdiction: Jurisdiction;
  readonly dateOfBirth: string | null;
  readonly dateOfDeath: string | null;
}

/**
 * The memory and the person's role on it, read under row-level security as that person: null when it is
 * missing or they are not on it (callers answer 404, as for any memory that is not theirs). The role then
 * goes through `memoryMay`, the one rule of who may do what.
 */
export async function memoryForPerson(prisma: PrismaClient, userId: string, caseId: string): Promise<MemoryForPerson | null> {
  if (!isUuid(caseId)) return null;
  const [row] = await readAsUser<{
    id: string;
    role: MemoryRole | null;
    name: string;
    deceased_name: string;
    jurisdiction: Jurisdiction;
    date_of_birth: string | null;
    date_of_death: string | null;
  }>(
    prisma,
    userId,
    `SELECT c.id, CASE WHEN c.user_id = $2 THEN 'owner' ELSE (SELECT m.role FROM case_members m WHERE m.case_id = c.id AND m.user_id = $2) END AS role,
       c.name, c.deceased_name, c.jurisdiction, to_char(c.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, to_char(c.date_of_death, 'YYYY-MM-DD') AS date_of_death
     FROM cases c WHERE c.id = $1::uuid`,
    [caseId, userId],
  );
  if (!row) return null;
  return {
    id: row.id,
    // Row-level security showed the memory, so the person is on it; viewer is the least a reader can be.
    role: row.role ?? 'viewer',
    name: row.name,
    deceasedName: row.deceased_name,
    jurisdiction: row.jurisdiction,
    dateOfBirth: row.date_of_birth,
    dateOfDeath: row.date_of_death,
  };
}

/**
 * Everyone on a memory (its owner and the people it is shared with), read in a projection's transaction:
 * the audience of a change to anything kept beside the memory, so all of them see it live (decision 0019).
 */
export async function peopleOnMemory(tx: ProjectionTx, caseId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ user_id: string }[]>`
    SELECT user_id FROM cases WHERE id = ${caseId}::uuid
    UNION SELECT user_id FROM case_members WHERE case_id = ${caseId}::uuid`;
  return rows.map((r) => r.user_id);
}
