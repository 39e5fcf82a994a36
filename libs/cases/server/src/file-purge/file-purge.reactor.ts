import type { RecordedEvent } from '@afterwards/event-store';
import type { EncryptedFileStore } from '@afterwards/file-store';
import type { Projection, ProjectionTx } from '@afterwards/server-kit';
import { CASE_STREAM_PREFIX, type CaseEvent } from '@afterwards/cases-domain';
import { memoryTempScope } from './memory-temp-files';

export const FILE_PURGE = 'cases.file-purge';

/**
 * Not a read model: it acts on events. Blobs of removed files, replaced photos and deleted memories
 * are dropped from the file store. Deleting is idempotent, so a replay after a crash finishes the job;
 * file ids are never reused, so a replay can never touch a live file. A deleted memory's prepared zips
 * ("Download everything") go with it, rows and blobs, and so does every partial file in its temp folder.
 */
export function filePurgeReactor(files: EncryptedFileStore): Projection {
  return {
    name: FILE_PURGE,
    streamPrefixes: [CASE_STREAM_PREFIX],
    async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
      const event = { type: recorded.type, data: recorded.data } as CaseEvent;
      switch (event.type) {
        case 'DocumentFileRemoved':
          await files.delete(event.data.fileId);
          break;
        case 'AdditionalDocumentRemoved':
          await Promise.all(event.data.fileIds.map((id) => files.delete(id)));
          break;
        case 'CasePhotoChanged':
          if (event.data.previousFileId) await files.delete(event.data.previousFileId);
          break;
        case 'CaseDeleted':
          await Promise.all(event.data.fileIds.map((id) => files.delete(id)));
          // Files still being written for it (an upload, a zip a killed worker left half done) go too, at once.
          await files.deletePartials(memoryTempScope(event.data.caseId));
          // In the batch's own transaction: on PGlite's one connection a query beside it would wait for it.
          for (const zip of await tx.$queryRaw<{ file_id: string | null }[]>`DELETE FROM memory_exports WHERE case_id = ${event.data.caseId}::uuid RETURNING file_id`) {
            if (zip.file_id) await files.delete(zip.file_id);
          }
          break;
        default:
          break;
      }
      return [];
    },
    async snapshot(): Promise<unknown[]> {
      return [];
    },
  };
}
