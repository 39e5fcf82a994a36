import type { ExportRuntime } from '../export-memory/export-runtime';
import { memoryExportTempScope } from '../file-purge/memory-temp-files';

/**
 * Every "Download everything" zip a person asked for, of any memory (their own, or one shared with them):
 * the rows, the prepared zips, and a zip still being written or left half written by a killed worker.
 */
export async function eraseExportsOf(rt: ExportRuntime, userId: string): Promise<void> {
  const { fileIds, caseIds } = await rt.exports.takeForUser(userId);
  const files = rt.files();
  for (const fileId of fileIds) await files.delete(fileId);
  for (const caseId of caseIds) await files.deletePartials(memoryExportTempScope(caseId, userId));
}
