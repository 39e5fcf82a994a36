// Files on documents, and the documents a family adds with their file.
import type { CaseEvent } from '@afterwards/cases-domain';
import type { AreaApplier } from './memory-batch';

/** A case_files row: a document's file, or the memory's photo (no document). */
export function fileRow(
  caseId: string,
  userId: string,
  documentId: string | null,
  file: { fileId: string; fileName: string; fileSize: number; fileType: string },
  uploadedAt: Date,
) {
  return { id: file.fileId, caseId, userId, documentId, fileName: file.fileName, fileSize: file.fileSize, fileType: file.fileType, uploadedAt };
}

type FilesEvent = Extract<CaseEvent, { type: 'DocumentFileAttached' | 'DocumentFileRemoved' | 'AdditionalDocumentAdded' | 'AdditionalDocumentRemoved' }>;

export const applyFiles: AreaApplier<FilesEvent> = async (event, { tx, caseId, userId, at }) => {
  switch (event.type) {
    case 'DocumentFileAttached': {
      const { documentId, file } = event.data;
      await tx.caseFile.create({ data: fileRow(caseId, userId, documentId, file, new Date(file.uploadedAt)) });
      await tx.caseDocument.updateMany({ where: { id: documentId, caseId }, data: { updatedAt: at } });
      return;
    }
    case 'DocumentFileRemoved':
      await tx.caseFile.deleteMany({ where: { id: event.data.fileId, caseId } });
      await tx.caseDocument.updateMany({ where: { id: event.data.documentId, caseId }, data: { updatedAt: at } });
      return;
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
      await tx.caseFile.create({ data: fileRow(caseId, userId, documentId, file, new Date(file.uploadedAt)) });
      return { recount: true };
    }
    case 'AdditionalDocumentRemoved':
      await tx.caseDocument.deleteMany({ where: { id: event.data.documentId, caseId } });
      return { recount: true };
  }
};
