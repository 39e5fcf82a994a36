// 'Not needed' and 'done before' marks on tasks and documents.
import type { CaseEvent } from '@afterwards/cases-domain';
import type { AreaApplier } from './memory-batch';

/** A task or document without a 'not needed' or 'done before' mark. */
export const NO_SETTLEMENT = { settledKind: null, settledReason: null, settledAt: null };

type SettlementEvent = Extract<CaseEvent, { type: 'TaskSettled' | 'TaskUnsettled' | 'DocumentSettled' | 'DocumentUnsettled' }>;

export const applySettlement: AreaApplier<SettlementEvent> = async (event, { tx, caseId, at }) => {
  switch (event.type) {
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
  }
  return { recount: true };
};
