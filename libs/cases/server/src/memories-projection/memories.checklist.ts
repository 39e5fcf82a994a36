// The checklist: its tasks and documents as generated, ticked and collected.
import type { CaseEvent } from '@afterwards/cases-domain';
import { deadlineRuleOf, withinLimit, type Jurisdiction } from '@afterwards/checklist-domain';
import { dateColumn, isoDate } from '../read-model/row-dates';
import type { AreaApplier } from './memory-batch';
import { NO_SETTLEMENT } from './memories.settlement';
import { provenanceOf, taskGuidanceOf } from '../read-model/checklist-text';

type ChecklistEvent = Extract<CaseEvent, { type: 'ChecklistGenerated' | 'TaskCompleted' | 'TaskReopened' | 'DocumentCollected' | 'DocumentUncollected' }>;

export const applyChecklist: AreaApplier<ChecklistEvent> = async (event, { tx, caseId, userId, actor, at }) => {
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
          ...taskGuidanceOf(t),
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
          ...provenanceOf(d),
          collected: false,
          collectedAt: null,
          createdAt: created,
          updatedAt: created,
        })),
      });
      return { columns: { templateVersion }, recount: true };
    }
    case 'TaskCompleted':
      await tx.caseTask.updateMany({
        where: { id: event.data.taskId, caseId },
        // Done is done: a 'not needed' mark gives way to the tick.
        data: { status: 'complete', completedAt: new Date(event.data.completedAt), completedBy: actor, ...NO_SETTLEMENT, updatedAt: at },
      });
      return { recount: true };
    case 'TaskReopened':
      await tx.caseTask.updateMany({ where: { id: event.data.taskId, caseId }, data: { status: 'pending', completedAt: null, completedBy: null, updatedAt: at } });
      return { recount: true };
    case 'DocumentCollected':
      await tx.caseDocument.updateMany({
        where: { id: event.data.documentId, caseId },
        data: { collected: true, collectedAt: new Date(event.data.collectedAt), ...NO_SETTLEMENT, updatedAt: at },
      });
      return { recount: true };
    case 'DocumentUncollected':
      await tx.caseDocument.updateMany({ where: { id: event.data.documentId, caseId }, data: { collected: false, collectedAt: null, updatedAt: at } });
      return { recount: true };
  }
};
