import { Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { defineJob } from '@afterwards/jobs';
import type { JobProcessor } from '@afterwards/server-kit';
import { getMemoryDetail } from '../read-model/memory.queries';
import { EXPORT_MAX_BYTES, EXPORT_RUNTIME, EXPORT_TTL_MS, STALE_PREPARING_MS, type ExportRuntime } from './export-runtime';
import { memoryExportTempScope } from '../file-purge/memory-temp-files';
import { planMemoryExport, type ExportEntry } from './memory-export-contents';

export interface ExportMemoryPayload {
  readonly exportId: string;
}

/** One try: a failed export says so on the screen, and the person starts another. */
export const exportMemoryJob = defineJob<ExportMemoryPayload>('cases.export-memory', { attempts: 1, removeOnComplete: 100 });
/** Prepared zips past their time, and their rows, removed every quarter of an hour. */
export const expireMemoryExportsJob = defineJob<null>('cases.expire-memory-exports', { attempts: 1, removeOnComplete: 10 });
export const EXPIRE_EVERY_MS = 15 * 60 * 1000;

export const EXPORT_FAILED_MESSAGE = 'We could not prepare the download. Please try again.';
const logger = new Logger('memory-export');

/** The photo's file id, which the read model puts in the photo's address (`?v=`) so a new photo is a new URL. */
const photoFileIdOf = (url: string | undefined): string | null => (url ? new URL(url, 'http://memory.invalid').searchParams.get('v') : null);

/**
 * Prepares one export: reads the memory as its owner, writes the zip straight into the encrypted file
 * store (each stored file decrypted on its way in, one at a time), recording progress as entries are
 * written. Memory deleted meanwhile: its row is gone, so the zip just written is deleted too.
 */
export async function prepareMemoryExport(rt: ExportRuntime, exportId: string): Promise<void> {
  const row = await rt.exports.get(exportId);
  if (!row || row.status !== 'preparing') return;
  const detail = await getMemoryDetail(rt.prisma, row.userId, row.caseId);
  if (!detail) {
    await rt.exports.markFailed(exportId, 'This memory no longer exists.', new Date(rt.now().getTime() + EXPORT_TTL_MS));
    return;
  }
  const files = rt.files();
  const exportedAt = rt.now();
  const plan = planMemoryExport(detail, photoFileIdOf(detail.memory.photo?.url), exportedAt);
  // What other contexts keep beside the memory (its organisations' letters and statuses), in their own folders.
  const entries: ExportEntry[] = [...plan.entries, ...((await rt.parts?.exportFiles(row.caseId, row.userId)) ?? [])];
  // Progress by bytes written, the texts counted as one byte each: a memory of many large files moves smoothly.
  const weight = (e: ExportEntry) => ('size' in e ? Math.max(e.size, 1) : 1);
  const total = entries.reduce((sum, e) => sum + weight(e), 0);
  let done = 0;
  let reported = 0;
  const report = async (entry: ExportEntry) => {
    done += weight(entry);
    // Below 100 until the zip is stored: 'ready' says 100.
    const percent = Math.min(99, Math.floor((done / total) * 100));
    if (percent - reported >= 5) {
      reported = percent;
      await rt.exports.setProgress(exportId, percent);
    }
  };

  const zip = new yazl.ZipFile();
  // A blob that cannot be opened: the zip's stream fails, so the store drops the partial zip.
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  // The store's pipeline reports the failure (stored rejects); a late 'error' after it let go is not a crash.
  output.on('error', () => undefined);
  // In the memory's and the person's temp folder: deleting either removes a zip half written by a killed worker.
  const stored = files.put(output, { maxBytes: EXPORT_MAX_BYTES, allowedTypes: 'any', scope: memoryExportTempScope(row.caseId, row.userId) });
  // yazl reads the entries in order; a lazy entry opens its blob only when its turn comes.
  const written: Promise<void>[] = [];
  for (const entry of entries) {
    const options = { mtime: exportedAt };
    if (!('fileId' in entry)) {
      zip.addBuffer('text' in entry ? Buffer.from(entry.text, 'utf8') : Buffer.from(entry.bytes), entry.path, options);
      written.push(report(entry));
      continue;
    }
    written.push(
      new Promise<void>((resolve, reject) => {
        zip.addReadStreamLazy(entry.path, options, (cb) => {
          files.open(entry.fileId).then(
            (stream) => {
              stream.once('end', () => void report(entry).then(resolve, reject));
              stream.once('error', reject);
              cb(null, stream);
            },
            (error: unknown) => {
              reject(error as Error);
              cb(error, undefined as unknown as NodeJS.ReadableStream);
            },
          );
        });
      }),
    );
  }
  zip.end();
  try {
    const [file] = await Promise.all([stored, ...written]);
    const kept = await rt.exports.markReady(exportId, { fileId: file.fileId, fileSize: file.fileSize, expiresAt: new Date(rt.now().getTime() + EXPORT_TTL_MS) });
    if (!kept) await files.delete(file.fileId);
  } catch (error) {
    output.destroy();
    logger.error({ err: error, exportId }, 'preparing a memory export failed');
    await rt.exports.markFailed(exportId, EXPORT_FAILED_MESSAGE, new Date(rt.now().getTime() + EXPORT_TTL_MS));
    // The stored zip (if the failure came after it) is not needed; a partial one was never kept.
    await stored.then((f) => files.delete(f.fileId)).catch(() => undefined);
  }
}

/** Deletes every export whose time is up (zip and row); answers how many zips went. */
export async function expireMemoryExports(rt: ExportRuntime): Promise<number> {
  const now = rt.now();
  const fileIds = await rt.exports.takeExpired(now, new Date(now.getTime() - STALE_PREPARING_MS));
  const files = fileIds.length > 0 ? rt.files() : undefined;
  for (const fileId of fileIds) await files!.delete(fileId);
  return fileIds.length;
}

export const exportMemoryProcessor: JobProcessor<ExportMemoryPayload> = {
  definition: exportMemoryJob,
  handler: (job, services) => prepareMemoryExport(services.get<ExportRuntime>(EXPORT_RUNTIME), job.payload.exportId),
  options: { concurrency: 2 },
};

export const expireMemoryExportsProcessor: JobProcessor<null> = {
  definition: expireMemoryExportsJob,
  handler: async (_job, services) => {
    const removed = await expireMemoryExports(services.get<ExportRuntime>(EXPORT_RUNTIME));
    if (removed > 0) logger.log({ removed }, 'expired memory exports deleted');
  },
  everyMs: EXPIRE_EVERY_MS,
  schedulePayload: null,
};
