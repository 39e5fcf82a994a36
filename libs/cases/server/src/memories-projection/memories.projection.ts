import { PrivateTopics, privateRoom } from '@afterwards/contracts';
import type { RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { PerTransaction, type Projection, type ProjectionTx } from '@afterwards/server-kit';
import { CASE_STREAM_PREFIX, type CaseEvent } from '@afterwards/cases-domain';
import { deadlineRuleOf, dueDateFor, isoDateIn, withinLimit, type Jurisdiction } from '@afterwards/checklist-domain';
import { dateColumn, isoDate } from '../read-model/row-dates';
import { peopleOnMemory } from '../memory-access/memory-for-person';

/** A task or document without a 'not needed' or 'done before' mark. */
const NO_SETTLEMENT = { settledKind: null, settledReason: null, settledAt: null };

/** The four date-only and text fields the edit dialog may change, as columns. */
function detailColumns(changes: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'dateOfDeath' || key === 'dateOfBirth') row[key] = dateColumn(value as string | null);
    else row[key] = value;
  }
  return row;
}

/** Memories whose rows the batch being applied changed: recounted once each, at the end of the batch. */
const touched = new PerTransaction<Set<string>>(() => new Set());

/**
 * Recounts the dashboard figures of the memories the batch changed from their rows, so they can never drift
 * from them: one statement per batch, not one per event (nothing in the batch reads the figures).
 */
async function recountTouched(tx: ProjectionTx): Promise<void> {
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

/**
 * Projects memory streams into cases, case_tasks, case_documents, case_files and case_notes. Each
 * event is applied once: the cases row keeps the stream revision it has reached, and older events
 * (a replay) change nothing. Delete Forever removes every row of the memory, its members' included.
 */
export const memoriesProjection: Projection = {
  name: 'cases.memories',
  streamPrefixes: [CASE_STREAM_PREFIX],
  topic: PrivateTopics.memories,
  // Everyone on the memory sees a change live: its owner and the people it is shared with (as they were
  // before the event, so a removed person's screen drops it), and whoever just joined.
  async audience(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    const caseId = (recorded.data as { caseId: string }).caseId;
    const people = new Set([...(await peopleOnMemory(tx, caseId)), recorded.metadata.actor]);
    return [...people].filter((p): p is string => typeof p === 'string' && p !== '').map((p) => privateRoom(PrivateTopics.memories, p));
  },

  async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    const event = { type: recorded.type, data: recorded.data } as CaseEvent;
    const caseId = event.data.caseId;
    // Who made the change ('ticked by'): every command carries its actor into the events' metadata.
    const actor = typeof recorded.metadata.actor === 'string' ? recorded.metadata.actor : null;
    const at = new Date(recorded.metadata.occurredAt);
    const revision = recorded.revision;

    if (event.type === 'CaseDeleted') {
      // Cascades to tasks, documents, files and notes.
      const { count } = await tx.case.deleteMany({ where: { id: caseId } });
      // Delete Forever: the memory's reminder and calendar rows go too (ids only, but nothing is left behind).
      for (const table of ['reminder_optouts', 'reminders_sent', 'calendar_subscriptions']) await tx.$executeRawUnsafe(`DELETE FROM ${table} WHERE case_id = $1::uuid`, caseId);
      // The day's e-mails that spoke of it keep their other memories (their stop links still stop those).
      await tx.$executeRawUnsafe(`UPDATE reminder_digests SET case_ids = array_remove(case_ids, $1::uuid) WHERE $1::uuid = ANY (case_ids)`, caseId);
      return count > 0 ? [caseId] : [];
    }
    if (event.type === 'CaseOpened') {
      const { details, photo, ownerId } = event.data;
      const exists = await tx.case.findUnique({ where: { id: caseId }, select: { id: true } });
      if (exists) return [];
      await tx.case.create({
        data: {
          id: caseId,
          userId: ownerId,
          name: details.name,
          deceasedName: details.deceasedName,
          jurisdiction: details.jurisdiction,
          relationship: details.relationship,
          dateOfDeath: dateColumn(details.dateOfDeath),
          dateOfBirth: dateColumn(details.dateOfBirth),
          placeOfDeath: details.placeOfDeath,
          photoFileId: photo?.fileId ?? null,
          photoType: photo?.fileType ?? null,
          photoSize: photo?.fileSize ?? null,
          templateVersion: '',
          revision,
          createdAt: new Date(event.data.openedAt),
          updatedAt: new Date(event.data.openedAt),
        },
      });
      if (photo) {
        await tx.caseFile.create({
          data: { id: photo.fileId, caseId, userId: ownerId, documentId: null, fileName: 'photo', fileSize: photo.fileSize, fileType: photo.fileType, uploadedAt: at },
        });
      }
      return [caseId];
    }

    const current = await tx.case.findUnique({ where: { id: caseId }, select: { userId: true, revision: true, detailsVersion: true } });
    if (!current || current.revision >= revision) return [];
    const userId = current.userId;
    const touch = { revision, updatedAt: at };

    switch (event.type) {
      case 'ChecklistGenerated': {
        const { tasks, documents, templateVersion, generatedAt } = event.data;
        const created = new Date(generatedAt);
        const memory = await tx.case.findUniqueOrThrow({ where: { id: caseId }, select: { jurisdiction: true, deceasedName: true, dateOfDeath: true } });
        const dateOfDeath = isoDate(memory.dateOfDeath);
        // A checklist generated before a task's limit was recorded is stored within it (decision 0043).
        const limitOf = (templateKey: string) => deadlineRuleOf(templateVersion, memory.jurisdiction as Jurisdiction, templateKey, memory.deceasedName).limit;
        await tx.caseTask.createMany({
          data: tasks.map((t, sort) => ({
            id: t.id,
            caseId,
            userId,
            sort,
            templateKey: t.templateKey,
            title: t.title,
            taskName: t.taskName,
            category: t.category,
            priority: t.priority,
            urgency: t.urgency,
            deadlineDays: t.deadlineDays,
            deadlineMonths: t.deadlineMonths,
            deadlineLabel: t.deadlineLabel,
            deadlineNote: t.deadlineNote,
            dueDate: dateColumn(withinLimit(t.dueDate, limitOf(t.templateKey), dateOfDeath)),
            description: t.description,
            steps: t.steps,
            documentsNeeded: t.documentsNeeded,
            estimatedTime: t.estimatedTime,
            cost: t.cost,
            whyNeeded: t.whyNeeded,
            howToComplete: t.howToComplete,
            externalUrl: t.externalUrl,
            source: t.source,
            lastReviewed: t.lastReviewed,
            checkFigure: t.checkFigure,
            figureNote: t.figureNote,
            status: 'pending',
            completedAt: null,
            createdAt: created,
            updatedAt: created,
          })),
        });
        await tx.caseDocument.createMany({
          data: documents.map((d, sort) => ({
            id: d.id,
            caseId,
            userId,
            sort,
            additional: false,
            templateKey: d.templateKey,
            title: d.title,
            documentName: d.documentName,
            category: d.category,
            documentType: d.documentType,
            priority: d.priority,
            urgency: d.urgency,
            multipleCopies: d.multipleCopies,
            recommendedCopies: d.recommendedCopies,
            description: d.description,
            whereToGet: d.whereToGet,
            cost: d.cost,
            neededFor: d.neededFor,
            source: d.source,
            lastReviewed: d.lastReviewed,
            checkFigure: d.checkFigure,
            figureNote: d.figureNote,
            collected: false,
            collectedAt: null,
            createdAt: created,
            updatedAt: created,
          })),
        });
        await tx.case.update({ where: { id: caseId }, data: { ...touch, templateVersion } });
        break;
      }
      case 'CaseDetailsEdited': {
        await tx.case.update({
          where: { id: caseId },
          data: { ...touch, ...detailColumns(event.data.changes), detailsVersion: current.detailsVersion + 1 },
        });
        if (event.data.changes.dateOfDeath !== undefined) await refreshDueDates(tx, caseId, event.data.changes.dateOfDeath);
        break;
      }
      case 'CasePhotoChanged': {
        const { photo, previousFileId } = event.data;
        if (previousFileId) await tx.caseFile.deleteMany({ where: { id: previousFileId } });
        if (photo) {
          await tx.caseFile.create({
            data: { id: photo.fileId, caseId, userId, documentId: null, fileName: 'photo', fileSize: photo.fileSize, fileType: photo.fileType, uploadedAt: at },
          });
        }
        await tx.case.update({
          where: { id: caseId },
          data: { ...touch, photoFileId: photo?.fileId ?? null, photoType: photo?.fileType ?? null, photoSize: photo?.fileSize ?? null },
        });
        break;
      }
      case 'TaskCompleted':
        await tx.caseTask.updateMany({
          where: { id: event.data.taskId, caseId },
          // Done is done: a 'not needed' mark gives way to the tick.
          data: { status: 'complete', completedAt: new Date(event.data.completedAt), completedBy: actor, ...NO_SETTLEMENT, updatedAt: at },
        });
        break;
      case 'TaskReopened':
        await tx.caseTask.updateMany({ where: { id: event.data.taskId, caseId }, data: { status: 'pending', completedAt: null, completedBy: null, updatedAt: at } });
        break;
      case 'DocumentCollected':
        await tx.caseDocument.updateMany({
          where: { id: event.data.documentId, caseId },
          data: { collected: true, collectedAt: new Date(event.data.collectedAt), ...NO_SETTLEMENT, updatedAt: at },
        });
        break;
      case 'DocumentUncollected':
        await tx.caseDocument.updateMany({ where: { id: event.data.documentId, caseId }, data: { collected: false, collectedAt: null, updatedAt: at } });
        break;
      case 'TaskSettled': {
        const { taskId, kind, reason, settledAt } = event.data;
        await tx.caseTask.updateMany({ where: { id: taskId, caseId }, data: { settledKind: kind, settledReason: reason, settledAt: new Date(settledAt), updatedAt: at } });
        break;
      }
      case 'TaskUnsettled':
        await tx.caseTask.updateMany({ where: { id: event.data.taskId, caseId }, data: { ...NO_SETTLEMENT, updatedAt: at } });
        break;
      case 'DocumentSettled': {
        const { documentId, kind, reason, settledAt } = event.data;
        await tx.caseDocument.updateMany({ where: { id: documentId, caseId }, data: { settledKind: kind, settledReason: reason, settledAt: new Date(settledAt), updatedAt: at } });
        break;
      }
      case 'DocumentUnsettled':
        await tx.caseDocument.updateMany({ where: { id: event.data.documentId, caseId }, data: { ...NO_SETTLEMENT, updatedAt: at } });
        break;
      case 'DocumentFileAttached': {
        const { documentId, file } = event.data;
        await tx.caseFile.create({
          data: { id: file.fileId, caseId, userId, documentId, fileName: file.fileName, fileSize: file.fileSize, fileType: file.fileType, uploadedAt: new Date(file.uploadedAt) },
        });
        await tx.caseDocument.updateMany({ where: { id: documentId, caseId }, data: { updatedAt: at } });
        break;
      }
      case 'DocumentFileRemoved':
        await tx.caseFile.deleteMany({ where: { id: event.data.fileId, caseId } });
        await tx.caseDocument.updateMany({ where: { id: event.data.documentId, caseId }, data: { updatedAt: at } });
        break;
      case 'AdditionalDocumentAdded': {
        const { documentId, title, description, file, addedAt } = event.data;
        const sort = await tx.caseDocument.count({ where: { caseId } });
        await tx.caseDocument.create({
          data: {
            id: documentId,
            caseId,
            userId,
            sort,
            additional: true,
            templateKey: null,
            title,
            documentName: title,
            category: 'additional',
            documentType: 'additional',
            priority: 4,
            urgency: 'low',
            multipleCopies: false,
            recommendedCopies: 1,
            description,
            whereToGet: '',
            cost: '',
            neededFor: [],
            source: '',
            lastReviewed: '',
            checkFigure: false,
            figureNote: null,
            collected: true,
            collectedAt: new Date(addedAt),
            createdAt: new Date(addedAt),
            updatedAt: new Date(addedAt),
          },
        });
        await tx.caseFile.create({
          data: { id: file.fileId, caseId, userId, documentId, fileName: file.fileName, fileSize: file.fileSize, fileType: file.fileType, uploadedAt: new Date(file.uploadedAt) },
        });
        break;
      }
      case 'AdditionalDocumentRemoved':
        await tx.caseDocument.deleteMany({ where: { id: event.data.documentId, caseId } });
        break;
      case 'NoteAdded': {
        const { noteId, title, content, category, addedAt } = event.data;
        await tx.caseNote.create({
          data: {
            id: noteId,
            caseId,
            userId,
            title,
            content,
            category,
            version: 0,
            createdAt: new Date(addedAt),
            updatedAt: new Date(addedAt),
            createdBy: actor,
            updatedBy: actor,
          },
        });
        break;
      }
      case 'NoteEdited': {
        const { noteId, title, content, category, editedAt } = event.data;
        await tx.caseNote.updateMany({
          where: { id: noteId, caseId },
          data: { title, content, category, version: { increment: 1 }, updatedAt: new Date(editedAt), updatedBy: actor },
        });
        break;
      }
      case 'NoteDeleted':
        await tx.caseNote.deleteMany({ where: { id: event.data.noteId, caseId } });
        break;
      case 'MemberJoined': {
        const { memberId, role, joinedAt } = event.data;
        await tx.caseMember.upsert({
          where: { caseId_userId: { caseId, userId: memberId } },
          create: { caseId, userId: memberId, role, addedAt: new Date(joinedAt) },
          update: { role },
        });
        break;
      }
      case 'MemberRoleChanged':
        await tx.caseMember.updateMany({ where: { caseId, userId: event.data.memberId }, data: { role: event.data.role } });
        break;
      case 'MemberRemoved':
        await tx.caseMember.deleteMany({ where: { caseId, userId: event.data.memberId } });
        break;
      default: {
        const unreachable: never = event;
        throw new Error(`Unhandled case event ${(unreachable as { type: string }).type}`);
      }
    }
    if (event.type !== 'ChecklistGenerated' && event.type !== 'CaseDetailsEdited' && event.type !== 'CasePhotoChanged') {
      await tx.case.update({ where: { id: caseId }, data: touch });
    }
    if (COUNTED.has(event.type)) touched.get(tx).add(caseId);
    return [caseId];
  },

  afterBatch: recountTouched,

  tables: [
    ...['cases', 'case_tasks', 'case_documents', 'case_files', 'case_notes', 'case_members'].map((name) => ({ name })),
    // Cleared on Delete Forever; written by other use cases, so a rebuild only needs somewhere harmless to clear.
    ...['reminder_optouts', 'reminders_sent', 'reminder_digests', 'calendar_subscriptions'].map((name) => ({ name, compare: false })),
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

const COUNTED = new Set<CaseEvent['type']>([
  'ChecklistGenerated',
  'TaskCompleted',
  'TaskReopened',
  'DocumentCollected',
  'DocumentUncollected',
  'TaskSettled',
  'TaskUnsettled',
  'DocumentSettled',
  'DocumentUnsettled',
  'AdditionalDocumentAdded',
  'AdditionalDocumentRemoved',
]);

/**
 * A new date of death moves every task's due date; the deadline rules live in the checklist domain and the
 * rule of each task in the template version the memory was generated from.
 */
async function refreshDueDates(tx: ProjectionTx, caseId: string, dateOfDeath: string | null): Promise<void> {
  const memory = await tx.case.findUnique({ where: { id: caseId }, select: { jurisdiction: true, templateVersion: true, deceasedName: true, createdAt: true } });
  if (!memory) return;
  const jurisdiction = memory.jurisdiction as Jurisdiction;
  const startedOn = isoDateIn(memory.createdAt);
  const tasks = await tx.caseTask.findMany({ where: { caseId }, select: { id: true, templateKey: true, deadlineDays: true, deadlineMonths: true } });
  for (const t of tasks) {
    const rule = deadlineRuleOf(memory.templateVersion, jurisdiction, t.templateKey, memory.deceasedName);
    await tx.caseTask.update({ where: { id: t.id }, data: { dueDate: dateColumn(dueDateFor({ ...t, ...rule }, { dateOfDeath, jurisdiction, startedOn })) } });
  }
}
