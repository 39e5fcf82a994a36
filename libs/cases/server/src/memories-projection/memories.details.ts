// The memory's own row: opened, its details edited, its photo changed.
import type { ProjectionTx } from '@afterwards/server-kit';
import type { CaseDetails, CaseEvent } from '@afterwards/cases-domain';
import { deadlineRuleOf, dueDateFor, isoDateIn, type Jurisdiction } from '@afterwards/checklist-domain';
import { dateColumn } from '../read-model/row-dates';
import { fileRow } from './memories.files';
import type { AreaApplier } from './memory-batch';

type CaseOpened = Extract<CaseEvent, { type: 'CaseOpened' }>;

/** The first event of a memory makes its row (a replay finds it there and changes nothing). */
export async function openMemory(event: CaseOpened, tx: ProjectionTx, revision: bigint, at: Date): Promise<string[]> {
  const { caseId, details, photo, ownerId } = event.data;
  const exists = await tx.case.findUnique({ where: { id: caseId }, select: { id: true } });
  if (exists) return [];
  await tx.case.create({
    data: {
      id: caseId,
      userId: ownerId,
      ...detailColumns(details),
      photoFileId: photo?.fileId ?? null,
      photoType: photo?.fileType ?? null,
      photoSize: photo?.fileSize ?? null,
      templateVersion: '',
      revision,
      createdAt: new Date(event.data.openedAt),
      updatedAt: new Date(event.data.openedAt),
    },
  });
  if (photo) await tx.caseFile.create({ data: fileRow(caseId, ownerId, null, { ...photo, fileName: 'photo' }, at) });
  return [caseId];
}

export const applyDetails: AreaApplier<Extract<CaseEvent, { type: 'CaseDetailsEdited' | 'CasePhotoChanged' }>> = async (event, { tx, caseId, userId, at, detailsVersion }) => {
  switch (event.type) {
    case 'CaseDetailsEdited':
      // The row takes the new details after this; the deadline rules read the name as edited.
      if (event.data.changes.dateOfDeath !== undefined) await refreshDueDates(tx, caseId, event.data.changes.dateOfDeath, event.data.changes.deceasedName);
      return { columns: { ...detailColumns(event.data.changes), detailsVersion: detailsVersion + 1 } };
    case 'CasePhotoChanged': {
      const { photo, previousFileId } = event.data;
      if (previousFileId) await tx.caseFile.deleteMany({ where: { id: previousFileId } });
      if (photo) await tx.caseFile.create({ data: fileRow(caseId, userId, null, { ...photo, fileName: 'photo' }, at) });
      return { columns: { photoFileId: photo?.fileId ?? null, photoType: photo?.fileType ?? null, photoSize: photo?.fileSize ?? null } };
    }
  }
};

type DetailColumns<T> = { [K in keyof T]: K extends 'dateOfDeath' | 'dateOfBirth' ? Date | null : T[K] };

/** The memory's details as columns (the dates as `date` columns): all of them on opening, the edited ones after. */
function detailColumns<T extends Partial<CaseDetails>>(details: T): DetailColumns<T> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) row[key] = key === 'dateOfDeath' || key === 'dateOfBirth' ? dateColumn(value as string | null) : value;
  return row as DetailColumns<T>;
}

/**
 * A new date of death moves every task's due date; the deadline rules live in the checklist domain and the
 * rule of each task in the template version the memory was generated from.
 */
async function refreshDueDates(tx: ProjectionTx, caseId: string, dateOfDeath: string | null, newName: string | undefined): Promise<void> {
  const memory = await tx.case.findUnique({ where: { id: caseId }, select: { jurisdiction: true, templateVersion: true, deceasedName: true, createdAt: true } });
  if (!memory) return;
  const jurisdiction = memory.jurisdiction as Jurisdiction;
  const startedOn = isoDateIn(memory.createdAt);
  const tasks = await tx.caseTask.findMany({ where: { caseId }, select: { id: true, templateKey: true, deadlineDays: true, deadlineMonths: true } });
  for (const t of tasks) {
    const rule = deadlineRuleOf(memory.templateVersion, jurisdiction, t.templateKey, newName ?? memory.deceasedName);
    await tx.caseTask.update({ where: { id: t.id }, data: { dueDate: dateColumn(dueDateFor({ ...t, ...rule }, { dateOfDeath, jurisdiction, startedOn })) } });
  }
}
