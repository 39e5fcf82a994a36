import type { RecordedEvent } from '@afterwards/event-store';
import type { Prisma } from '@afterwards/persistence';
import { PerTransaction, type ProjectionTx } from '@afterwards/server-kit';
import type { CaseEvent } from '@afterwards/cases-domain';

/** One event on a memory that already has its row, as each area's applier sees it. */
export interface MemoryChange {
  tx: ProjectionTx;
  caseId: string;
  /** The memory's owner: every row of the memory carries it, so a family's queries stay their own. */
  userId: string;
  /** Who made the change ('ticked by'): every command carries its actor into the events' metadata. */
  actor: string | null;
  at: Date;
  detailsVersion: number;
}

/** What an area's applier asks of the batch besides the rows it wrote itself. */
export interface AreaOutcome {
  /** Columns of the memory's own row to set with its revision and time (one update for both). */
  columns?: Prisma.CaseUpdateInput;
  /** The change moves a dashboard figure: the memory is recounted at the end of the batch. */
  recount?: boolean;
}

export type AreaApplier<E extends CaseEvent> = (event: E, change: MemoryChange) => Promise<AreaOutcome | void>;

/**
 * Applies one event to a memory that has a row, once: the row keeps the stream revision it has reached, so an
 * older event (a replay) changes nothing. The row moves to the event's revision and time with whatever
 * columns the area asked for.
 */
export async function applyToMemory<E extends CaseEvent>(recorded: RecordedEvent, tx: ProjectionTx, event: E, applier: AreaApplier<E>): Promise<string[]> {
  const caseId = event.data.caseId;
  const current = await tx.case.findUnique({ where: { id: caseId }, select: { userId: true, revision: true, detailsVersion: true } });
  if (!current || current.revision >= recorded.revision) return [];
  const actor = typeof recorded.metadata.actor === 'string' ? recorded.metadata.actor : null;
  const at = new Date(recorded.metadata.occurredAt);
  const outcome = (await applier(event, { tx, caseId, userId: current.userId, actor, at, detailsVersion: current.detailsVersion })) ?? {};
  await tx.case.update({ where: { id: caseId }, data: { revision: recorded.revision, updatedAt: at, ...outcome.columns } });
  if (outcome.recount) touched.get(tx).add(caseId);
  return [caseId];
}

/** Memories whose rows the batch being applied changed: recounted once each, at the end of the batch. */
const touched = new PerTransaction<Set<string>>(() => new Set());

/**
 * Recounts the dashboard figures of the memories the batch changed from their rows, so they can never drift
 * from them: one statement per batch, not one per event (nothing in the batch reads the figures).
 */
export async function recountTouched(tx: ProjectionTx): Promise<void> {
  const ids = touched.take(tx);
  if (!ids || ids.size === 0) return;
  await tx.$executeRaw`
    UPDATE cases c SET
      tasks_total = (SELECT count(*) FROM case_tasks WHERE case_id = c.id),
      tasks_completed = (SELECT count(*) FROM case_tasks WHERE case_id = c.id AND status = 'complete'),
      tasks_in_progress = (SELECT count(*) FROM case_tasks WHERE case_id = c.id AND status = 'in_progress' AND settled_kind IS NULL),
      tasks_settled = (SELECT count(*) FROM case_tasks WHERE case_id = c.id AND status <> 'complete' AND settled_kind IS NOT NULL),
      documents_total = (SELECT count(*) FROM case_documents WHERE case_id = c.id),
      documents_collected = (SELECT count(*) FROM case_documents WHERE case_id = c.id AND collected),
      documents_settled = (SELECT count(*) FROM case_documents WHERE case_id = c.id AND NOT collected AND settled_kind IS NOT NULL),
      documents_additional = (SELECT count(*) FROM case_documents WHERE case_id = c.id AND additional),
      documents_legal = (SELECT count(*) FROM case_documents WHERE case_id = c.id AND category = 'legal'),
      documents_financial = (SELECT count(*) FROM case_documents WHERE case_id = c.id AND category = 'financial')
    WHERE c.id = ANY(${[...ids]}::uuid[])`;
}
